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
