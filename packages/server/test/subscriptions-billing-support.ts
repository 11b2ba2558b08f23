import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { importCatalog } from '../src/modules/catalog/import.js';
import type { ChargeInput, PaymentProvider } from '../src/modules/payments/provider.js';
import { createTestPaymentProvider } from '../src/modules/payments/test-provider.js';
import { card, checkoutCatalog, US_ADDRESS } from './checkout-support.js';
import { CRUMB, TEST_ENV } from './support/app.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';

export const MONTHLY = { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: null };

function subscribable(id: string, plan: object, variant: Record<string, unknown>) {
  return {
    id,
    collectionId: 'shop',
    urlSlug: id,
    name: id[0].toUpperCase() + id.slice(1),
    productType: 1,
    isSubscribable: true,
    subscriptionPlan: plan,
    variants: [{ sku: id.toUpperCase(), ...variant }],
  };
}

/** The checkout store plus subscribable beans (monthly), tea (weekly), soap (every 2 weeks), a 3-month box and scarce jam. */
export function billingCatalog() {
  const base = checkoutCatalog();
  return {
    ...base,
    website: { ...base.website, timeZone: 'UTC' },
    products: [
      ...base.products,
      subscribable('beans', MONTHLY, { price: '14.00', qtyInStock: 50 }),
      subscribable(
        'tea',
        { billingPeriod: { value: 1, unit: 'WEEK' }, numBillingCycles: 0 },
        {
          price: '8.00',
          unlimited: true,
        },
      ),
      subscribable('soap', { billingPeriod: { value: 2, unit: 'WEEK' } }, { price: '6.00', unlimited: true }),
      subscribable(
        'box',
        { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 3 },
        {
          price: '30.00',
          unlimited: true,
        },
      ),
      subscribable('jam', MONTHLY, { price: '5.00', qtyInStock: 1 }),
    ],
    shippingOptions: [{ id: 'std', name: 'Standard', costCents: 500, countries: ['US'] }],
  };
}

/** The test provider, counting each renewal charge it was asked for. */
export function countingProvider(): PaymentProvider & { charges: ChargeInput[] } {
  const inner = createTestPaymentProvider();
  const charges: ChargeInput[] = [];
  return {
    ...inner,
    charges,
    async charge(input) {
      charges.push(input);
      return inner.charge!(input);
    },
  };
}

export interface BillingTestApp {
  app: FastifyInstance;
  database: TestDatabase;
  clock: { now(): number; set(ms: number): void };
  close(): Promise<void>;
}

export async function createBillingApp(
  dialect: 'sqlite' | 'postgres',
  provider: PaymentProvider,
): Promise<BillingTestApp> {
  const database = await createTestDatabase(dialect);
  const imported = await importCatalog(database, billingCatalog());
  if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
  let now = Date.UTC(2025, 0, 31, 12);
  const clock = {
    now: () => now,
    set(ms: number) {
      now = ms;
    },
  };
  const app = await buildApp(loadConfig(TEST_ENV), {
    database,
    clock,
    logger: false,
    rateLimit: { requests: 0 },
    checkout: { paymentProvider: provider },
  });
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

let keys = 0;

/** Subscribes to `itemId` and places the order; answers the placed order's JSON. */
export async function subscribeAndOrder(
  app: FastifyInstance,
  itemId: string,
  options: { qty?: number; cardNumber?: string } = {},
) {
  const headers = { 'x-csrf-token': CRUMB };
  const cookies = { crumb: CRUMB };
  const sub = await app.inject({
    method: 'POST',
    url: '/api/3/commerce/cart/subscription',
    payload: { itemId, qty: options.qty ?? 1 },
    headers,
    cookies,
  });
  if (sub.statusCode !== 200) throw new Error(`subscribe failed: ${sub.statusCode} ${sub.body}`);
  keys += 1;
  const res = await app.inject({
    method: 'POST',
    url: '/api/commerce/orders',
    payload: {
      idempotencyKey: `billing-${process.pid}-${keys}`,
      email: 'ada@example.com',
      source: { kind: 'subscription', cartToken: sub.json().data.cartToken },
      shippingAddress: US_ADDRESS,
      shippingOptionId: 'std',
      payment: card(options.cardNumber),
    },
    headers,
    cookies,
  });
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  return res.json() as { order: { id: string; statusUrl: string }; confirmationUrl: string };
}
