/**
 * Newsletters: mailing lists, double opt-in sign-ups, one-click unsubscription and campaigns sent
 * through the outbox at a bounded rate. A newsletter form (a site form with a mailing list) signs
 * its email address up through `signUp`, in the transaction that stores the submission.
 */
import { EDITOR_MESSAGES, isValidEmail } from '@storefront/commerce';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/index.js';
import type { DB, SubscriberStatus } from '../../db/schema.js';
import { type Clock, systemClock } from '../../platform/clock.js';
import type { RequestContext } from '../../platform/context.js';
import { csvRow, parseCsv } from '../../platform/csv.js';
import { HttpError } from '../../platform/errors.js';
import { newId, newToken, sha256 } from '../../platform/ids.js';
import type { SiteContext } from '../../services.js';
import { enqueueEmail } from '../email/service.js';
import { renderEmail } from '../email/templates.js';
import { loadSite } from '../site/service.js';
import {
  type CampaignRow,
  countSubscribers,
  deleteDraftCampaign,
  deleteMailingList,
  deliveryCounts,
  findCampaign,
  findMailingList,
  findSubscriber,
  findSubscriberByConfirmHash,
  findSubscriberByUnsubscribeToken,
  insertCampaign,
  insertDelivery,
  insertMailingList,
  insertSubscriber,
  listCampaignRows,
  listMailingListRows,
  listSubscriberRows,
  type MailingListRow,
  markOpened,
  type SubscriberRow,
  setRecipientCount,
  updateDraftCampaign,
  updateMailingList,
  updateSubscriber,
} from './repo.js';

/** How long a double opt-in link works after it was sent. */
export const CONFIRM_LINK_TTL_MS = 7 * 24 * 60 * 60_000;
/** A campaign's mails leave at most one per this many ms (300 a minute), so a big list never floods the mail server. */
export const CAMPAIGN_SEND_INTERVAL_MS = 200;
/** Subscribers per page of the owner's list. */
export const SUBSCRIBERS_PAGE_SIZE = 50;
/** Rows read per query while writing a CSV or queueing a campaign. */
const BATCH = 500;
/** Rows of one CSV import. */
export const MAX_IMPORT_ROWS = 20_000;

export const NEWSLETTER_TEXTS = {
  listNotFound: 'That mailing list does not exist.',
  campaignNotFound: 'That campaign does not exist.',
  campaignSent: 'This campaign has been sent and can no longer change.',
  bodyRequired: 'Write the text of the email.',
  importEmpty: 'The file has no email addresses.',
  importTooLong: `Import at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows at a time.`,
} as const;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The site's public address paths of the newsletter pages and calls. */
export const NEWSLETTER_PATHS = {
  confirm: '/newsletter/confirm',
  unsubscribe: '/newsletter/unsubscribe',
  oneClick: '/api/newsletter/unsubscribe',
  open: '/api/newsletter/open',
} as const;

const link = (base: string, path: string, token: string) =>
  `${base}${path}?token=${encodeURIComponent(token)}`;

// ——— Lists ———

export interface MailingList {
  id: string;
  name: string;
  description: string;
  createdAt: number;
  counts: Record<SubscriberStatus, number>;
}

const noCounts = (): Record<SubscriberStatus, number> => ({ pending: 0, subscribed: 0, unsubscribed: 0 });

function listOf(row: MailingListRow, counts = noCounts()): MailingList {
  return { id: row.id, name: row.name, description: row.description, createdAt: row.created_at, counts };
}

export async function listMailingLists(ctx: RequestContext): Promise<MailingList[]> {
  const [rows, counts] = await Promise.all([
    listMailingListRows(ctx.db, ctx.websiteId),
    countSubscribers(ctx.db, ctx.websiteId),
  ]);
  const byList = new Map<string, Record<SubscriberStatus, number>>();
  for (const c of counts) {
    const entry = byList.get(c.list_id) ?? noCounts();
    entry[c.status] = Number(c.n);
    byList.set(c.list_id, entry);
  }
  return rows.map((r) => listOf(r, byList.get(r.id)));
}

