import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type {
  DB,
  MailingListTable,
  NewsletterCampaignTable,
  NewsletterSubscriberTable,
  SubscriberStatus,
} from '../../db/schema.js';

export type MailingListRow = Selectable<MailingListTable>;
export type SubscriberRow = Selectable<NewsletterSubscriberTable>;
export type CampaignRow = Selectable<NewsletterCampaignTable>;

export function listMailingListRows(db: Kysely<DB>, websiteId: string) {
  return db
    .selectFrom('mailing_lists')
    .selectAll()
    .where('website_id', '=', websiteId)
    .orderBy('name')
    .execute();
}

export function findMailingList(db: Kysely<DB>, websiteId: string, id: string) {
  return db
    .selectFrom('mailing_lists')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertMailingList(db: Kysely<DB>, row: Insertable<MailingListTable>): Promise<void> {
  await db.insertInto('mailing_lists').values(row).execute();
}

export async function updateMailingList(
  db: Kysely<DB>,
  websiteId: string,
  id: string,
  changes: Updateable<MailingListTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('mailing_lists')
    .set(changes)
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Deletes a list with its subscribers (cascade); its campaigns keep their text, without a list. */
export async function deleteMailingList(db: Kysely<DB>, websiteId: string, id: string): Promise<boolean> {
  await db
    .updateTable('newsletter_campaigns')
    .set({ list_id: null })
    .where('website_id', '=', websiteId)
    .where('list_id', '=', id)
    .where('status', '=', 'draft')
    .execute();
  const r = await db
    .deleteFrom('mailing_lists')
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** Subscribers per list and status. */
export function countSubscribers(db: Kysely<DB>, websiteId: string) {
  return db
    .selectFrom('newsletter_subscribers')
    .select(['list_id', 'status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('website_id', '=', websiteId)
    .groupBy(['list_id', 'status'])
    .execute();
}

export function findSubscriber(db: Kysely<DB>, listId: string, email: string) {
  return db
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('list_id', '=', listId)
    .where('email', '=', email)
    .executeTakeFirst();
}

export function findSubscriberByConfirmHash(db: Kysely<DB>, hash: string) {
  return db
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('confirm_token_hash', '=', hash)
    .executeTakeFirst();
}

export function findSubscriberByUnsubscribeToken(db: Kysely<DB>, token: string) {
  return db
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('unsubscribe_token', '=', token)
    .executeTakeFirst();
}

export async function insertSubscriber(
  db: Kysely<DB>,
  row: Insertable<NewsletterSubscriberTable>,
): Promise<void> {
  await db.insertInto('newsletter_subscribers').values(row).execute();
}

/** Changes a subscriber, only while it is in status `from` (so a racing change does not undo another). */
export async function updateSubscriber(
  db: Kysely<DB>,
  id: string,
  from: SubscriberStatus[],
  changes: Updateable<NewsletterSubscriberTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('newsletter_subscribers')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of a list's subscribers by address, after `after`; `search` matches part of the address. */
export function listSubscriberRows(
  db: Kysely<DB>,
  websiteId: string,
  listId: string,
  options: { search?: string; status?: SubscriberStatus; after?: string; limit: number },
) {
  let q = db
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('list_id', '=', listId);
  if (options.search) {
    q = q.where(sql<boolean>`email like ${`%${likeEscape(options.search.toLowerCase())}%`} escape '\\'`);
  }
  if (options.status) q = q.where('status', '=', options.status);
  if (options.after) q = q.where('email', '>', options.after);
  return q.orderBy('email').limit(options.limit).execute();
}

export function listCampaignRows(db: Kysely<DB>, websiteId: string) {
  return db
    .selectFrom('newsletter_campaigns')
    .selectAll()
    .where('website_id', '=', websiteId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
}

export function findCampaign(db: Kysely<DB>, websiteId: string, id: string) {
  return db
    .selectFrom('newsletter_campaigns')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertCampaign(
  db: Kysely<DB>,
  row: Insertable<NewsletterCampaignTable>,
): Promise<void> {
  await db.insertInto('newsletter_campaigns').values(row).execute();
}

/** Changes a draft; false when there is no such draft (unknown, or already sent). */
export async function updateDraftCampaign(
  db: Kysely<DB>,
  websiteId: string,
  id: string,
  changes: Updateable<NewsletterCampaignTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('newsletter_campaigns')
    .set(changes)
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteDraftCampaign(db: Kysely<DB>, websiteId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('newsletter_campaigns')
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

export async function insertDelivery(
  db: Kysely<DB>,
  row: { campaign_id: string; subscriber_id: string; outbox_id: string; open_token: string | null },
): Promise<void> {
  await db
    .insertInto('newsletter_deliveries')
    .values({ ...row, opened_at: null })
    .execute();
}

/** Per campaign: mails queued, sent by the outbox, and opened (when tracked). */
export function deliveryCounts(db: Kysely<DB>, websiteId: string) {
  return db
    .selectFrom('newsletter_deliveries as d')
    .innerJoin('newsletter_campaigns as c', 'c.id', 'd.campaign_id')
    .leftJoin('outbox as o', 'o.id', 'd.outbox_id')
    .select((eb) => [
      'd.campaign_id',
      eb.fn.countAll<string | number>().as('queued'),
      eb.fn
        .sum<string | number | null>(eb.case().when('o.status', '=', 'sent').then(1).else(0).end())
        .as('sent'),
      eb.fn.count<string | number>('d.opened_at').as('opened'),
    ])
    .where('c.website_id', '=', websiteId)
    .groupBy('d.campaign_id')
    .execute();
}

/** Records the first open of a delivery by its image's token. */
export async function markOpened(db: Kysely<DB>, token: string, now: number): Promise<void> {
  await db
    .updateTable('newsletter_deliveries')
    .set({ opened_at: now })
    .where('open_token', '=', token)
    .where('opened_at', 'is', null)
    .execute();
}

export async function setRecipientCount(db: Kysely<DB>, websiteId: string, id: string, count: number) {
  await db
    .updateTable('newsletter_campaigns')
    .set({ recipient_count: count })
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .execute();
}
