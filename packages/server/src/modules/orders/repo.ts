import { FIRST_ORDER_NUMBER, ORDER_NUMBER_PREFIX } from '@storefront/commerce';
import {
  type CompiledQuery,
  type Insertable,
  type Kysely,
  PostgresAdapter,
  type QueryCreator,
  type Selectable,
  sql,
  type Transaction,
} from 'kysely';
import {
  type Carried,
  COMPANION_WRITTEN_OR_FAIL,
  CompanionNotWritten,
  type CompanionWrite,
  isCompanionNotWritten,
} from '../../db/companion.js';
import { prepared, preparedInsert, preparedQuery, putParams, standInsOf } from '../../db/prepared.js';
import type {
  DB,
  DownloadTable,
  FulfilmentStatus,
  OrderFulfilmentTable,
  OrderItemTable,
  OrderRefundTable,
  OrderStatus,
  OrderTable,
} from '../../db/schema.js';
import { executeAndCommit } from '../../db/write-version.js';

export type OrderRow = Selectable<OrderTable>;
export type OrderItemRow = Selectable<OrderItemTable>;

/** The store's next number: the counter row created, or bumped (also in a WITH clause). */
function nextNumber(db: QueryCreator<DB>, p: { websiteId: string; first: number }) {
  return db
    .insertInto('order_counters')
    .values({ website_id: p.websiteId, last_number: p.first })
    .onConflict((oc) =>
      oc.column('website_id').doUpdateSet({ last_number: sql<number>`order_counters.last_number + 1` }),
    )
    .returning('last_number');
}

const takeOrderNumberStatement = prepared(nextNumber);

/**
 * Takes the store's next order number, in the caller's transaction. One statement that creates
 * or bumps the counter row: on PostgreSQL the row stays locked until the transaction ends and on
 * SQLite the write lock is held, so racing checkouts never share a number (and a rolled-back
 * checkout gives its number back).
 */
export async function takeOrderNumber(db: Kysely<DB>, websiteId: string): Promise<number> {
  const [row] = await takeOrderNumberStatement(db, { websiteId, first: FIRST_ORDER_NUMBER });
  return Number(row.last_number);
}

/** Every column by name, so the statements are built and compiled once (every checkout writes one). */
function orderValues(p: OrderRow): OrderRow {
  return {
    id: p.id,
    website_id: p.website_id,
    purchased_cart_id: p.purchased_cart_id,
    source_kind: p.source_kind,
    source_key: p.source_key,
    status: p.status,
    fulfilment_status: p.fulfilment_status,
    refunded_cents: p.refunded_cents,
    restocked_at: p.restocked_at,
    reserved_stock: p.reserved_stock,
    test_mode: p.test_mode,
    email: p.email,
    shipping_address: p.shipping_address,
    billing_address: p.billing_address,
    phone: p.phone,
    note: p.note,
    shipping_option: p.shipping_option,
    coupon_codes: p.coupon_codes,
    currency: p.currency,
    subtotal_cents: p.subtotal_cents,
    discount_cents: p.discount_cents,
    shipping_cents: p.shipping_cents,
    tax_cents: p.tax_cents,
    grand_total_cents: p.grand_total_cents,
    gift_card_cents: p.gift_card_cents,
    amount_paid_cents: p.amount_paid_cents,
    payment_provider: p.payment_provider,
    payment_reference: p.payment_reference,
    access_token: p.access_token,
    site_user_id: p.site_user_id,
    created_at: p.created_at,
    number: p.number,
  };
}

function orderItemValues(r: OrderItemRow): OrderItemRow {
  return {
    id: r.id,
    order_id: r.order_id,
    position: r.position,
    item_id: r.item_id,
    sku: r.sku,
    product_name: r.product_name,
    product_type: r.product_type,
    quantity: r.quantity,
    unit_price_cents: r.unit_price_cents,
    additional_fields: r.additional_fields,
    variant_options: r.variant_options,
  };
}

const insertOrderStatement = prepared((db, p: OrderRow) => db.insertInto('orders').values(orderValues(p)));

/** Writes an order; one written as placed (not 'reserved') takes its number now. */
export async function insertOrder(db: Kysely<DB>, row: OrderRow): Promise<OrderRow['number']> {
  const number = row.status === 'reserved' ? null : await takeOrderNumber(db, row.website_id);
  await insertOrderStatement(db, { ...row, number });
  return number;
}

