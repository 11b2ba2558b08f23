import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../src/modules/email/transports.js';
import { startOutboxWorker } from '../src/modules/email/worker.js';
import {
  type CheckoutTestApp,
  cartWith,
  createCheckoutApp,
  placeOrder,
  US_ADDRESS,
} from './checkout-support.js';
import { CRUMB } from './support/app.js';
import { dialects } from './support/databases.js';
import { addOwner, ownerCall, ownerEmail, signIn } from './support/owner.js';
import { startSmtp } from './support/smtp.js';

describe.each(dialects)('owner discounts, shipping, tax and settings on %s', (dialect) => {
  let t: CheckoutTestApp;
  let admin: Record<string, string>;
  let manager: Record<string, string>;
  let viewer: Record<string, string>;
  const call = (method: string, url: string, body?: unknown, cookies = admin) =>
    ownerCall(t.app, method, url, cookies, body);
  const audit = (action: string) =>
    t.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

  async function quote(body: Record<string, unknown>) {
    const token = await cartWith(t.app, [{ itemId: 'mug', sku: 'MUG', quantity: 2 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/commerce/checkout/quote',
      payload: { source: { kind: 'cart' }, ...body },
      cookies: { crumb: CRUMB, CART: token },
      headers: { 'x-csrf-token': CRUMB },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  beforeAll(async () => {
    t = await createCheckoutApp(dialect);
    await addOwner(t.database, 1);
    await addOwner(t.database, 8);
    await addOwner(t.database, 10);
    admin = await signIn(t.app, ownerEmail(1));
    manager = await signIn(t.app, ownerEmail(8));
    viewer = await signIn(t.app, ownerEmail(10));
  });
  afterAll(async () => t?.close());

  it('creates, reads, changes and deletes coupons, and checkout uses them at once', async () => {
    const created = await call(
      'POST',
      '/api/config/coupons',
      {
        code: 'spring10',
        type: 'percentage',
        percent: 10,
        minSubtotalCents: 1000,
        validFrom: '2020-01-01T00:00:00Z',
        validUntil: '2099-12-31T23:59:59Z',
        maxUses: 100,
        maxUsesPerCustomer: 1,
        combinable: false,
      },
      manager,
    );
    expect(created.statusCode, created.body).toBe(201);
    const coupon = created.json().coupon;
    expect(coupon).toMatchObject({
      code: 'SPRING10',
      type: 'percentage',
      percent: 10,
      minSubtotalCents: 1000,
      validFrom: '2020-01-01T00:00:00.000Z',
      validUntil: '2099-12-31T23:59:59.000Z',
      active: true,
      appliesToGiftCards: false,
      combinable: false,
      maxUses: 100,
      maxUsesPerCustomer: 1,
      timesUsed: 0,
    });
    expect((await quote({ couponCodes: ['spring10'] })).discountCents).toBe(200);

    const changed = await call('PUT', `/api/config/coupons/${coupon.id}`, {
      code: 'SPRING10',
      type: 'fixed',
      amountCents: 300,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().coupon).toMatchObject({ type: 'fixed', amountCents: 300, combinable: true });
    expect(changed.json().coupon.percent).toBeUndefined();
    expect((await quote({ couponCodes: ['SPRING10'] })).discountCents).toBe(300);

    const list = (await call('GET', '/api/config/coupons', undefined, viewer)).json();
    expect(list.coupons.map((c: { code: string }) => c.code)).toContain('SPRING10');
    expect((await call('GET', `/api/config/coupons/${coupon.id}`)).json().coupon.code).toBe('SPRING10');

    const shipFree = await call('POST', '/api/config/coupons', { code: 'SHIPFREE', type: 'free-shipping' });
    expect(shipFree.statusCode).toBe(201);

    expect((await call('DELETE', `/api/config/coupons/${coupon.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/config/coupons/${coupon.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/config/coupons/${coupon.id}`)).statusCode).toBe(404);
    expect((await quote({ couponCodes: ['SPRING10'] })).discountCents).toBe(0);
    expect((await audit('coupon.create')).map((a) => a.contributor_email)).toContain(ownerEmail(8));
    expect(await audit('coupon.update')).toHaveLength(1);
    expect(await audit('coupon.delete')).toHaveLength(1);
  });

  it('refuses bad coupons with the field at fault, and a code taken in any case', async () => {
    const bad = await call('POST', '/api/config/coupons', {
      code: 'BAD CODE',
      type: 'percentage',
      percent: 120,
      amountCents: 5,
      validFrom: '2025-02-01T00:00:00Z',
      validUntil: '2025-01-01T00:00:00Z',
      maxUses: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'amountCents',
      'code',
      'maxUses',
      'percent',
      'validUntil',
    ]);
    const rules = await call('POST', '/api/config/coupons', {
      code: 'RULES',
      type: 'percentage',
      amountCents: 5,
      validFrom: '2025-02-01T00:00:00Z',
      validUntil: '2025-01-01T00:00:00Z',
    });
    expect(rules.json().errors).toEqual({
      percent: 'is required for a percentage coupon',
      amountCents: 'is only for fixed coupons',
      validUntil: 'must not be before validFrom',
    });
    expect(
      (await call('POST', '/api/config/coupons', { code: 'TAKEN', type: 'free-shipping' })).statusCode,
    ).toBe(201);
    const taken = await call('POST', '/api/config/coupons', { code: 'taken', type: 'free-shipping' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'A coupon with this code already exists.',
      errors: { code: 'A coupon with this code already exists.' },
    });
    expect(
      (await call('POST', '/api/config/coupons', { code: 'X1', type: 'free-shipping' }, viewer)).statusCode,
    ).toBe(403);
  });

  it('keeps tax rules per country and region, checked against commerce regions', async () => {
    const created = await call('POST', '/api/config/tax-rules', {
      name: 'Illinois',
      country: 'US',
      region: 'IL',
      ratePercent: 6.25,
      appliesToShipping: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const rule = created.json().taxRule;
    expect(rule).toMatchObject({
      name: 'Illinois',
      country: 'US',
      region: 'IL',
      ratePercent: 6.25,
      appliesToShipping: true,
    });
    const taxed = await quote({ shippingAddress: US_ADDRESS });
    expect(taxed.applicableTaxRules.map((r: { id: string }) => r.id)).toEqual([rule.id]);
    expect(taxed.taxCents).toBeGreaterThan(0);

    const bad = await call('POST', '/api/config/tax-rules', {
      name: '',
      country: 'US',
      region: 'XX',
      ratePercent: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'ratePercent', 'region']);
    expect(bad.json().errors.region).toBe('must be a region code of US such as "AL"');
    const unknown = await call('POST', '/api/config/tax-rules', {
      name: 'Nowhere',
      country: 'QQ',
      ratePercent: 5,
    });
    expect(unknown.json().errors).toEqual({ country: 'is not a country code (ISO 3166-1, e.g. "US")' });
    // A manager runs discounts, not tax.
    expect(
      (await call('POST', '/api/config/tax-rules', { name: 'VAT', country: 'FR', ratePercent: 20 }, manager))
        .statusCode,
    ).toBe(403);

    const updated = await call('PUT', `/api/config/tax-rules/${rule.id}`, {
      name: 'Illinois',
      country: 'US',
      region: 'IL',
      ratePercent: 7,
    });
    expect(updated.json().taxRule).toMatchObject({ ratePercent: 7, appliesToShipping: false });
    expect((await call('GET', '/api/config/tax-rules')).json().taxRules).toHaveLength(1);
    expect((await call('DELETE', `/api/config/tax-rules/${rule.id}`)).statusCode).toBe(204);
    expect((await quote({ shippingAddress: US_ADDRESS })).taxCents).toBe(0);
  });

  it('keeps shipping options with their zones', async () => {
    const created = await call('POST', '/api/config/shipping-options', {
      name: 'Courier',
      costCents: 900,
      freeOverCents: 5000,
      countries: ['US', 'CA'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const option = created.json().shippingOption;
    expect(option).toMatchObject({
      name: 'Courier',
      costCents: 900,
      freeOverCents: 5000,
      countries: ['US', 'CA'],
    });
    const offered = await quote({ shippingAddress: US_ADDRESS });
    expect(offered.shippingOptions.map((o: { id: string }) => o.id)).toContain(option.id);

    const bad = await call('POST', '/api/config/shipping-options', {
      name: 'X',
      costCents: -1,
      countries: ['US', 'us', 'QQ'],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['costCents', 'countries.1', 'countries.2']);
    const zone = await call('POST', '/api/config/shipping-options', {
      name: 'X',
      costCents: 100,
      countries: ['QQ'],
    });
    expect(zone.json().errors).toEqual({ 'countries.0': 'is not a country code (ISO 3166-1, e.g. "US")' });

    const moved = await call('PUT', `/api/config/shipping-options/${option.id}`, {
      name: 'Courier',
      costCents: 900,
      countries: ['CA'],
    });
    expect(moved.json().shippingOption.countries).toEqual(['CA']);
    const elsewhere = await quote({ shippingAddress: US_ADDRESS });
    expect(elsewhere.shippingOptions.map((o: { id: string }) => o.id)).not.toContain(option.id);
    expect((await call('DELETE', `/api/config/shipping-options/${option.id}`)).statusCode).toBe(204);
    expect((await call('GET', '/api/config/shipping-options')).json().shippingOptions).toEqual([]);
  });

  it('saves settings that the storefront shows on the next request', async () => {
    const before = (await call('GET', '/api/config/settings', undefined, viewer)).json().settings;
    expect(before).toMatchObject({
      currency: 'USD',
      timeZone: 'America/New_York',
      mailFrom: null,
      publicUrl: null,
      storeSettings: { useLightCart: false, multipleQuantityAllowedForServices: true },
    });

    // Warm the site cache, then change the text it holds.
    const signUp = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/commerce/restock-notifications',
        payload: { productId: 'tee', variantId: 'TEE-M-RED', siteVisitorEmail: 'wait@example.com' },
        cookies: { crumb: CRUMB },
        headers: { 'x-csrf-token': CRUMB },
      });
    expect((await signUp()).json().message).not.toBe('Back soon, promise.');
    const saved = await call('PATCH', '/api/config/settings', {
      timeZone: 'Europe/Paris',
      currency: 'EUR',
      mailFrom: 'My Shop <shop@myshop.test>',
      publicUrl: 'https://shop.example/',
      storeSettings: { restockNotificationsSuccessText: 'Back soon, promise.', useLightCart: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toMatchObject({
      currency: 'EUR',
      timeZone: 'Europe/Paris',
      mailFrom: 'My Shop <shop@myshop.test>',
      publicUrl: 'https://shop.example',
      storeSettings: {
        restockNotificationsSuccessText: 'Back soon, promise.',
        useLightCart: true,
        multipleQuantityAllowedForServices: true,
      },
      effective: { mailFrom: 'My Shop <shop@myshop.test>', publicUrl: 'https://shop.example' },
    });
    expect((await signUp()).json().message).toBe('Back soon, promise.');
    expect((await quote({})).currency).toBe('EUR');
    expect(await audit('settings.update')).toHaveLength(1);

    // Mails now link to the public URL and come from the owner's sender.
    const token = await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]);
    const order = await placeOrder(t.app, { source: { kind: 'cart' } }, token);
    expect(order.statusCode, order.body).toBe(201);
    const row = await t.database.db
      .selectFrom('outbox')
      .select('payload')
      .where('ref', '=', `order:${order.json().order.id}`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.payload).data.orderUrl).toMatch(/^https:\/\/shop\.example\/commerce\/orders\//);
    const smtp = await startSmtp();
    const worker = startOutboxWorker({
      database: t.database,
      transport: smtpTransport(smtp.url),
      clock: { now: () => Date.now() },
      from: 'Fallback <fallback@example.com>',
      autoStart: false,
    });
    try {
      await worker.runOnce();
      expect(smtp.received.length).toBeGreaterThan(0);
      for (const mail of smtp.received) expect(mail.raw).toMatch(/^From: My Shop <shop@myshop\.test>$/m);
    } finally {
      await worker.stop();
      await smtp.close();
    }

    // An empty field goes back to the environment's value.
    const cleared = await call('PATCH', '/api/config/settings', {
      mailFrom: '',
      publicUrl: '',
      storeSettings: { restockNotificationsSuccessText: '' },
    });
    expect(cleared.json().settings).toMatchObject({
      mailFrom: null,
      publicUrl: null,
      storeSettings: { restockNotificationsSuccessText: null },
    });
    expect((await signUp()).json().message).not.toBe('Back soon, promise.');
  });

  it('refuses bad settings with the field at fault and changes nothing', async () => {
    const before = (await call('GET', '/api/config/settings')).json().settings;
    const bad = await call('PATCH', '/api/config/settings', {
      currency: 'XYZ',
      timeZone: 'Mars/Olympus',
      mailFrom: 'Shop <not-an-address>\r\nBcc: x@y.z',
      publicUrl: 'javascript:alert(1)',
      storeSettings: { useLightCart: 'yes', colour: 'red' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'currency',
      'mailFrom',
      'publicUrl',
      'storeSettings',
      'storeSettings.useLightCart',
      'timeZone',
    ]);
    expect(bad.json().errors.timeZone).toBe('must be an IANA time zone such as "America/New_York"');
    expect((await call('GET', '/api/config/settings')).json().settings).toEqual(before);
    expect((await call('PATCH', '/api/config/settings', { currency: 'EUR' }, manager)).statusCode).toBe(403);
  });
});
