import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, DownloadTable, OrderItemTable, OrderTable } from '../../db/schema.js';

export type OrderRow = Selectable<OrderTable>;
export type OrderItemRow = Selectable<OrderItemTable>;

export async function insertOrder(db: Kysely<DB>, row: Insertable<OrderTable>): Promise<void> {
  await db.insertInto('orders').values(row).execute();
}

export async function insertOrderItems(db: Kysely<DB>, rows: Insertable<OrderItemTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('order_items').values(rows).execute();
}

export async function insertDownloads(db: Kysely<DB>, rows: Insertable<DownloadTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('downloads').values(rows).execute();
}

export function findOrder(db: Kysely<DB>, websiteId: string, id: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function listOrderItems(db: Kysely<DB>, orderId: string) {
  return db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
}

export function listDownloads(db: Kysely<DB>, orderId: string) {
  return db
    .selectFrom('downloads')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('product_name')
    .orderBy('token')
    .execute();
}

export function findDownload(db: Kysely<DB>, websiteId: string, token: string) {
  return db
    .selectFrom('downloads')
    .innerJoin('orders', 'orders.id', 'downloads.order_id')
    .select([
      'downloads.token',
      'downloads.product_name',
      'downloads.item_id',
      'orders.id as order_id',
      'orders.created_at',
    ])
    .where('downloads.website_id', '=', websiteId)
    .where('downloads.token', '=', token)
    .executeTakeFirst();
}

/**
 * Moves a reserved order on, only while it is still reserved (one statement), and answers the row
 * it moved (null when it was not reserved): of a late payment and a release racing for one
 * reservation, exactly one wins.
 */
export async function settleReservedOrder(
  db: Kysely<DB>,
  orderId: string,
  next: { status: 'paid' | 'pending'; payment_reference: string | null },
): Promise<OrderRow | null> {
  const row = await db
    .updateTable('orders')
    .set({ ...next, reserved_stock: null })
    .where('id', '=', orderId)
    .where('status', '=', 'reserved')
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** Deletes a reserved order and its lines; false when it is no longer reserved. */
export async function deleteReservedOrder(db: Kysely<DB>, orderId: string): Promise<OrderRow | null> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('status', '=', 'reserved')
    .executeTakeFirst();
  if (!row) return null;
  await db.deleteFrom('order_items').where('order_id', '=', orderId).execute();
  const result = await db
    .deleteFrom('orders')
    .where('id', '=', orderId)
    .where('status', '=', 'reserved')
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1 ? row : null;
}

/** Reservations older than `before` (their checkout died between reserving and paying). */
export function listReservedBefore(db: Kysely<DB>, before: number, limit: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'website_id'])
    .where('status', '=', 'reserved')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

export async function recordReservedStock(
  db: Kysely<DB>,
  orderId: string,
  reservedStock: string | null,
): Promise<void> {
  await db.updateTable('orders').set({ reserved_stock: reservedStock }).where('id', '=', orderId).execute();
}
