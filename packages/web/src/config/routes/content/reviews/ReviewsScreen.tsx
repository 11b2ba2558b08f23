import {
  MAX_REVIEWS_REQUEST_DELAY_DAYS,
  REVIEW_STATUSES,
  type ReviewStatus,
  ratingLabel,
  ratingStars,
} from '@storefront/commerce';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
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
import {
  ModerationCard,
  ModerationQueue,
  queueFiltersFrom,
  useQueueFilters,
} from '../../../components/ModerationQueue';
import { dateTime } from '../../../format';
import { TEXTS } from '../../../texts';

export const reviewFiltersFrom = (params: URLSearchParams) =>
  queueFiltersFrom(REVIEW_STATUSES, 'pending', params);

/** What a moderator may do with a review of each status. */
const ACTIONS: Record<ReviewStatus, ReviewStatus[]> = {
  pending: ['approved', 'rejected'],
  approved: ['pending', 'rejected'],
  rejected: ['approved'],
};

function ReviewCard({ review }: { review: ModerationReview }) {
  const moderate = useModerateReview();
  return (
    <ModerationCard
      headingId={`review-${review.id}`}
      heading={
        <>
          <span aria-label={ratingLabel(review.rating)} role="img">
            {ratingStars(review.rating)}
          </span>{' '}
          {review.title}
        </>
      }
      meta={
        <>
          {review.authorName} · {review.verifiedBuyer ? TEXTS.reviewVerified : TEXTS.reviewImported} ·{' '}
          {TEXTS.commentOn} <a href={review.productUrl}>{review.productName}</a> ·{' '}
          {dateTime(review.createdAt)}
        </>
      }
      body={review.body}
      moves={ACTIONS[review.status]}
      moveLabel={TEXTS.reviewAction}
      onMove={(status) => moderate.mutate({ id: review.id, status })}
      pending={moderate.isPending}
      error={moderate.error}
    />
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
  const { filters, select } = useQueueFilters(REVIEW_STATUSES, 'pending');
  const list = useQuery(reviewQueueQuery(filters.status, filters.page));
  return (
    <>
      <div className="cfg-page-head">
        <h1>{TEXTS.reviews}</h1>
      </div>
      <RequestSettingsPanel />
      <ImportPanel />
      <ModerationQueue
        tabs={REVIEW_STATUSES}
        tabsLabel={TEXTS.reviewStatuses}
        tabLabel={TEXTS.reviewStatus}
        empty={TEXTS.noReviews}
        filters={filters}
        onSelect={select}
        list={list}
        items={(page) => page.reviews}
        card={(r) => <ReviewCard review={r} />}
      />
    </>
  );
}