export async function getMailingList(ctx: RequestContext, id: string): Promise<MailingList> {
  const lists = await listMailingLists(ctx);
  const list = lists.find((l) => l.id === id);
  if (!list) throw new HttpError(404, NEWSLETTER_TEXTS.listNotFound);
  return list;
}

export interface MailingListInput {
  name: string;
  description: string;
}

export async function createMailingList(ctx: RequestContext, input: MailingListInput): Promise<MailingList> {
  const id = newId('ml');
  await insertMailingList(ctx.db, { id, website_id: ctx.websiteId, ...input, created_at: ctx.clock.now() });
  return getMailingList(ctx, id);
}

export async function changeMailingList(
  ctx: RequestContext,
  id: string,
  input: MailingListInput,
): Promise<MailingList> {
  if (!(await updateMailingList(ctx.db, ctx.websiteId, id, input))) {
    throw new HttpError(404, NEWSLETTER_TEXTS.listNotFound);
  }
  return getMailingList(ctx, id);
}

export async function removeMailingList(ctx: RequestContext, id: string): Promise<void> {
  if (!(await deleteMailingList(ctx.db, ctx.websiteId, id)))
    throw new HttpError(404, NEWSLETTER_TEXTS.listNotFound);
}

// ——— Sign-up, confirmation, unsubscription ———

/**
 * Signs `email` up to a list in the caller's transaction: a new or unsubscribed address, or one
 * still pending, gets a fresh confirmation link by email (double opt-in); a confirmed subscriber
 * gets nothing, and the answer is the same either way, so nobody learns who is subscribed.
 * Returns false when the list no longer exists.
 */
export async function signUp(
  ctx: SiteContext,
  trx: Kysely<DB>,
  request: { listId: string; email: string; source: 'form' | 'popup'; linkBase: string },
): Promise<boolean> {
  const list = await findMailingList(trx, ctx.websiteId, request.listId);
  if (!list) return false;
  const email = normalizeEmail(request.email);
  const now = ctx.clock.now();
  const token = newToken(32);
  const existing = await findSubscriber(trx, list.id, email);
  if (existing?.status === 'subscribed') return true;
  const confirm = { status: 'pending' as const, confirm_token_hash: sha256(token), confirm_sent_at: now };
  if (existing) {
    await updateSubscriber(trx, existing.id, ['pending', 'unsubscribed'], confirm);
  } else {
    await insertSubscriber(trx, {
      id: newId('sub'),
      website_id: ctx.websiteId,
      list_id: list.id,
      email,
      ...confirm,
      unsubscribe_token: newToken(32),
      source: request.source,
      created_at: now,
      confirmed_at: null,
      unsubscribed_at: null,
    });
  }
  await enqueueEmail(ctx, trx, {
    to: email,
    template: 'newsletter-confirm',
    data: {
      siteTitle: ctx.site.website.siteTitle,
      listName: list.name,
      confirmUrl: link(request.linkBase, NEWSLETTER_PATHS.confirm, token),
    },
    ref: `mailing-list:${list.id}`,
  });
  return true;
}

/** A subscription as its pages show it. */
export interface SubscriptionView {
  email: string;
  listName: string;
  status: SubscriberStatus;
  unsubscribeToken: string;
}

async function viewOf(ctx: RequestContext, row: SubscriberRow): Promise<SubscriptionView | null> {
  const list = await findMailingList(ctx.db, ctx.websiteId, row.list_id);
  return list
    ? { email: row.email, listName: list.name, status: row.status, unsubscribeToken: row.unsubscribe_token }
    : null;
}

