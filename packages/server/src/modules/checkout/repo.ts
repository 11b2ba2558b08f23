import { type Kysely, PostgresAdapter, type QueryCreator, sql } from 'kysely';
import { prepared, preparedStatement } from '../../db/prepared.js';
import type { DB } from '../../db/schema.js';
import type { CartEntryRow, CartRow } from '../cart/service.js';

export function findIdempotencyKey(db: Kysely<DB>, websiteId: string, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('key', '=', key)
    .executeTakeFirst();
}

type IdempotencyClaim = {
  website_id: string;
  key: string;
  request_hash: string;
  order_id: string;
  created_at: number;
};

function claimKey(db: QueryCreator<DB>, p: IdempotencyClaim) {
  return db
    .insertInto('idempotency_keys')
    .values({
      website_id: p.website_id,
      key: p.key,
      request_hash: p.request_hash,
      order_id: p.order_id,
      created_at: p.created_at,
      status: 'completed',
    })
    .onConflict((oc) => oc.columns(['website_id', 'key']).doNothing());
}

const claimStatement = preparedStatement(claimKey);

/**
 * Claims a key inside the order transaction; false when the key is already taken. On PostgreSQL
 * a concurrent claim of the same key waits here until the first transaction ends.
 */
export async function claimIdempotencyKey(db: Kysely<DB>, row: IdempotencyClaim): Promise<boolean> {
  const result = await claimStatement(db, row);
  return Number(result.numAffectedRows ?? 0) === 1;
}

type CartClaim = { websiteId: string; token: string; orderId: string; now: number };

function claimCart(db: QueryCreator<DB>, p: CartClaim) {
  return db
    .updateTable('carts')
    .set({ is_purchased: 1, order_id: p.orderId, updated_at: p.now })
    .where('token', '=', p.token)
    .where('website_id', '=', p.websiteId)
    .where('is_purchased', '=', 0);
}

/** The claimed cart's lines in the order they were added, as one JSON column of the claim's row. */
const CLAIMED_ENTRIES = sql<
  CartEntryRow[]
>`coalesce((select json_agg(e order by e.created_at, e.id) from cart_entries e where e.cart_id = claimed.id), '[]'::json)`;

const claimCartStatement = prepared((db, p: CartClaim) => claimCart(db, p).returningAll());

/**
 * PostgreSQL: the key and, only when the key was free, the cart with its lines, in one statement
 * (a round trip less per order). No row: the key was taken; a row of nulls but `entries`: the
 * key is claimed, the cart is not.
 */
const claimKeyAndCartStatement = prepared((db, p: IdempotencyClaim & { token: string; now: number }) =>
  db
    .with('key', (qb) => claimKey(qb, p).returning('key'))
    .with('claimed', (qb) =>
      // As claimCartByToken builds it: it names no table of the WITH (`key` is read by the raw EXISTS).
      claimCart(qb as unknown as QueryCreator<DB>, {
        websiteId: p.website_id,
        token: p.token,
        orderId: p.order_id,
        now: p.now,
      })
        .where(sql<boolean>`exists (select 1 from "key")`)
        .returningAll(),
    )
    .selectFrom('key')
    .leftJoin('claimed', (join) => join.onTrue())
    .selectAll('claimed')
    .select(CLAIMED_ENTRIES.as('entries')),
);

export interface ClaimedCart {
  cart: CartRow;
  /** Null: the caller reads them. */
  entries: CartEntryRow[] | null;
}

/**
 * Marks the cart of `token` bought by `orderId` and answers it, only if no order bought it first:
 * one statement finds and claims it. Undefined when there is no such cart or it was bought.
 */
async function claimCartByToken(
  db: Kysely<DB>,
  websiteId: string,
  token: string,
  orderId: string,
  now: number,
): Promise<ClaimedCart | undefined> {
  const [cart] = await claimCartStatement(db, { websiteId, token, orderId, now });
  return cart ? { cart, entries: null } : undefined;
}

/**
 * Claims the idempotency key and, when it was free, the cart of `token` (as `claimCartByToken`):
 * null when the key was taken. On PostgreSQL one statement that also answers the cart's lines.
 */
export async function claimKeyAndCart(
  db: Kysely<DB>,
  key: IdempotencyClaim,
  token: string,
  now: number,
): Promise<{ cart: ClaimedCart | undefined } | null> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    if (!(await claimIdempotencyKey(db, key))) return null;
    return { cart: await claimCartByToken(db, key.website_id, token, key.order_id, now) };
  }
  const [row] = await claimKeyAndCartStatement(db, { ...key, token, now });
  if (!row) return null;
  const { entries, ...cart } = row;
  return { cart: cart.id === null ? undefined : { cart: cart as CartRow, entries } };
}

/** Frees the cart an unpaid order had claimed, so the shopper can buy it again. */
export async function unmarkCartPurchased(db: Kysely<DB>, orderId: string, now: number): Promise<void> {
  await db
    .updateTable('carts')
    .set({ is_purchased: 0, order_id: null, updated_at: now })
    .where('order_id', '=', orderId)
    .execute();
}

/** Frees an unpaid order's idempotency key: a retry with it starts afresh, as after a rollback. */
export async function releaseIdempotencyKey(db: Kysely<DB>, orderId: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('order_id', '=', orderId).execute();
}
