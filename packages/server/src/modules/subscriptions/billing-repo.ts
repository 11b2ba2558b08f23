import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Database } from '../../db/index.js';
import type { DB, SubscriptionTable } from '../../db/schema.js';

export type SubscriptionRow = Selectable<SubscriptionTable>;

/** Statuses the renewal worker bills. */
const BILLABLE = ['active', 'past_due'] as const;

export async function insertSubscription(db: Kysely<DB>, row: Insertable<SubscriptionTable>): Promise<void> {
  await db.insertInto('subscriptions').values(row).execute();
}

export function findSubscription(db: Kysely<DB>, websiteId: string, id: string) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findSubscriptionByOrder(db: Kysely<DB>, websiteId: string, orderId: string) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

/**
 * Claims up to `limit` due subscriptions for one worker in a single UPDATE, as the outbox does:
 * billable, due, and not held by another worker's unexpired claim. PostgreSQL locks the
 * candidates with FOR UPDATE SKIP LOCKED so concurrent workers take different rows; SQLite runs
 * one write statement at a time, so the conditional UPDATE alone is exclusive.
 */
export function claimDueSubscriptions(
  database: Database,
  claim: { now: number; lockedUntil: number; token: string; limit: number },
): Promise<SubscriptionRow[]> {
  const { now, lockedUntil, token, limit } = claim;
  return database.db
    .updateTable('subscriptions')
    .set({ locked_until: lockedUntil, claim_token: token })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('subscriptions')
        .select('id')
        .where('status', 'in', BILLABLE)
        .where('next_attempt_at', '<=', now)
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .$if(database.dialect === 'postgres', (q) => q.forUpdate().skipLocked()),
    )
    .where('status', 'in', BILLABLE)
    .where('next_attempt_at', '<=', now)
    .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]))
    .returningAll()
    .execute();
}

/**
 * Changes a subscription this worker still holds (its claim token, still billable); false when
 * the claim was lost or the shopper cancelled meanwhile.
 */
export async function updateClaimed(
  db: Kysely<DB>,
  id: string,
  token: string,
  change: Updateable<SubscriptionTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set(change)
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .where('status', 'in', BILLABLE)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Cancels a billable or paused subscription; false when it had already ended. */
export async function markCancelled(db: Kysely<DB>, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({
      status: 'cancelled',
      cancelled_at: now,
      next_billing_at: null,
      next_attempt_at: null,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', 'in', [...BILLABLE, 'paused'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findWebsite(db: Kysely<DB>, websiteId: string) {
  return db
    .selectFrom('websites')
    .select(['site_title', 'time_zone', 'locale'])
    .where('id', '=', websiteId)
    .executeTakeFirst();
}

/** The owner's subscription list: newest first, by status and part of the email. */
function filteredSubscriptions(
  db: Kysely<DB>,
  websiteId: string,
  f: { status?: SubscriptionTable['status']; search?: string },
) {
  return db
    .selectFrom('subscriptions')
    .where('website_id', '=', websiteId)
    .$if(f.status !== undefined, (q) => q.where('status', '=', f.status!))
    .$if(!!f.search, (q) =>
      q.where((eb) =>
        eb.or([
          eb('id', '=', f.search!),
          eb('order_id', '=', f.search!),
          sql<boolean>`lower(email) like ${`%${f.search!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`,
        ]),
      ),
    );
}

export function listSubscriptionRows(
  db: Kysely<DB>,
  websiteId: string,
  f: { status?: SubscriptionTable['status']; search?: string },
  limit: number,
  offset: number,
) {
  return filteredSubscriptions(db, websiteId, f)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countSubscriptionRows(
  db: Kysely<DB>,
  websiteId: string,
  f: { status?: SubscriptionTable['status']; search?: string },
): Promise<number> {
  const row = await filteredSubscriptions(db, websiteId, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Pauses an active subscription: the worker skips it (not billable) and it keeps its next date.
 * False when it was not active or the worker holds it right now (a renewal is under way).
 */
export async function markPaused(db: Kysely<DB>, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ status: 'paused', next_attempt_at: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Resumes a paused subscription, billing on its next date (or at once when that has passed). */
export async function markResumed(db: Kysely<DB>, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set((eb) => ({
      status: 'active',
      next_attempt_at: sql<number>`case when ${eb.ref('next_billing_at')} > ${now} then ${eb.ref('next_billing_at')} else ${now} end`,
      updated_at: now,
    }))
    .where('id', '=', id)
    .where('status', '=', 'paused')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves an active or paused subscription's next billing date; an active one is then tried on it. */
export async function setNextBilling(db: Kysely<DB>, id: string, at: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set((eb) => ({
      next_billing_at: at,
      // PostgreSQL cannot type a bare parameter in a CASE: the cast names it.
      next_attempt_at: sql<
        number | null
      >`case when ${eb.ref('status')} = 'active' then cast(${at} as bigint) else null end`,
      updated_at: now,
    }))
    .where('id', '=', id)
    .where('status', 'in', ['active', 'paused'])
    .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