/** The double opt-in link: confirms a pending subscriber once; null for an unknown, used or expired link. */
export async function confirmSubscription(
  ctx: RequestContext,
  token: string,
): Promise<SubscriptionView | null> {
  const row = await findSubscriberByConfirmHash(ctx.db, sha256(token));
  if (!row || row.website_id !== ctx.websiteId || row.status !== 'pending') return null;
  const now = ctx.clock.now();
  if ((row.confirm_sent_at ?? 0) + CONFIRM_LINK_TTL_MS <= now) return null;
  const changed = await updateSubscriber(ctx.db, row.id, ['pending'], {
    status: 'subscribed',
    confirmed_at: now,
    confirm_token_hash: null,
  });
  return changed ? viewOf(ctx, { ...row, status: 'subscribed' }) : null;
}

/** The subscription an unsubscribe link names, or null. */
export async function subscriptionByToken(
  ctx: RequestContext,
  token: string,
): Promise<SubscriptionView | null> {
  const row = await findSubscriberByUnsubscribeToken(ctx.db, token);
  return row && row.website_id === ctx.websiteId ? viewOf(ctx, row) : null;
}

/** Unsubscribes by the token of the links; doing it twice is harmless. Null for an unknown token. */
export async function unsubscribe(ctx: RequestContext, token: string): Promise<SubscriptionView | null> {
  const row = await findSubscriberByUnsubscribeToken(ctx.db, token);
  if (!row || row.website_id !== ctx.websiteId) return null;
  await updateSubscriber(ctx.db, row.id, ['pending', 'subscribed'], {
    status: 'unsubscribed',
    unsubscribed_at: ctx.clock.now(),
    confirm_token_hash: null,
  });
  return viewOf(ctx, { ...row, status: 'unsubscribed' });
}

// ——— Subscribers (owner) ———

export interface SubscriberView {
  id: string;
  email: string;
  status: SubscriberStatus;
  source: string;
  createdAt: number;
  confirmedAt: number | null;
  unsubscribedAt: number | null;
}

const subscriberView = (r: SubscriberRow): SubscriberView => ({
  id: r.id,
  email: r.email,
  status: r.status,
  source: r.source,
  createdAt: r.created_at,
  confirmedAt: r.confirmed_at,
  unsubscribedAt: r.unsubscribed_at,
});

export async function listSubscribers(
  ctx: RequestContext,
  listId: string,
  query: { q?: string; status?: SubscriberStatus; cursor?: string },
): Promise<{ list: MailingList; subscribers: SubscriberView[]; nextCursor: string | null }> {
  const list = await getMailingList(ctx, listId);
  const rows = await listSubscriberRows(ctx.db, ctx.websiteId, listId, {
    search: query.q || undefined,
    status: query.status,
    after: query.cursor || undefined,
    limit: SUBSCRIBERS_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, SUBSCRIBERS_PAGE_SIZE);
  return {
    list,
    subscribers: page.map(subscriberView),
    nextCursor: rows.length > SUBSCRIBERS_PAGE_SIZE ? (page.at(-1)?.email ?? null) : null,
  };
}

const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());

export async function subscribersCsv(
  ctx: RequestContext,
  listId: string,
  query: { q?: string; status?: SubscriberStatus },
): Promise<string> {
  await getMailingList(ctx, listId);
  let out = csvRow(['Email', 'Status', 'Source', 'Signed up at', 'Confirmed at', 'Unsubscribed at']);
  let after: string | undefined;
  for (;;) {
    const rows = await listSubscriberRows(ctx.db, ctx.websiteId, listId, {
      search: query.q || undefined,
      status: query.status,
      after,
      limit: BATCH,
    });
    for (const r of rows) {
      out += csvRow([
        r.email,
        r.status,
        r.source,
        iso(r.created_at),
        iso(r.confirmed_at),
        iso(r.unsubscribed_at),
      ]);
    }
    if (rows.length < BATCH) return out;
    after = rows[rows.length - 1].email;
  }
}

export interface ImportResult {
  added: number;
  /** Already on the list (an address that unsubscribed stays unsubscribed). */
  existing: number;
  /** Line numbers (1-based) whose address is not valid. */
  invalidLines: number[];
}

/**
 * Adds the addresses of a CSV file as subscribed: the owner imports people who agreed elsewhere.
 * The column headed "email" (any case) is read, or the first column when no header names it.
 */
