import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog, validateCatalog } from '../src/modules/catalog/import.js';
import { getProductById } from '../src/modules/catalog/service.js';
import { getInstallmentContext } from '../src/modules/context/service.js';
import { systemClock } from '../src/platform/clock.js';
import { createTestApp, smallCatalog, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';

const DEFAULTS = {
  afterPayAvailable: true,
  afterPayMin: 100,
  afterPayMax: 200000,
  shopperLanguage: 'en',
  stripeAccountCountry: 'US',
};

describe.each(dialects)('context config on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    const base = smallCatalog();
    t = await createTestApp(dialect, {
      ...base,
      products: base.products.map((p) => (p.id === 'zine' ? { ...p, expressCheckout: true } : p)),
    });
  });
  afterAll(async () => t?.close());
  const ctx = () => ({ db: t.database.db, websiteId: 'w1', clock: systemClock });

  it('answers the site config with default installments when the store has no settings', async () => {
    const res = await t.app.inject({ url: '/api/context/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      websiteId: 'w1',
      currency: 'USD',
      locale: 'en-US',
      timeZone: 'America/New_York',
      storeSettings: {
        useLightCart: false,
        restockNotificationsSuccessText: null,
        displayNativeProductReviewsEnabled: false,
        displayImportedProductReviewsEnabled: false,
        multipleQuantityAllowedForServices: true,
      },
      cartUrl: '/cart',
      installments: DEFAULTS,
    });
  });

  it('stores imported installment settings and serves them through getInstallmentContext', async () => {
    const installments = {
      afterPayAvailable: false,
      afterPayMin: 3500,
      afterPayMax: 100000,
      stripeAccountCountry: 'GB',
      shopperLanguage: 'en-GB',
    };
    const result = await importCatalog(t.database, { ...smallCatalog(), storeSettings: { installments } });
    expect(result.ok).toBe(true);
    expect(await getInstallmentContext(ctx())).toEqual(installments);
    const partial = await importCatalog(t.database, {
      ...smallCatalog(),
      storeSettings: { installments: { afterPayMax: 50000 } },
    });
    expect(partial.ok).toBe(true);
    expect(await getInstallmentContext(ctx())).toEqual({ ...DEFAULTS, afterPayMax: 50000 });
    const none = await importCatalog(t.database, { ...smallCatalog(), storeSettings: {} });
    expect(none.ok).toBe(true);
    expect(await getInstallmentContext(ctx())).toEqual(DEFAULTS);
  });

  it('exposes a product’s expressCheckout flag (default false)', async () => {
    await importCatalog(t.database, {
      ...smallCatalog(),
      products: smallCatalog().products.map((p) => (p.id === 'zine' ? { ...p, expressCheckout: true } : p)),
    });
    expect((await getProductById(ctx(), 'zine'))?.expressCheckout).toBe(true);
    expect((await getProductById(ctx(), 'tee'))?.expressCheckout).toBe(false);
  });
});

describe('installment settings in the import format', () => {
  it('refuses a bad country, negative amounts, min not below max and unknown keys, with paths', () => {
    const result = validateCatalog({
      ...smallCatalog(),
      storeSettings: {
        installments: { stripeAccountCountry: 'usa', afterPayMin: -1, afterPayMax: 100, currency: 'USD' },
      },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual(
      expect.arrayContaining([
        {
          path: 'storeSettings.installments.stripeAccountCountry',
          message: 'must be a two-letter country code in capitals, e.g. "US"',
        },
        { path: 'storeSettings.installments.afterPayMin', message: 'must not be negative' },
        { path: 'storeSettings.installments', message: 'Unrecognized key: "currency"' },
      ]),
    );
    const order = validateCatalog({
      ...smallCatalog(),
      storeSettings: { installments: { afterPayMin: 5000, afterPayMax: 5000 } },
    });
    expect(order.ok).toBe(false);
    if (order.ok) return;
    expect(order.errors).toEqual([
      { path: 'storeSettings.installments.afterPayMax', message: 'afterPayMin must be below afterPayMax' },
    ]);
    const express = validateCatalog({
      ...smallCatalog(),
      products: smallCatalog().products.map((p) => ({ ...p, expressCheckout: 'yes' })),
    });
    expect(express.ok).toBe(false);
  });
});
