import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { importCatalog } from '../src/modules/catalog/import.js';
import type { CheckoutOptions } from '../src/modules/checkout/service.js';
import { TEST_CARDS } from '../src/modules/payments/test-provider.js';
import { CRUMB, cookiesOf, smallCatalog, TEST_ENV } from './support/app.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';

/** The small test store plus a mug with little stock, a tracked poster and an e-book. */
export function checkoutCatalog() {
  const base = smallCatalog();
  return {
    ...base,
    products: [
      ...base.products,
      {
        id: 'mug',
        collectionId: 'shop',
        urlSlug: 'mug',
        name: 'Mug',
        productType: 1,
        variants: [{ sku: 'MUG', price: '10.00', qtyInStock: 10 }],
      },
      {
        id: 'poster',
        collectionId: 'shop',
        urlSlug: 'poster',
        name: 'Poster',
        productType: 1,
        variants: [{ sku: 'POSTER', price: '5.00', unlimited: true }],
      },
    ],
  };
}

export interface CheckoutTestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

export async function createCheckoutApp(
  dialect: 'sqlite' | 'postgres',
  checkout: CheckoutOptions = {},
  catalog: unknown = checkoutCatalog(),
  rateLimitRequests = 0,
  env: Record<string, string> = {},
): Promise<CheckoutTestApp> {
  const database = await createTestDatabase(dialect);
  const result = await importCatalog(database, catalog);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  const app = await buildApp(loadConfig({ ...TEST_ENV, ...env }), {
    database,
    logger: false,
    rateLimit: { requests: rateLimitRequests },
    checkout,
  });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

export const US_ADDRESS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  line1: '1 Main St',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
};

export function card(number: string = TEST_CARDS.success) {
  return { cardNumber: number, expMonth: 12, expYear: 2099, cvc: '123', name: 'Ada Lovelace' };
}

/** Adds items to a new cart and answers its CART cookie. */
export async function cartWith(
  app: FastifyInstance,
  lines: { itemId: string; sku: string; quantity: number }[],
) {
  let token: string | undefined;
  for (const line of lines) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: { ...line, additionalFields: null },
      cookies: { crumb: CRUMB, ...(token ? { CART: token } : {}) },
      headers: { 'x-csrf-token': CRUMB },
    });
    if (res.statusCode !== 200) throw new Error(`add failed: ${res.statusCode} ${res.body}`);
    token = cookiesOf(res).CART ?? token;
  }
  return token!;
}

let keys = 0;
export function newKey(): string {
  keys += 1;
  return `key-${process.pid}-${Date.now()}-${keys}`;
}

export function placeOrder(app: FastifyInstance, body: Record<string, unknown>, cartToken?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/commerce/orders',
    payload: { idempotencyKey: newKey(), email: 'ada@example.com', payment: card(), ...body },
    cookies: { crumb: CRUMB, ...(cartToken ? { CART: cartToken } : {}) },
    headers: { 'x-csrf-token': CRUMB },
  });
}

export async function stockOf(database: TestDatabase, sku: string): Promise<number> {
  const row = await database.db
    .selectFrom('variants')
    .select('qty_in_stock')
    .where('sku', '=', sku)
    .executeTakeFirstOrThrow();
  return row.qty_in_stock;
}