export async function importSubscribers(
  ctx: RequestContext,
  listId: string,
  csv: string,
): Promise<ImportResult> {
  await getMailingList(ctx, listId);
  const rows = parseCsv(csv);
  if (rows.length > MAX_IMPORT_ROWS) throw new HttpError(400, NEWSLETTER_TEXTS.importTooLong);
  const headerAt = rows[0]?.findIndex((c) => c.trim().toLowerCase() === 'email') ?? -1;
  const column = Math.max(headerAt, 0);
  const start = headerAt >= 0 || (rows[0] && !isValidEmail(rows[0][0] ?? '')) ? 1 : 0;
  const result: ImportResult = { added: 0, existing: 0, invalidLines: [] };
  const now = ctx.clock.now();
  const seen = new Set<string>();
  await ctx.db.transaction().execute(async (trx) => {
    for (let i = start; i < rows.length; i++) {
      const raw = rows[i][column] ?? '';
      if (!isValidEmail(raw)) {
        result.invalidLines.push(i + 1);
        continue;
      }
      const email = normalizeEmail(raw);
      if (seen.has(email) || (await findSubscriber(trx, listId, email))) {
        result.existing += 1;
        continue;
      }
      seen.add(email);
      await insertSubscriber(trx, {
        id: newId('sub'),
        website_id: ctx.websiteId,
        list_id: listId,
        email,
        status: 'subscribed',
        confirm_token_hash: null,
        confirm_sent_at: null,
        unsubscribe_token: newToken(32),
        source: 'import',
        created_at: now,
        confirmed_at: now,
        unsubscribed_at: null,
      });
      result.added += 1;
    }
  });
  if (result.added === 0 && result.existing === 0 && result.invalidLines.length === 0) {
    throw new HttpError(400, NEWSLETTER_TEXTS.importEmpty);
  }
  return result;
}

// ——— Campaigns ———

export interface CampaignInput {
  listId: string | null;
  subject: string;
  body: string;
  trackOpens: boolean;
}

export interface Campaign extends CampaignInput {
  id: string;
  status: 'draft' | 'sent';
  recipientCount: number;
  createdAt: number;
  updatedAt: number;
  sentAt: number | null;
  /** Mails the outbox has sent so far, and opens (counted only when tracked). */
  sentCount: number;
  openedCount: number;
}

function campaignOf(row: CampaignRow, counts?: { sent: number; opened: number }): Campaign {
  return {
    id: row.id,
    listId: row.list_id,
    subject: row.subject,
    body: row.body,
    trackOpens: row.track_opens === 1,
    status: row.status,
    recipientCount: row.recipient_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sentAt: row.sent_at,
    sentCount: counts?.sent ?? 0,
    openedCount: counts?.opened ?? 0,
  };
}

export async function listCampaigns(ctx: RequestContext): Promise<Campaign[]> {
  const [rows, counts] = await Promise.all([
    listCampaignRows(ctx.db, ctx.websiteId),
    deliveryCounts(ctx.db, ctx.websiteId),
  ]);
  const byCampaign = new Map(
    counts.map((c) => [c.campaign_id, { sent: Number(c.sent ?? 0), opened: Number(c.opened) }]),
  );
  return rows.map((r) => campaignOf(r, byCampaign.get(r.id)));
}

export async function getCampaign(ctx: RequestContext, id: string): Promise<Campaign> {
  const campaign = (await listCampaigns(ctx)).find((c) => c.id === id);
  if (!campaign) throw new HttpError(404, NEWSLETTER_TEXTS.campaignNotFound);
  return campaign;
}

async function checkList(ctx: RequestContext, listId: string | null): Promise<void> {
  if (listId && !(await findMailingList(ctx.db, ctx.websiteId, listId))) {
    throw new HttpError(400, EDITOR_MESSAGES.listRequired, undefined, {
      listId: EDITOR_MESSAGES.listRequired,
    });
  }
}

const campaignColumns = (input: CampaignInput, now: number) => ({
  list_id: input.listId,
  subject: input.subject.trim(),
  body: input.body,
  track_opens: input.trackOpens ? 1 : 0,
  updated_at: now,
});

