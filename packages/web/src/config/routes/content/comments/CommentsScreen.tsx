import {
  COMMENT_STATUSES,
  type CommentStatus,
  SHARE_SERVICE_LABELS,
  SHARE_SERVICES,
  type ShareService,
} from '@storefront/commerce';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  commentQueueQuery,
  communitySettingsQuery,
  type ModerationComment,
  useModerateComment,
  useSaveCommunitySettings,
} from '../../../api/comments';
import { can, sessionQuery } from '../../../api/session';
import { DeleteButton } from '../../../components/DeleteButton';
import { Pager } from '../../../components/Pager';
import { LoadError, SkeletonTable } from '../../../components/Status';
import { dateTime } from '../../../format';
import { TEXTS } from '../../../texts';

export function commentFiltersFrom(params: URLSearchParams): { status: CommentStatus; page: number } {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    status: COMMENT_STATUSES.includes(status as CommentStatus) ? (status as CommentStatus) : 'pending',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

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
    <article className="cfg-comment" aria-labelledby={`comment-${comment.id}`}>
      <h2 className="cfg-comment-head" id={`comment-${comment.id}`}>
        {comment.authorName} <span className="cfg-muted">&lt;{comment.authorEmail}&gt;</span>
      </h2>
      <p className="cfg-muted">
        {TEXTS.commentOn} <a href={comment.itemUrl}>{comment.itemTitle}</a> · {dateTime(comment.createdAt)}
        {comment.parentId ? ` · ${TEXTS.commentIsReply}` : ''}
      </p>
      <p className="cfg-comment-body">{comment.body}</p>
      <div className="cfg-actions">
        {ACTIONS[comment.status].map((status) => (
          <button
            key={status}
            type="button"
            className={status === 'approved' ? 'cfg-button cfg-button-primary' : 'cfg-button'}
            disabled={moderate.isPending}
            onClick={() => moderate.mutate({ id: comment.id, status })}
          >
            {TEXTS.commentAction[status]}
          </button>
        ))}
        <DeleteButton
          name={TEXTS.commentBy(comment.authorName)}
          pending={moderate.isPending}
          onDelete={() => moderate.mutate({ id: comment.id, status: 'delete' })}
        />
      </div>
      {moderate.isError && (
        <p role="alert" className="cfg-error">
          {moderate.error.message}
        </p>
      )}
    </article>
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
  const [params, setParams] = useSearchParams();
  const filters = commentFiltersFrom(params);
  const list = useQuery(commentQueueQuery(filters.status, filters.page));
  const set = (status: CommentStatus, page = 1) =>
    setParams(new URLSearchParams({ status, ...(page > 1 ? { page: String(page) } : {}) }));
  return (
    <>
      <div className="cfg-page-head">
        <h1>{TEXTS.comments}</h1>
      </div>
      <CommunitySettingsPanel />
      <nav className="cfg-tabs" aria-label={TEXTS.commentStatuses}>
        {TABS.map((status) => (
          <button
            key={status}
            type="button"
            className="cfg-tab"
            aria-current={status === filters.status ? 'page' : undefined}
            onClick={() => set(status)}
          >
            {TEXTS.commentStatus[status]}
            {list.data ? ` (${list.data.counts[status]})` : ''}
          </button>
        ))}
      </nav>
      {list.isPending ? (
        <SkeletonTable columns={3} />
      ) : list.isError ? (
        <LoadError onRetry={() => list.refetch()} />
      ) : list.data.comments.length === 0 ? (
        <p className="cfg-empty">{TEXTS.noComments[filters.status]}</p>
      ) : (
        <div className="cfg-comments">
          {list.data.comments.map((c) => (
            <CommentCard key={c.id} comment={c} />
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
