import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type {
  CartPricingTable,
  CouponRedemptionTable,
  CouponTable,
  DB,
  ShippingOptionTable,
  TaxRuleTable,
} from '../../db/schema.js';

export type TaxRuleRow = Selectable<TaxRuleTable>;
export type ShippingOptionRow = Selectable<ShippingOptionTable>;
export type CouponRow = Selectable<CouponTable>;
export type CartPricingRow = Selectable<CartPricingTable>;

/** The rules of a country: country-wide ones and those of any of its regions. */
const taxRulesOfCountry = prepared((db, p: { websiteId: string; country: string }) =>
  db
    .selectFrom('tax_rules')
    .selectAll()
    .where('website_id', '=', p.websiteId)
    .where('country', '=', p.country)
    .orderBy('position')
    .orderBy('id'),
);

export function listTaxRules(db: Kysely<DB>, websiteId: string, country: string) {
  return taxRulesOfCountry(db, { websiteId, country });
}

const shippingOptionsOfWebsite = prepared((db, p: { websiteId: string }) =>
  db
    .selectFrom('shipping_options')
    .selectAll()
    .where('website_id', '=', p.websiteId)
    .orderBy('position')
    .orderBy('id'),
);

export function listShippingOptions(db: Kysely<DB>, websiteId: string) {
  return shippingOptionsOfWebsite(db, { websiteId });
}

export function findCouponsByCodes(db: Kysely<DB>, websiteId: string, codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([] as CouponRow[]);
  return db
    .selectFrom('coupons')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('code', 'in', [...codes])
    .execute();
}

/** Takes one use of a coupon while it is under its overall limit; false when none is left. */
export async function takeCouponUse(db: Kysely<DB>, couponId: string): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set((eb) => ({ times_used: eb('times_used', '+', 1) }))
    .where('id', '=', couponId)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('times_used', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many orders this customer has used each of these coupons in. */
export async function countCustomerRedemptions(
  db: Kysely<DB>,
  couponIds: readonly string[],
  email: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('coupon_redemptions')
    .select(['coupon_id', (eb) => eb.fn.countAll<number>().as('uses')])
    .where('coupon_id', 'in', [...couponIds])
    .where('email', '=', email)
    .groupBy('coupon_id')
    .execute();
  return new Map(rows.map((r) => [r.coupon_id, Number(r.uses)]));
}

export async function insertCouponRedemption(db: Kysely<DB>, row: Insertable<CouponRedemptionTable>) {
  await db.insertInto('coupon_redemptions').values(row).execute();
}

const cartPricingOf = prepared((db, p: { cartId: string }) =>
  db.selectFrom('cart_pricing').selectAll().where('cart_id', '=', p.cartId),
);

export async function findCartPricing(db: Kysely<DB>, cartId: string) {
  return (await cartPricingOf(db, { cartId }))[0];
}

/** Writes the whole pricing row of a cart in one statement. */
export async function saveCartPricing(db: Kysely<DB>, row: CartPricingRow): Promise<void> {
  const { cart_id: _, ...rest } = row;
  await db
    .insertInto('cart_pricing')
    .values(row)
    .onConflict((oc) => oc.column('cart_id').doUpdateSet(rest))
    .execute();
}

type PricingTable = 'coupons' | 'tax_rules' | 'shipping_options';

export function listCoupons(db: Kysely<DB>, websiteId: string) {
  return db.selectFrom('coupons').selectAll().where('website_id', '=', websiteId).orderBy('code').execute();
}

export function listAllTaxRules(db: Kysely<DB>, websiteId: string) {
  return db
    .selectFrom('tax_rules')
    .selectAll()
    .where('website_id', '=', websiteId)
    .orderBy('country')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function findCoupon(db: Kysely<DB>, websiteId: string, id: string) {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findTaxRule(db: Kysely<DB>, websiteId: string, id: string) {
  return db
    .selectFrom('tax_rules')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findShippingOption(db: Kysely<DB>, websiteId: string, id: string) {
  return db
    .selectFrom('shipping_options')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertCoupon(db: Kysely<DB>, row: Insertable<CouponTable>): Promise<void> {
  await db.insertInto('coupons').values(row).execute();
}

export async function insertTaxRule(db: Kysely<DB>, row: Insertable<TaxRuleTable>): Promise<void> {
  await db.insertInto('tax_rules').values(row).execute();
}

export async function insertShippingOption(
  db: Kysely<DB>,
  row: Insertable<ShippingOptionTable>,
): Promise<void> {
  await db.insertInto('shipping_options').values(row).execute();
}

export async function updateCoupon(
  db: Kysely<DB>,
  websiteId: string,
  id: string,
  change: Updateable<CouponTable>,
) {
  await db
    .updateTable('coupons')
    .set(change)
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .execute();
}

export async function updateTaxRule(
  db: Kysely<DB>,
  websiteId: string,
  id: string,
  change: Updateable<TaxRuleTable>,
) {
  await db
    .updateTable('tax_rules')
    .set(change)
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .execute();
}

export async function updateShippingOption(
  db: Kysely<DB>,
  websiteId: string,
  id: string,
  change: Updateable<ShippingOptionTable>,
) {
  await db
    .updateTable('shipping_options')
    .set(change)
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .execute();
}

/** Deletes one coupon, tax rule or shipping option of the website; false when there was none. */
export async function deletePricingRow(
  db: Kysely<DB>,
  table: PricingTable,
  websiteId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom(table)
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The position after the last row, so a new tax rule or shipping option lists last. */
export async function nextPosition(
  db: Kysely<DB>,
  table: 'tax_rules' | 'shipping_options',
  websiteId: string,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('position').as('last'))
    .where('website_id', '=', websiteId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/** Gives back the uses an unpaid order took of its coupons, and forgets its redemptions. */
export async function reverseCouponRedemptionsOfOrder(db: Kysely<DB>, orderId: string): Promise<void> {
  const rows = await db
    .selectFrom('coupon_redemptions')
    .select('coupon_id')
    .where('order_id', '=', orderId)
    .execute();
  for (const r of rows) {
    await db
      .updateTable('coupons')
      .set((eb) => ({ times_used: eb('times_used', '-', 1) }))
      .where('id', '=', r.coupon_id)
      .where('times_used', '>', 0)
      .execute();
  }
  await db.deleteFrom('coupon_redemptions').where('order_id', '=', orderId).execute();
}
