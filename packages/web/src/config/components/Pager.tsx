import { TEXTS } from '../texts';

/** Previous / next over a numbered list; shown only when there is more than one page. */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="cfg-pager" aria-label={TEXTS.pageOf(page, pages)}>
      <button type="button" className="cfg-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {TEXTS.previousPage}
      </button>
      <span>{TEXTS.pageOf(page, pages)}</span>
      <button type="button" className="cfg-button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {TEXTS.nextPage}
      </button>
    </nav>
  );
}
