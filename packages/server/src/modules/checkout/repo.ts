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

/**
 * Claims a key inside the order transaction; false when the key is already taken. On PostgreSQL
 * a concurrent claim of the same key waits here until the first transaction ends.
 */
type IdempotencyClaim = {
  website_id: string;
  key: string;
  request_hash: string;
  order_id: string;
  created_at: number;
};

const claimStatement = preparedStatement((db, p: IdempotencyClaim) =>
  db
    .insertInto('idempotency_keys')
    .values({
      website_id: p.website_id,
      key: p.key,
      request_hash: p.request_hash,
      order_id: p.order_id,
      created_at: p.created_at,
      status: 'completed',
    })
    .onConflict((oc) => oc.columns(['website_id', 'key']).doNothing()),
);

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

const claimCartStatement = prepared((db, p: CartClaim) => claimCart(db, p).returningAll());

/** PostgreSQL: the claim and the cart's lines (in the order they were added) in one statement. */
const claimCartWithEntriesStatement = prepared((db, p: CartClaim) =>
  db
    .with('claimed', (qb) => claimCart(qb, p).returningAll())
    .selectFrom('claimed')
    .selectAll('claimed')
    .select(
      sql<
        CartEntryRow[]
      >`coalesce((select json_agg(e order by e.created_at, e.id) from cart_entries e where e.cart_id = claimed.id), '[]'::json)`.as(
        'entries',
      ),
    ),
);

/**
 * Marks the cart of `token` bought by `orderId` and answers it, only if no order bought it first:
 * one statement finds and claims it. Undefined when there is no such cart or it was bought. On
 * PostgreSQL the same statement answers the cart's lines (a round trip less per order); else
 * `entries` is null and the caller reads them.
 */
export async function claimCartByToken(
  db: Kysely<DB>,
  websiteId: string,
  token: string,
  orderId: string,
  now: number,
): Promise<{ cart: CartRow; entries: CartEntryRow[] | null } | undefined> {
  const claim = { websiteId, token, orderId, now };
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const [row] = await claimCartWithEntriesStatement(db, claim);
    if (!row) return undefined;
    const { entries, ...cart } = row;
    return { cart, entries };
  }
  const [cart] = await claimCartStatement(db, claim);
  return cart ? { cart, entries: null } : undefined;
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
