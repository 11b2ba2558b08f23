import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importCatalog, validateCatalog } from '../src/modules/catalog/import.js';
import { createTestDatabase, dialects, type TestDatabase } from './support/databases.js';
import { pricedCatalog } from './support/pricing.js';

describe('pricing lists in the import format', () => {
  it('reports each bad tax rule, shipping option and coupon with its path', () => {
    const file = {
      ...pricedCatalog(),
      taxRules: [
        { id: 'x', name: 'Nowhere', country: 'US', region: 'ZZ', ratePercent: 5 },
        { id: 'x', name: 'Too much', country: 'us', ratePercent: 101 },
      ],
      shippingOptions: [{ id: 'ship', name: 'Ship', costCents: -1 }],
      coupons: [
        { code: 'HALF', type: 'percentage' },
        { code: 'half', type: 'fixed', amountCents: 100, percent: 5 },
        {
          code: 'LATE',
          type: 'free-shipping',
          validFrom: '2025-02-01T00:00:00Z',
          validUntil: '2025-01-01T00:00:00Z',
        },
        { code: 'WHEN', type: 'free-shipping', validUntil: 'next week' },
      ],
    };
    const result = validateCatalog(file);
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: 'taxRules[0].region', message: 'must be a region code of US such as "AL"' },
        { path: 'taxRules[1].country', message: 'must be a two-letter country code in capitals, e.g. "US"' },
        { path: 'taxRules[1].ratePercent', message: 'must be at most 100' },
        {
          path: 'taxRules[1].id',
          message: 'is already the id of another tax rule (taxRules[0]); ids must be unique',
        },
        { path: 'shippingOptions[0].costCents', message: 'must not be negative' },
        { path: 'coupons[0].percent', message: 'is required for a percentage coupon' },
        { path: 'coupons[1].percent', message: 'is only for percentage coupons' },
        {
          path: 'coupons[1].code',
          message: 'is already the code of coupons[0] (codes ignore case); codes must be unique',
        },
        { path: 'coupons[2].validUntil', message: 'must not be before validFrom' },
        {
          path: 'coupons[3].validUntil',
          message: 'must be an ISO 8601 date-time with a zone, e.g. "2025-01-31T23:59:59Z"',
        },
      ]),
    );
  });

  describe.each(dialects)('on %s', (dialect) => {
    let t: TestDatabase;
    beforeEach(async () => {
      t = await createTestDatabase(dialect);
    });
    afterEach(async () => t.drop());

    it('imports the lists, and a re-import updates them in place', async () => {
      const first = await importCatalog(t, pricedCatalog());
      expect(first).toMatchObject({ ok: true, counts: { taxRules: 3, shippingOptions: 3, coupons: 5 } });
      const changed = pricedCatalog();
      changed.coupons[0] = { code: 'welcome10', type: 'percentage', percent: 15 };
      changed.shippingOptions[0].costCents = 700;
      expect((await importCatalog(t, changed)).ok).toBe(true);
      const coupons = await t.db
        .selectFrom('coupons')
        .select(['code', 'percent', 'valid_until'])
        .orderBy('code')
        .execute();
      expect(coupons).toHaveLength(5);
      expect(coupons.find((c) => c.code === 'WELCOME10')?.percent).toBe(15);
      expect(coupons.find((c) => c.code === 'SUMMER2024')?.valid_until).toBe(
        Date.parse('2024-08-31T23:59:59Z'),
      );
      const standard = await t.db
        .selectFrom('shipping_options')
        .selectAll()
        .where('id', '=', 'standard')
        .executeTakeFirst();
      expect(standard).toMatchObject({ cost_cents: 700, free_over_cents: 7500, countries: '[]' });
      expect(await t.db.selectFrom('tax_rules').select('id').orderBy('position').execute()).toEqual([
        { id: 'ny' },
        { id: 'or' },
        { id: 'hst-on' },
      ]);
    });
  });
});