/** A draft may lack its list and subject; they are asked for when it is sent. */
export async function createCampaign(ctx: RequestContext, input: CampaignInput): Promise<Campaign> {
  await checkList(ctx, input.listId);
  const id = newId('cmp');
  const now = ctx.clock.now();
  await insertCampaign(ctx.db, {
    id,
    website_id: ctx.websiteId,
    ...campaignColumns(input, now),
    status: 'draft',
    created_at: now,
    sent_at: null,
  });
  return getCampaign(ctx, id);
}

async function draftOrThrow(ctx: RequestContext, id: string): Promise<CampaignRow> {
  const row = await findCampaign(ctx.db, ctx.websiteId, id);
  if (!row) throw new HttpError(404, NEWSLETTER_TEXTS.campaignNotFound);
  if (row.status !== 'draft') throw new HttpError(409, NEWSLETTER_TEXTS.campaignSent);
  return row;
}

export async function changeCampaign(
  ctx: RequestContext,
  id: string,
  input: CampaignInput,
): Promise<Campaign> {
  await draftOrThrow(ctx, id);
  await checkList(ctx, input.listId);
  if (!(await updateDraftCampaign(ctx.db, ctx.websiteId, id, campaignColumns(input, ctx.clock.now())))) {
    throw new HttpError(409, NEWSLETTER_TEXTS.campaignSent);
  }
  return getCampaign(ctx, id);
}

export async function removeCampaign(ctx: RequestContext, id: string): Promise<void> {
  await draftOrThrow(ctx, id);
  await deleteDraftCampaign(ctx.db, ctx.websiteId, id);
}

/** What a campaign needs before any mail of it leaves: a list and a subject (spec §5), and a text. */
function readyToSend(row: Pick<CampaignRow, 'list_id' | 'subject' | 'body'>, needList: boolean): void {
  const errors: Record<string, string> = {};
  if (needList && !row.list_id) errors.listId = EDITOR_MESSAGES.listRequired;
  if (!row.subject.trim()) errors.subject = EDITOR_MESSAGES.emailSubjectRequired;
  if (!row.body.trim()) errors.body = NEWSLETTER_TEXTS.bodyRequired;
  const messages = Object.values(errors);
  if (messages.length > 0) throw new HttpError(400, messages[0], undefined, errors);
}

async function campaignMailData(ctx: SiteContext, row: CampaignRow, listName: string | null) {
  return {
    siteTitle: ctx.site.website.siteTitle,
    listName: listName ?? ctx.site.website.siteTitle,
    subject: row.subject.trim(),
    body: row.body,
  };
}

/**
 * The campaign as one subscriber would read it. Its unsubscribe links lead to the unsubscribe
 * page without a subscription, which says the link is not valid.
 */
export async function previewCampaign(ctx: SiteContext, id: string, linkBase: string) {
  const row = await findCampaign(ctx.db, ctx.websiteId, id);
  if (!row) throw new HttpError(404, NEWSLETTER_TEXTS.campaignNotFound);
  const list = row.list_id ? await findMailingList(ctx.db, ctx.websiteId, row.list_id) : undefined;
  const sample = link(linkBase, NEWSLETTER_PATHS.unsubscribe, 'preview');
  const base = await campaignMailData(
    ctx,
    { ...row, subject: row.subject.trim() || '(no subject)' },
    list?.name ?? null,
  );
  const mail = renderEmail('newsletter-campaign', { ...base, unsubscribeUrl: sample, oneClickUrl: sample });
  return { subject: mail.subject, html: mail.html };
}

