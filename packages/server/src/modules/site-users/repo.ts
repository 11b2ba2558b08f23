import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, SiteUserTable } from '../../db/schema.js';

export type SiteUserRow = Selectable<SiteUserTable>;
type TokenRow = Selectable<DB['site_user_tokens']>;

export function findSiteUserByEmail(db: Kysely<DB>, websiteId: string, email: string) {
  return db
    .selectFrom('site_users')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('email', '=', email)
    .executeTakeFirst();
}

export function findSiteUserById(db: Kysely<DB>, websiteId: string, id: string) {
  return db
    .selectFrom('site_users')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** False when the email already has an account on the website (the unique key decides, race-free). */
export async function insertSiteUser(db: Kysely<DB>, row: SiteUserRow): Promise<boolean> {
  const result = await db
    .insertInto('site_users')
    .values(row)
    .onConflict((oc) => oc.columns(['website_id', 'email']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return result !== undefined;
}

export async function updateSiteUserPassword(
  db: Kysely<DB>,
  id: string,
  passwordHash: string,
): Promise<void> {
  await db.updateTable('site_users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

export async function insertSiteUserToken(
  db: Kysely<DB>,
  row: Insertable<DB['site_user_tokens']>,
): Promise<void> {
  await db.insertInto('site_user_tokens').values(row).execute();
}

/** Marks the unused, unexpired token used and answers it; undefined when there is none (or another request won). */
export async function useSiteUserToken(
  db: Kysely<DB>,
  id: string,
  purpose: TokenRow['purpose'],
  now: number,
): Promise<TokenRow | undefined> {
  const row = await db
    .selectFrom('site_user_tokens')
    .selectAll()
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const result = await db
    .updateTable('site_user_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? row : undefined;
}

/** Whether the account has used a link before (`exceptId`: the one just used). */
export async function usedOtherToken(db: Kysely<DB>, siteUserId: string, exceptId: string): Promise<boolean> {
  const row = await db
    .selectFrom('site_user_tokens')
    .select('id')
    .where('site_user_id', '=', siteUserId)
    .where('id', '!=', exceptId)
    .where('used_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every other outstanding link of the account stops working (a password was just set). */
export async function retireSiteUserTokens(db: Kysely<DB>, siteUserId: string, now: number): Promise<void> {
  await db
    .updateTable('site_user_tokens')
    .set({ used_at: now })
    .where('site_user_id', '=', siteUserId)
    .where('used_at', 'is', null)
    .execute();
}

export function listAddresses(db: Kysely<DB>, siteUserId: string) {
  return db
    .selectFrom('site_user_addresses')
    .selectAll()
    .where('site_user_id', '=', siteUserId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function countAddresses(db: Kysely<DB>, siteUserId: string): Promise<number> {
  const row = await db
    .selectFrom('site_user_addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('site_user_id', '=', siteUserId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAddress(
  db: Kysely<DB>,
  row: Insertable<DB['site_user_addresses']>,
): Promise<void> {
  await db.insertInto('site_user_addresses').values(row).execute();
}

export async function deleteAddress(db: Kysely<DB>, siteUserId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('site_user_addresses')
    .where('site_user_id', '=', siteUserId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The account's orders, newest first (placed while signed in). */
export function listOrdersOfSiteUser(db: Kysely<DB>, websiteId: string, siteUserId: string, limit: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('site_user_id', '=', siteUserId)
    .where('status', '!=', 'reserved')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The product ids of each of the account's orders, with the order's status (member areas). */
export function listOrderProductsOfSiteUser(db: Kysely<DB>, websiteId: string, siteUserId: string) {
  return db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .select(['orders.id as order_id', 'orders.status', 'order_items.item_id'])
    .where('orders.website_id', '=', websiteId)
    .where('orders.site_user_id', '=', siteUserId)
    .execute();
}

export async function linkOrder(
  db: Kysely<DB>,
  websiteId: string,
  orderId: string,
  siteUserId: string,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ site_user_id: siteUserId })
    .where('website_id', '=', websiteId)
    .where('id', '=', orderId)
    .where('site_user_id', 'is', null)
    .execute();
}

/** Subscriptions bought by the account's orders, newest first. */
export function listSubscriptionsOfSiteUser(db: Kysely<DB>, websiteId: string, siteUserId: string) {
  return db
    .selectFrom('subscriptions')
    .innerJoin('orders', 'orders.id', 'subscriptions.order_id')
    .selectAll('subscriptions')
    .where('subscriptions.website_id', '=', websiteId)
    .where('orders.site_user_id', '=', siteUserId)
    .orderBy('subscriptions.started_at', 'desc')
    .execute();
}

/** The account's waitlist signups, newest first. */
export function listRestockSignupsOfSiteUser(db: Kysely<DB>, websiteId: string, siteUserId: string) {
  return db
    .selectFrom('restock_signups')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('site_user_id', '=', siteUserId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
