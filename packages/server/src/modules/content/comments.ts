/**
 * Visitors' comments and likes on published posts (spec §3 commentState, publicCommentCount,
 * likeCount; §5 display rules), and the moderation queue of the owner's area. A comment waits in
 * the queue until a moderator approves it; one sent without a solved captcha (a browser without
 * JavaScript, or a bot) waits among the spam, where a moderator can still approve it. The
 * honeypot field drops a bot's comment without a trace.
 */
import {
  COMMENT_MESSAGES,
  COMMENT_STATE,
  COMMENT_STATUS,
  CONTENT_MESSAGES,
  CONTENT_STATUS,
  type CommentStatus,
  EMAIL_FORMAT_EXAMPLE,
  emailFormatMessage,
  isValidEmail,
  MAX_COMMENT_LENGTH,
  MAX_COMMENT_NAME_LENGTH,
  MESSAGES,
} from '@storefront/commerce';
import { HttpError } from '../../platform/errors.js';
import { newId, sha256 } from '../../platform/ids.js';
import type { SiteContext } from '../../services.js';
import { type AuditActor, recordAudit } from '../audit/service.js';
import { type CaptchaProvider, spendCaptchaAnswer, type VerifiedAnswer } from '../captcha/service.js';
import { getCollections } from '../catalog/service.js';
import {
  commentStatusCounts,
  commentsByStatus,
  deleteComment,
  findComment,
  findItem,
  hasLiked,
  insertComment,
  insertLike,
  refreshLikeCount,
  updateComment,
} from './repo.js';
import { closedReason, getItem, type ItemVisitor } from './service.js';

/** Comments a page of the moderation queue shows. */
export const MODERATION_PAGE_SIZE = 25;

export interface CommentInput {
  itemId: string;
  parentId: string | null;
  name: string;
  email: string;
  body: string;
  /** The captcha's answer; missing when the browser ran no script. */
  captchaKey?: string;
  /** The honeypot field: people leave it empty. */
  trap?: string;
}

/** A refused comment: the field messages a form shows beside each field. */
function invalid(errors: Record<string, string>): HttpError {
  return new HttpError(400, MESSAGES.formInvalid, undefined, errors);
}

/**
 * A published post the visitor can read (its password entered, a member of its area), or a 4xx:
 * likes and comments never reach what the visitor cannot open.
 */
async function openPost(ctx: SiteContext, itemId: string, visitor: ItemVisitor, missing: string) {
  const row = await findItem(ctx.db, ctx.websiteId, itemId);
  if (!row || row.status !== CONTENT_STATUS.published) throw new HttpError(404, missing);
  const collection = (await getCollections(ctx)).find((c) => c.id === row.collection_id);
  const item = await getItem(ctx, itemId);
  if (!collection || !item) throw new HttpError(404, missing);
  const closed = await closedReason(ctx, item, visitor);
  if (closed) throw new HttpError(403, closed);
  return { row, collection };
}

/** The published post a visitor may comment on: comments on for the site and open on the post. */
async function commentableItem(ctx: SiteContext, itemId: string, visitor: ItemVisitor) {
  const { row, collection } = await openPost(ctx, itemId, visitor, COMMENT_MESSAGES.closed);
  if (
    collection.typeName !== 'blog' ||
    !ctx.site.community.commentsEnabled ||
    row.comment_state !== COMMENT_STATE.open
  )
    throw new HttpError(403, COMMENT_MESSAGES.closed);
  return { row, collection };
}

function checkInput(input: CommentInput) {
  const errors: Record<string, string> = {};
  const name = input.name.trim();
  const email = input.email.trim();
  const body = input.body.trim();
  if (name === '') errors.name = MESSAGES.required;
  else if (name.length > MAX_COMMENT_NAME_LENGTH) errors.name = COMMENT_MESSAGES.nameTooLong;
  if (email === '') errors.email = MESSAGES.required;
  else if (!isValidEmail(email)) errors.email = emailFormatMessage(EMAIL_FORMAT_EXAMPLE);
  if (body === '') errors.body = MESSAGES.required;
  else if (body.length > MAX_COMMENT_LENGTH) errors.body = COMMENT_MESSAGES.tooLong;
  return { errors, name, email, body };
}

async function verifiedAnswer(captcha: CaptchaProvider, answer: string | undefined, now: number) {
  if (!answer) return null;
  try {
    return await captcha.verify(answer, now);
  } catch {
    // The verify service failing is no reason to lose the comment: it waits among the spam.
    return null;
  }
}

/**
 * Takes a visitor's comment on a post (a reply names its parent, an approved comment of the same
 * post). Answers the status it waits in; nothing is written for a filled honeypot.
 */
