import {
  MAX_REVIEWS_REQUEST_DELAY_DAYS,
  REVIEW_STATUSES,
  type ReviewStatus,
  ratingLabel,
  ratingStars,
} from '@storefront/commerce';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import {
  type ModerationReview,
  reviewQueueQuery,
  reviewSettingsQuery,
  useImportReviews,
  useModerateReview,
  useSaveReviewSettings,
} from '../../../api/reviews';
import { can, sessionQuery } from '../../../api/session';
import { Pager } from '../../../components/Pager';
import { LoadError, SkeletonTable } from '../../../components/Status';
import { dateTime } from '../../../format';
import { TEXTS } from '../../../texts';

export function reviewFiltersFrom(params: URLSearchParams): { status: ReviewStatus; page: number } {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    status: REVIEW_STATUSES.includes(status as ReviewStatus) ? (status as ReviewStatus) : 'pending',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** What a moderator may do with a review of each status. */
const ACTIONS: Record<ReviewStatus, ReviewStatus[]> = {
  pending: ['approved', 'rejected'],
  approved: ['pending', 'rejected'],
  rejected: ['approved'],
};

function ReviewCard({ review }: { review: ModerationReview }) {
  const moderate = useModerateReview();
  return (
    <article className="cfg-comment" aria-labelledby={`review-${review.id}`}>
      <h2 className="cfg-comment-head" id={`review-${review.id}`}>
        <span aria-label={ratingLabel(review.rating)} role="img">
          {ratingStars(review.rating)}
        </span>{' '}
        {review.title}
      </h2>
      <p className="cfg-muted">
        {review.authorName} · {review.verifiedBuyer ? TEXTS.reviewVerified : TEXTS.reviewImported} ·{' '}
        {TEXTS.commentOn} <a href={review.productUrl}>{review.productName}</a> · {dateTime(review.createdAt)}
      </p>
      <p className="cfg-comment-body">{review.body}</p>
      <div className="cfg-actions">
        {ACTIONS[review.status].map((status) => (
          <button
            key={status}
            type="button"
            className={status === 'approved' ? 'cfg-button cfg-button-primary' : 'cfg-button'}
            disabled={moderate.isPending}
            onClick={() => moderate.mutate({ id: review.id, status })}
          >
            {TEXTS.reviewAction[status]}
          </button>
        ))}
      </div>
      {moderate.isError && (
        <p role="alert" className="cfg-error">
          {moderate.error.message}
        </p>
      )}
    </article>
  );
}

/** A CSV file of reviews from elsewhere: every refused row listed, nothing kept until all are good. */
function ImportPanel() {
  const importReviews = useImportReviews();
  const [file, setFile] = useState<File | null>(null);
  const [approve, setApprove] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (file) importReviews.mutate({ csv: await file.text(), approve });
  };
  const rows =
    importReviews.error instanceof ApiError
      ? Object.entries(importReviews.error.fieldErrors).sort((a, b) => Number(a[0]) - Number(b[0]))
      : [];
  return (
    <details className="cfg-panel">
      <summary>{TEXTS.reviewImport}</summary>
      <form onSubmit={submit} className="cfg-form">
        <p className="cfg-muted">{TEXTS.reviewImportHint}</p>
        <label>
          {TEXTS.reviewImportFile}{' '}
          <input type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <label>
          <input type="checkbox" checked={approve} onChange={(e) => setApprove(e.target.checked)} />{' '}
          {TEXTS.reviewImportApprove}
        </label>
        <div className="cfg-actions">
          <button
            type="submit"
            className="cfg-button cfg-button-primary"
            disabled={!file || importReviews.isPending}
          >
            {TEXTS.reviewImportButton}
          </button>
        </div>
      </form>
      {importReviews.isSuccess && (
        <output>{TEXTS.reviewImportDone(importReviews.data.imported, importReviews.data.unchanged)}</output>
      )}
      {importReviews.isError && (
        <div role="alert" className="cfg-error">
          <p>{importReviews.error.message}</p>
          {rows.length > 0 && (
            <ul>
              {rows.map(([row, message]) => (
                <li key={row}>
                  {TEXTS.reviewImportRow(row)}: {message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </details>
  );
}

/** How many days after a paid order the reviews-request email goes out. */
function RequestSettingsPanel() {
  const settings = useQuery(reviewSettingsQuery());
  const save = useSaveReviewSettings();
  const { data: contributor } = useQuery(sessionQuery());
  const [days, setDays] = useState<string | null>(null);
  if (!settings.data || !can(contributor, 'settings.read')) return null;
  const value = days ?? String(settings.data.requestDelayDays);
  return (
    <details className="cfg-panel">
      <summary>{TEXTS.reviewRequestSettings}</summary>
      <form
        className="cfg-form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ requestDelayDays: Number(value) });
        }}
      >
        <fieldset disabled={!can(contributor, 'settings.write') || save.isPending}>
          <label>
            {TEXTS.reviewRequestDelay}{' '}
            <input
              type="number"
              min={0}
              max={MAX_REVIEWS_REQUEST_DELAY_DAYS}
              step={1}
              value={value}
              onChange={(e) => setDays(e.target.value)}
            />
          </label>{' '}
          <button type="submit" className="cfg-button">
            {TEXTS.save}
          </button>
        </fieldset>
      </form>
      {save.isSuccess && <output>{TEXTS.saved}</output>}
      {save.isError && (
        <p role="alert" className="cfg-error">
          {save.error.message}
        </p>
      )}
    </details>
  );
}

/** The reviews moderation queue: waiting reviews first; approved and rejected a tab away. */
export function ReviewsScreen() {
  const [params, setParams] = useSearchParams();
  const filters = reviewFiltersFrom(params);
  const list = useQuery(reviewQueueQuery(filters.status, filters.page));
  const set = (status: ReviewStatus, page = 1) =>
    setParams(new URLSearchParams({ status, ...(page > 1 ? { page: String(page) } : {}) }));
  return (
    <>
      <div className="cfg-page-head">
        <h1>{TEXTS.reviews}</h1>
      </div>
      <RequestSettingsPanel />
      <ImportPanel />
      <nav className="cfg-tabs" aria-label={TEXTS.reviewStatuses}>
        {REVIEW_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            className="cfg-tab"
            aria-current={status === filters.status ? 'page' : undefined}
            onClick={() => set(status)}
          >
            {TEXTS.reviewStatus[status]}
            {list.data ? ` (${list.data.counts[status]})` : ''}
          </button>
        ))}
      </nav>
      {list.isPending ? (
        <SkeletonTable columns={3} />
      ) : list.isError ? (
        <LoadError onRetry={() => list.refetch()} />
      ) : list.data.reviews.length === 0 ? (
        <p className="cfg-empty">{TEXTS.noReviews[filters.status]}</p>
      ) : (
        <div className="cfg-comments">
          {list.data.reviews.map((r) => (
            <ReviewCard key={r.id} review={r} />
          ))}
          <Pager
            page={list.data.page}
            pages={Math.ceil(list.data.total / list.data.pageSize)}
            onPage={(page) => set(filters.status, page)}
          />
        </div>
      )}
    </>
  );
}
