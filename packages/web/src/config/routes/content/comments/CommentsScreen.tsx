import {
  COMMENT_STATUSES,
  type CommentStatus,
  SHARE_SERVICE_LABELS,
  SHARE_SERVICES,
  type ShareService,
} from '@storefront/commerce';
import { useQuery } from '@tanstack/react-query';
import {
  commentQueueQuery,
  communitySettingsQuery,
  type ModerationComment,
  useModerateComment,
  useSaveCommunitySettings,
} from '../../../api/comments';
import { can, sessionQuery } from '../../../api/session';
import { DeleteButton } from '../../../components/DeleteButton';
import {
  ModerationCard,
  ModerationQueue,
  queueFiltersFrom,
  useQueueFilters,
} from '../../../components/ModerationQueue';
import { dateTime } from '../../../format';
import { TEXTS } from '../../../texts';

export const commentFiltersFrom = (params: URLSearchParams) =>
  queueFiltersFrom(COMMENT_STATUSES, 'pending', params);

/** The tabs, the queue first. */
const TABS: CommentStatus[] = ['pending', 'approved', 'spam'];

/** What a moderator may do with a comment of each status. */
const ACTIONS: Record<CommentStatus, CommentStatus[]> = {
  pending: ['approved', 'spam'],
  approved: ['pending', 'spam'],
  spam: ['approved'],
};

function CommentCard({ comment }: { comment: ModerationComment }) {
  const moderate = useModerateComment();
  return (
    <ModerationCard
      headingId={`comment-${comment.id}`}
      heading={
        <>
          {comment.authorName} <span className="cfg-muted">&lt;{comment.authorEmail}&gt;</span>
        </>
      }
      meta={
        <>
          {TEXTS.commentOn} <a href={comment.itemUrl}>{comment.itemTitle}</a> · {dateTime(comment.createdAt)}
          {comment.parentId ? ` · ${TEXTS.commentIsReply}` : ''}
        </>
      }
      body={comment.body}
      moves={ACTIONS[comment.status]}
      moveLabel={TEXTS.commentAction}
      onMove={(status) => moderate.mutate({ id: comment.id, status })}
      pending={moderate.isPending}
      error={moderate.error}
    >
      <DeleteButton
        name={TEXTS.commentBy(comment.authorName)}
        pending={moderate.isPending}
        onDelete={() => moderate.mutate({ id: comment.id, status: 'delete' })}
      />
    </ModerationCard>
  );
}

/** The site's switches for comments, likes and share buttons (spec §3 site settings). */
function CommunitySettingsPanel() {
  const settings = useQuery(communitySettingsQuery());
  const save = useSaveCommunitySettings();
  const { data: contributor } = useQuery(sessionQuery());
  if (!settings.data) return null;
  const s = settings.data;
  const disabled = !can(contributor, 'settings.write') || save.isPending;
  const toggleShare = (service: ShareService, on: boolean) =>
    save.mutate({
      shareButtonOptions: SHARE_SERVICES.filter((x) =>
        x === service ? on : s.shareButtonOptions.includes(x),
      ),
    });
  return (
    <details className="cfg-panel">
      <summary>{TEXTS.communitySettings}</summary>
      <fieldset className="cfg-checks" disabled={disabled} aria-label={TEXTS.communitySettings}>
        <label>
          <input
            type="checkbox"
            checked={s.commentsEnabled}
            onChange={(e) => save.mutate({ commentsEnabled: e.target.checked })}
          />{' '}
          {TEXTS.commentsEnabled}
        </label>
        <label>
          <input
            type="checkbox"
            checked={s.simpleLikingEnabled}
            onChange={(e) => save.mutate({ simpleLikingEnabled: e.target.checked })}
          />{' '}
          {TEXTS.likesEnabled}
        </label>
      </fieldset>
      <fieldset className="cfg-checks" disabled={disabled}>
        <legend>{TEXTS.shareButtons}</legend>
        {SHARE_SERVICES.map((service) => (
          <label key={service}>
            <input
              type="checkbox"
              checked={s.shareButtonOptions.includes(service)}
              onChange={(e) => toggleShare(service, e.target.checked)}
            />{' '}
            {SHARE_SERVICE_LABELS[service]}
          </label>
        ))}
      </fieldset>
      {save.isError && (
        <p role="alert" className="cfg-error">
          {save.error.message}
        </p>
      )}
    </details>
  );
}

/** The moderation queue: pending comments first; approved and spam a tab away. */
export function CommentsScreen() {
  const { filters, select } = useQueueFilters(COMMENT_STATUSES, 'pending');
  const list = useQuery(commentQueueQuery(filters.status, filters.page));
  return (
    <>
      <div className="cfg-page-head">
        <h1>{TEXTS.comments}</h1>
      </div>
      <CommunitySettingsPanel />
      <ModerationQueue
        tabs={TABS}
        tabsLabel={TEXTS.commentStatuses}
        tabLabel={TEXTS.commentStatus}
        empty={TEXTS.noComments}
        filters={filters}
        onSelect={select}
        list={list}
        items={(page) => page.comments}
        card={(c) => <CommentCard comment={c} />}
      />
    </>
  );
}
