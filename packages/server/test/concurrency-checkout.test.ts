import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CheckoutTestApp,
  cartWith,
  createCheckoutApp,
  newKey,
  placeOrder,
  stockOf,
  US_ADDRESS,
} from './checkout-support.js';
import { dialects } from './support/databases.js';

const SHOPPERS = 200;
const IN_STOCK = 10;

describe.each(dialects)('concurrent checkouts on %s', (dialect) => {
  let t: CheckoutTestApp;
  beforeAll(async () => {
    t = await createCheckoutApp(dialect);
  });
  afterAll(async () => t?.close());

  it(`${SHOPPERS} shoppers racing for ${IN_STOCK} mugs: exactly ${IN_STOCK} sell, the rest are told it is out of stock`, async () => {
    await t.database.db
      .updateTable('variants')
      .set({ qty_in_stock: IN_STOCK })
      .where('sku', '=', 'MUG')
      .execute();
    const carts: string[] = [];
    for (let i = 0; i < SHOPPERS; i++)
      carts.push(await cartWith(t.app, [{ itemId: 'mug', sku: 'MUG', quantity: 1 }]));
    const results = await Promise.all(
      carts.map((token) =>
        placeOrder(t.app, { source: { kind: 'cart' }, shippingAddress: US_ADDRESS }, token),
      ),
    );
    const sold = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(sold).toHaveLength(IN_STOCK);
    expect(refused).toHaveLength(SHOPPERS - IN_STOCK);
    for (const r of refused) {
      expect(r.json()).toEqual({
        message: 'Sorry, we do not have enough of that item available.',
        type: 'OUT_OF_STOCK',
        itemName: 'Mug',
      });
    }
    expect(await stockOf(t.database, 'MUG')).toBe(0);
    const orders = await t.database.db
      .selectFrom('order_items')
      .select((eb) => eb.fn.sum<number | string>('quantity').as('n'))
      .where('sku', '=', 'MUG')
      .executeTakeFirstOrThrow();
    expect(Number(orders.n)).toBe(IN_STOCK);
    const purchased = await t.database.db
      .selectFrom('carts')
      .select('id')
      .where('is_purchased', '=', 1)
      .execute();
    expect(purchased).toHaveLength(IN_STOCK);
  });

  it('50 simultaneous submissions with one idempotency key place one order and answer it to all', async () => {
    await t.database.db.updateTable('variants').set({ qty_in_stock: 5 }).where('sku', '=', 'MUG').execute();
    const token = await cartWith(t.app, [{ itemId: 'mug', sku: 'MUG', quantity: 2 }]);
    const idempotencyKey = newKey();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        placeOrder(t.app, { idempotencyKey, source: { kind: 'cart' }, shippingAddress: US_ADDRESS }, token),
      ),
    );
    expect(new Set(results.map((r) => r.statusCode))).toEqual(new Set([201]));
    expect(new Set(results.map((r) => r.json().order.id)).size).toBe(1);
    expect(await stockOf(t.database, 'MUG')).toBe(3);
  });
});