export const insertOrderItems = preparedInsert((db, rows: OrderItemRow[]) =>
  db.insertInto('order_items').values(rows.map(orderItemValues)),
);

/**
 * PostgreSQL: a reserved order and its lines in one statement (the order in a data-modifying
 * WITH), a round trip less per checkout. Its rows are the order, then its lines.
 */
const insertOrderWithItemsStatement = preparedInsert((db, rows: (OrderRow & OrderItemRow)[]) =>
  db
    .with('placed', (qb) => qb.insertInto('orders').values(orderValues(rows[0])).returning('id'))
    .insertInto('order_items')
    .values(rows.slice(1).map(orderItemValues)),
);

const insertOrderAlongStatements = new Map<
  string,
  (db: Kysely<DB>, params: Record<string, unknown>) => CompiledQuery<{ written: number }>
>();

/**
 * PostgreSQL: a reserved order and its lines written with a companion (the stock it takes) as the
 * last statement of the caller's transaction, which commits in the same round trip
 * (`executeAndCommit`): the rows the companion locks are held only while the server runs it. Throws
 * `CompanionNotWritten` when the companion wrote nothing: the whole transaction was rolled back.
 */
export async function insertReservedOrderAndCommit(
  trx: Transaction<DB>,
  row: OrderRow,
  items: readonly OrderItemRow[],
  along: CompanionWrite,
): Promise<void> {
  const key = `${items.length}:${along.shape}`;
  let bind = insertOrderAlongStatements.get(key);
  if (!bind) {
    const count = items.length;
    bind = preparedQuery((db, p: Record<string, unknown>) => {
      return (
        db
          .with('placed', (qb) =>
            qb
              .insertInto('orders')
              .values(orderValues(standInsOf<OrderRow>(p, 0)))
              .returning('id'),
          )
          .with('lines', (qb) =>
            qb
              .insertInto('order_items')
              .values(
                Array.from({ length: count }, (_, i) => orderItemValues(standInsOf<OrderItemRow>(p, i + 1))),
              )
              .returning('id'),
          )
          // The order and its lines are written before the companion reads this (all of the lines:
          // the count reads them to the end).
          .with('carried', (qb) =>
            qb
              .selectFrom('placed')
              .select(sql<string | null>`null`.as('number_text'))
              .where((eb) => eb.selectFrom('lines').select((l) => l.fn.countAll().as('n')), '=', count),
          )
          .with('along', (qb) => along.build(qb as never, standInsOf(p, 'along')) as never)
          .selectFrom('along' as never)
          .select(COMPANION_WRITTEN_OR_FAIL.as('written'))
      );
    });
    insertOrderAlongStatements.set(key, bind);
  }
  const params: Record<string, unknown> = {};
  [row, ...items].forEach((r, i) => {
    putParams(params, i, r);
  });
  putParams(params, 'along', along.params);
  try {
    await executeAndCommit(trx, bind(trx, params));
  } catch (err) {
    if (isCompanionNotWritten(err)) throw new CompanionNotWritten(along.shape);
    throw err;
  }
}

/** Writes a reserved order (numbered only once paid) with its lines, in the caller's transaction. */
export async function insertReservedOrder(
  db: Kysely<DB>,
  row: OrderRow,
  items: readonly OrderItemRow[],
): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter && items.length > 0) {
    await insertOrderWithItemsStatement(db, [row, ...items] as (OrderRow & OrderItemRow)[]);
    return;
  }
  await insertOrderStatement(db, row);
  await insertOrderItems(db, items);
}

export const insertDownloads = preparedInsert((db, rows: Selectable<DownloadTable>[]) =>
  db.insertInto('downloads').values(
    rows.map((r) => ({
      token: r.token,
      website_id: r.website_id,
      order_id: r.order_id,
      item_id: r.item_id,
      product_name: r.product_name,
      created_at: r.created_at,
    })),
  ),
);

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
      'orders.number as order_number',
      'orders.created_at',
    ])
    .where('downloads.website_id', '=', websiteId)
    .where('downloads.token', '=', token)
    .executeTakeFirst();
}

export type OrderFulfilmentRow = Selectable<OrderFulfilmentTable>;
export type OrderRefundRow = Selectable<OrderRefundTable>;

