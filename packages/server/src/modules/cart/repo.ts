import { type Kysely, PostgresAdapter, type Selectable } from 'kysely';
import { prepared, preparedInsert } from '../../db/prepared.js';
import type { CartEntryTable, CartTable, DB } from '../../db/schema.js';

export type CartRow = Selectable<CartTable>;
export type CartEntryRow = Selectable<CartEntryTable>;

const cartByToken = prepared((db, p: { websiteId: string; token: string }) =>
  db.selectFrom('carts').selectAll().where('token', '=', p.token).where('website_id', '=', p.websiteId),
);

export async function findCartByToken(db: Kysely<DB>, websiteId: string, token: string) {
  return (await cartByToken(db, { websiteId, token }))[0];
}

/** Every column by name, so the statements are built and compiled once. */
function cartValues(p: CartRow): CartRow {
  return {
    id: p.id,
    website_id: p.website_id,
    token: p.token,
    order_id: p.order_id,
    currency: p.currency,
    is_purchased: p.is_purchased,
    created_at: p.created_at,
    updated_at: p.updated_at,
    site_user_id: p.site_user_id,
  };
}

function entryValues(p: CartEntryRow): CartEntryRow {
  return {
    id: p.id,
    cart_id: p.cart_id,
    item_id: p.item_id,
    sku: p.sku,
    quantity: p.quantity,
    additional_fields: p.additional_fields,
    fields_key: p.fields_key,
    purchase_price_cents: p.purchase_price_cents,
    created_at: p.created_at,
  };
}

const insertCartStatement = prepared((db, p: CartRow) => db.insertInto('carts').values(cartValues(p)));

/**
 * PostgreSQL: a new cart and its first line in one statement (the cart in a data-modifying WITH),
 * a round trip less for a shopper's first add. Its rows are the cart, then the line.
 */
const insertCartWithEntryStatement = preparedInsert((db, rows: (CartRow & CartEntryRow)[]) =>
  db
    .with('made', (qb) => qb.insertInto('carts').values(cartValues(rows[0])).returning('id'))
    .insertInto('cart_entries')
    .values(entryValues(rows[1])),
);

const entriesOfCart = prepared((db, p: { cartId: string }) =>
  db
    .selectFrom('cart_entries')
    .selectAll()
    .where('cart_id', '=', p.cartId)
    .orderBy('created_at')
    .orderBy('id'),
);

export function listEntries(db: Kysely<DB>, cartId: string) {
  return entriesOfCart(db, { cartId });
}

/** Adds an entry, or sums the quantity into the entry with the same sku and fields (one statement, so concurrent adds never lose one). */
const upsertEntryStatement = prepared((db, p: CartEntryRow) =>
  db
    .insertInto('cart_entries')
    .values(entryValues(p))
    .onConflict((oc) =>
      oc.columns(['cart_id', 'sku', 'fields_key']).doUpdateSet((eb) => ({
        quantity: eb('cart_entries.quantity', '+', eb.ref('excluded.quantity')),
      })),
    )
    .returningAll(),
);

export async function upsertEntry(db: Kysely<DB>, row: CartEntryRow) {
  return (await upsertEntryStatement(db, row))[0]!;
}

/** Writes a new cart with its first line (both or neither on PostgreSQL); answers the line as written. */
export async function insertCartWithEntry(
  db: Kysely<DB>,
  cart: CartRow,
  entry: CartEntryRow,
): Promise<CartEntryRow> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await insertCartWithEntryStatement(db, [cart, entry] as (CartRow & CartEntryRow)[]);
    return entry;
  }
  await insertCartStatement(db, cart);
  return upsertEntry(db, entry);
}

export function quantityInCart(db: Kysely<DB>, cartId: string, sku: string) {
  return db
    .selectFrom('cart_entries')
    .select((eb) => eb.fn.sum<number | string | null>('quantity').as('total'))
    .where('cart_id', '=', cartId)
    .where('sku', '=', sku)
    .executeTakeFirst()
    .then((r) => Number(r?.total ?? 0));
}

export async function touchCart(db: Kysely<DB>, cartId: string, now: number): Promise<void> {
  await db.updateTable('carts').set({ updated_at: now }).where('id', '=', cartId).execute();
}

export function findEntry(db: Kysely<DB>, cartId: string, entryId: string) {
  return db
    .selectFrom('cart_entries')
    .selectAll()
    .where('cart_id', '=', cartId)
    .where('id', '=', entryId)
    .executeTakeFirst();
}

export function findEntryByKey(db: Kysely<DB>, cartId: string, sku: string, fieldsKey: string) {
  return db
    .selectFrom('cart_entries')
    .selectAll()
    .where('cart_id', '=', cartId)
    .where('sku', '=', sku)
    .where('fields_key', '=', fieldsKey)
    .executeTakeFirst();
}

export async function setEntryFields(
  db: Kysely<DB>,
  entryId: string,
  additionalFields: string,
  fieldsKey: string,
): Promise<void> {
  await db
    .updateTable('cart_entries')
    .set({ additional_fields: additionalFields, fields_key: fieldsKey })
    .where('id', '=', entryId)
    .execute();
}

/** Moves `entry`'s quantity onto the entry `intoId` and removes `entry`, in one transaction. */
export async function mergeEntryInto(db: Kysely<DB>, entry: CartEntryRow, intoId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('cart_entries')
      .set((eb) => ({ quantity: eb('quantity', '+', entry.quantity) }))
      .where('id', '=', intoId)
      .execute();
    await trx.deleteFrom('cart_entries').where('id', '=', entry.id).execute();
  });
}

export async function setEntryQuantity(db: Kysely<DB>, entryId: string, quantity: number): Promise<void> {
  await db.updateTable('cart_entries').set({ quantity }).where('id', '=', entryId).execute();
}

export async function deleteEntry(db: Kysely<DB>, entryId: string): Promise<void> {
  await db.deleteFrom('cart_entries').where('id', '=', entryId).execute();
}

export async function countEntries(db: Kysely<DB>, cartId: string): Promise<number> {
  const row = await db
    .selectFrom('cart_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('cart_id', '=', cartId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The account's cart not yet bought, the most recently used first. */
export function findOpenCartOfSiteUser(db: Kysely<DB>, websiteId: string, siteUserId: string) {
  return db
    .selectFrom('carts')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('site_user_id', '=', siteUserId)
    .where('is_purchased', '=', 0)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function setCartSiteUser(db: Kysely<DB>, cartId: string, siteUserId: string): Promise<void> {
  await db.updateTable('carts').set({ site_user_id: siteUserId }).where('id', '=', cartId).execute();
}

export async function deleteEntriesOfCart(db: Kysely<DB>, cartId: string): Promise<void> {
  await db.deleteFrom('cart_entries').where('cart_id', '=', cartId).execute();
}
