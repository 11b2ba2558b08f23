import type { Kysely, Selectable } from 'kysely';
import type {
  CartPricingTable,
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
export function listTaxRules(db: Kysely<DB>, websiteId: string, country: string) {
  return db
    .selectFrom('tax_rules')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('country', '=', country)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function listShippingOptions(db: Kysely<DB>, websiteId: string) {
  return db
    .selectFrom('shipping_options')
    .selectAll()
    .where('website_id', '=', websiteId)
    .orderBy('position')
    .orderBy('id')
    .execute();
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

export function findCartPricing(db: Kysely<DB>, cartId: string) {
  return db.selectFrom('cart_pricing').selectAll().where('cart_id', '=', cartId).executeTakeFirst();
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