/** What the owner's order list filters by; every part optional. */
export interface OrderFilterRows {
  paymentStatus?: OrderStatus;
  fulfilmentStatus?: FulfilmentStatus;
  /** ms since epoch, inclusive. */
  from?: number;
  /** ms since epoch, exclusive. */
  to?: number;
  testMode?: boolean;
  /** Lower-cased: part of the email, the whole order id, or the order number ('1001' or '#1001'). */
  search?: string;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filtered(db: Kysely<DB>, websiteId: string, f: OrderFilterRows) {
  return (
    db
      .selectFrom('orders')
      .where('website_id', '=', websiteId)
      // A reservation is a checkout still authorizing its payment, not an order yet.
      .where('status', '!=', 'reserved')
      .$if(f.paymentStatus !== undefined, (q) => q.where('status', '=', f.paymentStatus!))
      .$if(f.fulfilmentStatus !== undefined, (q) => q.where('fulfilment_status', '=', f.fulfilmentStatus!))
      .$if(f.from !== undefined, (q) => q.where('created_at', '>=', f.from!))
      .$if(f.to !== undefined, (q) => q.where('created_at', '<', f.to!))
      .$if(f.testMode !== undefined, (q) => q.where('test_mode', '=', f.testMode ? 1 : 0))
      .$if(!!f.search, (q) =>
        q.where((eb) =>
          eb.or([
            eb('id', '=', f.search!),
            ...(/^#?\d{1,9}$/.test(f.search!) ? [eb('number', '=', Number(f.search!.replace('#', '')))] : []),
            sql<boolean>`lower(email) like ${`%${escapeLike(f.search!)}%`} escape '\\'`,
          ]),
        ),
      )
  );
}

/** The lines of several orders, in each order's line order. */
export function listItemsOfOrders(db: Kysely<DB>, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([] as OrderItemRow[]);
  return db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('position')
    .execute();
}

/** One page of orders, newest first. */
export function listOrderRows(
  db: Kysely<DB>,
  websiteId: string,
  f: OrderFilterRows,
  limit: number,
  offset: number,
) {
  return filtered(db, websiteId, f)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countOrderRows(db: Kysely<DB>, websiteId: string, f: OrderFilterRows): Promise<number> {
  const row = await filtered(db, websiteId, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The orders whose source key starts with `prefix` (a subscription's renewals), oldest first. */
export function listOrdersBySourcePrefix(db: Kysely<DB>, websiteId: string, prefix: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where(sql<boolean>`source_key like ${`${escapeLike(prefix)}%`} escape '\\'`)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Adds `amountCents` to what was refunded, in one conditional UPDATE: only on a paid (or partly
 * refunded) order and only while the refunded total stays within what was paid. Concurrent
 * refunds serialise on the row, so together they never pass the paid amount. The status becomes
 * 'refunded' when all of it went back, else 'partially_refunded'. Answers the new refunded
 * total, or null when refused.
 */
export async function addRefunded(
  db: Kysely<DB>,
  orderId: string,
  amountCents: number,
): Promise<number | null> {
  const row = await db
    .updateTable('orders')
    .set({
      refunded_cents: sql<number>`refunded_cents + ${amountCents}`,
      status: sql<OrderStatus>`case when refunded_cents + ${amountCents} >= amount_paid_cents then 'refunded' else 'partially_refunded' end`,
    })
    .where('id', '=', orderId)
    .where('status', 'in', ['paid', 'partially_refunded'])
    .where(sql<boolean>`refunded_cents + ${amountCents} <= amount_paid_cents`)
    .returning('refunded_cents')
    .executeTakeFirst();
  return row ? Number(row.refunded_cents) : null;
}

/**
 * Takes back a refund the payment provider refused: the refunded total falls by `amountCents` and
 * the status follows it ('paid' again when nothing is left refunded).
 */
export async function subtractRefunded(db: Kysely<DB>, orderId: string, amountCents: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      refunded_cents: sql<number>`refunded_cents - ${amountCents}`,
      status: sql<OrderStatus>`case when refunded_cents - ${amountCents} <= 0 then 'paid' else 'partially_refunded' end`,
    })
    .where('id', '=', orderId)
    .where('refunded_cents', '>=', amountCents)
    .execute();
}

export async function clearRestocked(db: Kysely<DB>, orderId: string): Promise<void> {
  await db.updateTable('orders').set({ restocked_at: null }).where('id', '=', orderId).execute();
}

export async function markRefundDone(db: Kysely<DB>, refundId: string): Promise<void> {
  await db.updateTable('order_refunds').set({ status: 'done' }).where('id', '=', refundId).execute();
}

export async function deleteRefund(db: Kysely<DB>, refundId: string): Promise<void> {
  await db.deleteFrom('order_refunds').where('id', '=', refundId).execute();
}

/** Marks the order's items restocked; false when they already were (a second restock is refused). */
export async function markRestocked(db: Kysely<DB>, orderId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ restocked_at: now })
    .where('id', '=', orderId)
    .where('restocked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks an unfulfilled order fulfilled; false when it already was. */
export async function markFulfilled(db: Kysely<DB>, orderId: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ fulfilment_status: 'fulfilled' })
    .where('id', '=', orderId)
    .where('fulfilment_status', '=', 'unfulfilled')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertRefund(db: Kysely<DB>, row: Insertable<OrderRefundTable>): Promise<void> {
  await db.insertInto('order_refunds').values(row).execute();
}

export async function insertFulfilment(db: Kysely<DB>, row: Insertable<OrderFulfilmentTable>): Promise<void> {
  await db.insertInto('order_fulfilments').values(row).execute();
}

export function listRefunds(db: Kysely<DB>, orderId: string) {
  return db
    .selectFrom('order_refunds')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function listFulfilments(db: Kysely<DB>, orderId: string) {
  return db
    .selectFrom('order_fulfilments')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

type Settle = { id: string; status: string; paymentReference: string | null };

/** What settling writes, but the number. */
function settled(p: Settle) {
  return {
    status: sql<OrderStatus>`${p.status}`,
    payment_reference: p.paymentReference,
    // A pending order keeps what it took until its payment settles: a declined plan gives it back.
    reserved_stock: sql<string | null>`case when ${p.status} = 'pending' then reserved_stock end`,
  };
}

const settleStatement = prepared((db, p: Settle & { number: number | null }) =>
  db
    .updateTable('orders')
    .set({ ...settled(p), number: p.number })
    .where('id', '=', p.id)
    .where('status', '=', 'reserved')
    .returningAll(),
);

const numberStatement = prepared((db, p: { id: string; websiteId: string; first: number }) =>
  db
    .with('taken', (qb) => nextNumber(qb, p))
    .updateTable('orders')
    .set((eb) => ({ number: eb.selectFrom('taken').select('last_number') }))
    .where('id', '=', p.id)
    .returning('number'),
);

/**
 * Moves a reserved order on, only while it is still reserved (one statement), and answers the row
 * it moved (null when it was not reserved): of a late payment and a release racing for one
 * reservation, exactly one wins. On null the caller's transaction must roll back. Numbered only
 * once placed, so abandoned and declined checkouts leave no gaps. On SQLite the number is taken
 * here: the transaction holds the database's write lock from its first write anyway. On
 * PostgreSQL the counter row stays locked from the number's statement to the commit, so the
 * number is taken by `numberSettledOrder`, after the rest (or, for an order that writes nothing
 * else, by `settleNumberAndCarry` in one statement).
 */
export async function settleReservedOrder(
  db: Kysely<DB>,
  websiteId: string,
  orderId: string,
  next: { status: 'paid' | 'pending'; payment_reference: string | null },
): Promise<OrderRow | null> {
  const settle = { id: orderId, status: next.status, paymentReference: next.payment_reference };
  const number =
    db.getExecutor().adapter instanceof PostgresAdapter ? null : await takeOrderNumber(db, websiteId);
  const [row] = await settleStatement(db, { ...settle, number });
  return row ?? null;
}

const carryingStatements = new Map<
  string,
  (db: Kysely<DB>, params: Record<string, unknown>) => Promise<OrderRow[]>
>();

/**
 * PostgreSQL, with no transaction around it: settles and numbers a reserved order and writes its
 * companions (its mails, its reviews request), all in one statement, so the store-wide counter row
 * is locked only while that statement runs and commits. The order row is locked first (`target`):
 * of two racing confirmations the second finds it no longer reserved, and then nothing is written
 * and no number is taken. Answers the settled row, or null when it was not reserved.
 */
export async function settleNumberAndCarry(
  db: Kysely<DB>,
  websiteId: string,
  orderId: string,
  next: { status: 'paid' | 'pending'; payment_reference: string | null },
  companions: readonly CompanionWrite[],
): Promise<OrderRow | null> {
  const shape = companions.map((c) => c.shape).join(',');
  let run = carryingStatements.get(shape);
  if (!run) {
    run = prepared((db, p: Record<string, unknown>) => {
      const own = p as unknown as Settle & { websiteId: string; first: number; prefix: string };
      let q = db
        .with('target', (qb) =>
          qb
            .selectFrom('orders')
            .select('id')
            .where('id', '=', own.id)
            .where('status', '=', 'reserved')
            .forUpdate(),
        )
        .with('taken', (qb) =>
          qb
            .insertInto('order_counters')
            .columns(['website_id', 'last_number'])
            .expression((eb) =>
              eb
                .selectFrom('target')
                .select([
                  sql<string>`${own.websiteId}`.as('website_id'),
                  sql<number>`${own.first}`.as('last_number'),
                ]),
            )
            .onConflict((oc) =>
              oc
                .column('website_id')
                .doUpdateSet({ last_number: sql<number>`order_counters.last_number + 1` }),
            )
            .returning('last_number'),
        )
        .with('settled', (qb) =>
          qb
            .updateTable('orders')
            .set((eb) => ({ ...settled(own), number: eb.selectFrom('taken').select('last_number') }))
            .where('id', 'in', (eb) => eb.selectFrom('target').select('id'))
            .returningAll(),
        )
        .with('carried', (qb) =>
          qb
            .selectFrom('settled')
            .select(sql<string>`cast(${own.prefix} as text) || settled.number`.as('number_text')),
        ) as unknown as QueryCreator<DB & Carried & { settled: OrderRow }>;
      companions.forEach((c, i) => {
        q = q.with(
          `companion_${i}`,
          (qb) => c.build(qb as never, standInsOf(p, i)) as never,
        ) as unknown as typeof q;
      });
      return q.selectFrom('settled').selectAll();
    });
    carryingStatements.set(shape, run);
  }
  const params: Record<string, unknown> = {
    id: orderId,
    status: next.status,
    paymentReference: next.payment_reference,
    websiteId,
    first: FIRST_ORDER_NUMBER,
    prefix: ORDER_NUMBER_PREFIX,
  };
  companions.forEach((c, i) => {
    putParams(params, i, c.params);
  });
  const [row] = await run(db, params);
  return row ?? null;
}

/**
 * Gives a settled order its number, in the caller's transaction (a rollback gives it back). On
 * PostgreSQL the counter row stays locked until that transaction ends, and every checkout of the
 * store waits for it: the caller takes the number after all else it writes but what shows the
 * number, so the lock is held for the fewest round trips (one statement for counter and order).
 */
export async function numberSettledOrder<R extends OrderRow>(db: Kysely<DB>, row: R): Promise<R> {
  if (row.number !== null) return row;
  const [numbered] = await numberStatement(db, {
    id: row.id,
    websiteId: row.website_id,
    first: FIRST_ORDER_NUMBER,
  });
  return { ...row, number: Number(numbered.number) };
}

/**
 * Moves a pending order on once its provider's notice says how the payment ended, only while it is
 * still pending (one statement): a notice sent twice settles it once. Null when it was not pending.
 */
export async function settlePendingOrder(
  db: Kysely<DB>,
  websiteId: string,
  match: { provider: string; reference: string },
  status: 'paid' | 'cancelled',
): Promise<OrderRow | null> {
  const before = await findOrderByPayment(db, websiteId, match.provider, match.reference);
  if (!before || before.status !== 'pending') return null;
  const result = await db
    .updateTable('orders')
    .set({ status, reserved_stock: null })
    .where('id', '=', before.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  // The row as it was (its reserved stock is what a cancellation gives back), with its new status.
  return Number(result.numUpdatedRows) === 1 ? { ...before, status } : null;
}

/** The order a provider's payment reference belongs to. */
export function findOrderByPayment(db: Kysely<DB>, websiteId: string, provider: string, reference: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('payment_provider', '=', provider)
    .where('payment_reference', '=', reference)
    .executeTakeFirst();
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
