// The store the checkout benches buy from and the order they place (bench/checkout.mjs,
// bench/request-cpu.ts, bench/wal-frames.ts): one shop collection, a tax rule and a shipping
// option for the order's Illinois address.
import { US_ADDRESS } from '../packages/server/test/checkout-support.js';

/** A catalog of `products` (import format) in the benches' shop, with its tax rule and shipping. */
export function benchCatalog(products: readonly object[]) {
  return {
    website: { id: 'bench', siteTitle: 'Bench Shop' },
    collections: [{ id: 'shop', title: 'Shop', urlSlug: 'shop', type: 1, typeName: 'products' }],
    products,
    taxRules: [{ id: 'il', name: 'Illinois', country: 'US', region: 'IL', ratePercent: 10 }],
    shippingOptions: [{ id: 'std', name: 'Standard', costCents: 500, countries: ['US'] }],
  };
}

/** The stock of each bench mug: more than any run sells. */
export const BENCH_STOCK = 100_000_000;

/** A physical product of one variant. */
export function benchMug(id: string, sku: string) {
  return {
    id,
    collectionId: 'shop',
    urlSlug: id,
    name: 'Mug',
    productType: 1,
    variants: [{ sku, price: '10.00', qtyInStock: BENCH_STOCK }],
  };
}

/** POST /api/commerce/orders of the cart, paid with the test card (add a fresh idempotencyKey). */
export const BENCH_ORDER = {
  source: { kind: 'cart' },
  email: 'bench@example.com',
  shippingAddress: US_ADDRESS,
  shippingOptionId: 'std',
  payment: { cardNumber: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123', name: 'Ada' },
};