export async function postComment(
  ctx: SiteContext,
  captcha: CaptchaProvider,
  input: CommentInput,
  visitor: ItemVisitor,
): Promise<{ status: CommentStatus; postUrl: string }> {
  const { row, collection } = await commentableItem(ctx, input.itemId, visitor);
  const postUrl = `${collection.fullUrl}/${row.url_slug}`;
  const { errors, name, email, body } = checkInput(input);
  if (Object.keys(errors).length > 0) throw invalid(errors);
  if (input.parentId) {
    const parent = await findComment(ctx.db, ctx.websiteId, input.parentId);
    if (!parent || parent.item_id !== row.id || parent.status !== COMMENT_STATUS.approved)
      throw new HttpError(400, COMMENT_MESSAGES.parentNotFound);
  }
  if (input.trap && input.trap.trim() !== '') return { status: COMMENT_STATUS.pending, postUrl };
  const now = ctx.clock.now();
  const answer: VerifiedAnswer | null = await verifiedAnswer(captcha, input.captchaKey, now);
  return ctx.db.transaction().execute(async (trx) => {
    // One solved captcha lets one comment through; a replayed answer counts as none.
    const solved = answer ? await spendCaptchaAnswer(trx, ctx.websiteId, answer, now) : false;
    const status = solved ? COMMENT_STATUS.pending : COMMENT_STATUS.spam;
    await insertComment(trx, {
      id: newId('cm'),
      website_id: ctx.websiteId,
      item_id: row.id,
      parent_id: input.parentId,
      author_name: name,
      author_email: email,
      author_url: '',
      body,
      status,
      created_at: now,
    });
    return { status, postUrl };
  });
}

export interface ModerationComment {
  id: string;
  itemId: string;
  itemTitle: string;
  itemUrl: string;
  parentId: string | null;
  authorName: string;
  authorEmail: string;
  body: string;
  status: CommentStatus;
  createdAt: number;
}

/** One page of a status's comments for moderators, newest first, with every status's count. */
export async function listCommentsForModeration(ctx: SiteContext, status: CommentStatus, page: number) {
  const [rows, counts, collections] = await Promise.all([
    commentsByStatus(ctx.db, ctx.websiteId, status, (page - 1) * MODERATION_PAGE_SIZE, MODERATION_PAGE_SIZE),
    commentStatusCounts(ctx.db, ctx.websiteId),
    getCollections(ctx),
  ]);
  const urlOf = new Map(collections.map((c) => [c.id, c.fullUrl]));
  const comments: ModerationComment[] = rows.map((r) => ({
    id: r.id,
    itemId: r.item_id,
    itemTitle: r.item_title,
    itemUrl: `${urlOf.get(r.item_collection_id) ?? ''}/${r.item_slug}`,
    parentId: r.parent_id,
    authorName: r.author_name,
    authorEmail: r.author_email,
    body: r.body,
    status: r.status as CommentStatus,
    createdAt: Number(r.created_at),
  }));
  return {
    comments,
    counts: {
      pending: counts.get(COMMENT_STATUS.pending) ?? 0,
      approved: counts.get(COMMENT_STATUS.approved) ?? 0,
      spam: counts.get(COMMENT_STATUS.spam) ?? 0,
    },
    page,
    pageSize: MODERATION_PAGE_SIZE,
    total: counts.get(status) ?? 0,
  };
}

/** A moderator's decision: approve (shown), back to the queue, or spam. */
export async function moderateComment(
  ctx: SiteContext,
  actor: AuditActor,
  id: string,
  status: CommentStatus,
): Promise<void> {
  const row = await findComment(ctx.db, ctx.websiteId, id);
  if (!row) throw new HttpError(404, COMMENT_MESSAGES.notFound);
  await ctx.db.transaction().execute(async (trx) => {
    await updateComment(trx, id, { status, moderated_at: ctx.clock.now() });
    await recordAudit({ ...ctx, db: trx }, actor, 'comment.moderate', id, { from: row.status, to: status });
  });
}

export async function removeComment(ctx: SiteContext, actor: AuditActor, id: string): Promise<void> {
  const row = await findComment(ctx.db, ctx.websiteId, id);
  if (!row) throw new HttpError(404, COMMENT_MESSAGES.notFound);
  await ctx.db.transaction().execute(async (trx) => {
    await deleteComment(trx, id);
    await recordAudit({ ...ctx, db: trx }, actor, 'comment.delete', id, { author: row.author_name });
  });
}

/** The like cookie's value as stored: a hash, so the table holds nothing a visitor could replay. */
const visitorHash = (visitor: string) => sha256(`like:${visitor}`);

/**
 * A visitor likes a published post they can read once (spec §3 likeCount, when
 * simpleLikingEnabled); answers the post's like count. `liker` is the like cookie's value.
 */
export async function likeItem(
  ctx: SiteContext,
  itemId: string,
  liker: string,
  visitor: ItemVisitor,
): Promise<number> {
  if (!ctx.site.community.simpleLikingEnabled) throw new HttpError(403, CONTENT_MESSAGES.likesOff);
  const { row, collection } = await openPost(ctx, itemId, visitor, CONTENT_MESSAGES.notFound);
  // Only a post's page shows the like button (spec §5): pages and events take none.
  if (collection.typeName !== 'blog') throw new HttpError(403, CONTENT_MESSAGES.likesPostsOnly);
  return ctx.db.transaction().execute(async (trx) => {
    const added = await insertLike(trx, {
      item_id: itemId,
      visitor_hash: visitorHash(liker),
      created_at: ctx.clock.now(),
    });
    return added ? refreshLikeCount(trx, itemId) : row.like_count;
  });
}

export function visitorLiked(ctx: SiteContext, itemId: string, visitor: string | undefined) {
  return visitor ? hasLiked(ctx.db, itemId, visitorHash(visitor)) : Promise.resolve(false);
}
