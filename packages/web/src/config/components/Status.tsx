import { TEXTS } from '../texts';

/** Grey placeholder rows shaped like the table that is loading (no spinner). */
export function SkeletonTable({ rows = 5, columns = 4 }: { rows?: number; columns?: number }) {
  return (
    <div className="cfg-skeleton-table" aria-busy="true">
      <span className="cfg-visually-hidden">{TEXTS.loading}</span>
      {Array.from({ length: rows }, (_, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div className="cfg-skeleton-row" key={r} aria-hidden="true">
          {Array.from({ length: columns }, (_, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <span className="cfg-skeleton" key={c} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** Placeholder lines for a form that is loading. */
export function SkeletonForm({ fields = 4 }: { fields?: number }) {
  return (
    <div className="cfg-skeleton-form" aria-busy="true">
      <span className="cfg-visually-hidden">{TEXTS.loading}</span>
      {Array.from({ length: fields }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} aria-hidden="true">
          <span className="cfg-skeleton cfg-skeleton-label" />
          <span className="cfg-skeleton cfg-skeleton-input" />
        </div>
      ))}
    </div>
  );
}

/** A failed load: spec §8 "Unable to load. Try again." with a button that tries again. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="cfg-notice cfg-notice-error" role="alert">
      <p>{TEXTS.unableToLoad}</p>
      <button type="button" className="cfg-button" onClick={onRetry}>
        {TEXTS.retry}
      </button>
    </div>
  );
}

/** A failed change: the server's message, or spec §8's words for a failure without one. */
export function ErrorNotice({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof Error && error.message ? error.message : TEXTS.somethingWentWrong;
  return (
    <p className="cfg-notice cfg-notice-error" role="alert">
      {message}
    </p>
  );
}

/** What shows while the area first learns who is signed in: the frame's outline, quietly. */
export function ShellSkeleton() {
  return (
    <div className="cfg-shell-skeleton" aria-busy="true">
      <span className="cfg-visually-hidden">{TEXTS.loading}</span>
      <span className="cfg-skeleton cfg-skeleton-bar" aria-hidden="true" />
    </div>
  );
}