/** Sends the campaign once to `to` (the owner's own inbox), marked as a test. */
export async function testSendCampaign(
  ctx: SiteContext,
  id: string,
  to: string,
  linkBase: string,
): Promise<void> {
  const row = await findCampaign(ctx.db, ctx.websiteId, id);
  if (!row) throw new HttpError(404, NEWSLETTER_TEXTS.campaignNotFound);
  readyToSend(row, false);
  const list = row.list_id ? await findMailingList(ctx.db, ctx.websiteId, row.list_id) : undefined;
  const sample = link(linkBase, NEWSLETTER_PATHS.unsubscribe, 'test');
  const base = await campaignMailData(ctx, row, list?.name ?? null);
  await enqueueEmail(ctx, ctx.db, {
    to,
    template: 'newsletter-campaign',
    data: { ...base, subject: `[Test] ${base.subject}`, unsubscribeUrl: sample, oneClickUrl: sample },
    ref: `campaign-test:${row.id}`,
  });
}

/**
 * Sends a draft to every confirmed subscriber of its list: in one transaction the campaign turns
 * sent (only one caller can do that), each subscriber gets one delivery row (its primary key
 * makes a second impossible) and one outbox mail, the mails due one CAMPAIGN_SEND_INTERVAL_MS
 * apart so the outbox drains them at a bounded rate.
 */
export async function sendCampaign(ctx: SiteContext, id: string, linkBase: string): Promise<Campaign> {
  const row = await draftOrThrow(ctx, id);
  readyToSend(row, true);
  const list = await findMailingList(ctx.db, ctx.websiteId, row.list_id ?? '');
  if (!list)
    throw new HttpError(400, EDITOR_MESSAGES.listRequired, undefined, {
      listId: EDITOR_MESSAGES.listRequired,
    });
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const claimed = await updateDraftCampaign(trx, ctx.websiteId, id, {
      status: 'sent',
      sent_at: now,
      updated_at: now,
    });
    if (!claimed) throw new HttpError(409, NEWSLETTER_TEXTS.campaignSent);
    const base = await campaignMailData(ctx, row, list.name);
    let count = 0;
    let after: string | undefined;
    for (;;) {
      const batch = await listSubscriberRows(trx, ctx.websiteId, list.id, {
        status: 'subscribed',
        after,
        limit: BATCH,
      });
      for (const s of batch) {
        const openToken = row.track_opens ? newToken(24) : null;
        const outboxId = await enqueueEmail(ctx, trx, {
          to: s.email,
          template: 'newsletter-campaign',
          data: {
            ...base,
            unsubscribeUrl: link(linkBase, NEWSLETTER_PATHS.unsubscribe, s.unsubscribe_token),
            oneClickUrl: link(linkBase, NEWSLETTER_PATHS.oneClick, s.unsubscribe_token),
            ...(openToken ? { openUrl: `${linkBase}${NEWSLETTER_PATHS.open}/${openToken}.gif` } : {}),
          },
          ref: `campaign:${row.id}`,
          notBefore: now + count * CAMPAIGN_SEND_INTERVAL_MS,
        });
        await insertDelivery(trx, {
          campaign_id: row.id,
          subscriber_id: s.id,
          outbox_id: outboxId,
          open_token: openToken,
        });
        count += 1;
      }
      if (batch.length < BATCH) break;
      after = batch[batch.length - 1].email;
    }
    await setRecipientCount(trx, ctx.websiteId, id, count);
  });
  return getCampaign(ctx, id);
}

/** The open-tracking image was loaded. */
export async function recordOpen(ctx: RequestContext, token: string): Promise<void> {
  await markOpened(ctx.db, token, ctx.clock.now());
}

/** The demo store's mailing list; the demo's newsletter form signs up to it. */
export const DEMO_MAILING_LIST = {
  id: 'juniper-letter',
  name: 'The Juniper & Oak letter',
  description: 'News from the workshop, about once a month.',
} as const;

export async function seedDemoNewsletter(database: Database, clock: Clock = systemClock): Promise<void> {
  const site = await loadSite(database.db);
  if (!site) throw new Error('The demo newsletter needs the demo store first.');
  if (await findMailingList(database.db, site.website.id, DEMO_MAILING_LIST.id)) return;
  await insertMailingList(database.db, {
    ...DEMO_MAILING_LIST,
    website_id: site.website.id,
    created_at: clock.now(),
  });
}
