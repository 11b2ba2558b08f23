import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderPlacedEvent } from '../src/modules/checkout/service.js';
import {
  type CheckoutTestApp,
  cartWith,
  createCheckoutApp,
  placeOrder,
  US_ADDRESS,
} from './checkout-support.js';
import { CRUMB } from './support/app.js';
import { dialects } from './support/databases.js';

/** The props JSON of the page's Checkout island. */
function islandProps(html: string) {
  const m = /data-island="Checkout" data-props="([^"]*)"/.exec(html);
  if (!m) throw new Error('no Checkout island');
  return JSON.parse(
    m[1]
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

/** The page's context JSON (what the analytics script reads). */
function pageAnalytics(html: string): Record<string, unknown> {
  const json = /<script type="application\/json" id="sf-context"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(json ?? 'null').analytics;
}

describe.each(dialects)('checkout and order pages on %s', (dialect) => {
  let t: CheckoutTestApp;
  const placed: OrderPlacedEvent[] = [];
  beforeAll(async () => {
    t = await createCheckoutApp(dialect, { onOrderPlaced: [(e) => void placed.push(e)] });
  });
  afterAll(async () => t?.close());

  const get = (url: string, cookies: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, cookies });

  it('express checkout goes on to /checkout with a cart cookie, and explains itself without one', async () => {
    for (const cookies of [{ hasCart: 'true' }, { CART: 'abc' }] as Record<string, string>[]) {
      const res = await get('/commerce/goto-checkout', cookies);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/checkout');
    }
    const res = await get('/commerce/goto-checkout');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      'Either your session has expired or you do not have cookies enabled. We cannot continue to checkout.',
    );
  });

  it('/checkout is page type 201 with the island and a plain summary of the cart', async () => {
    const token = await cartWith(t.app, [{ itemId: 'tee', sku: 'TEE-S-RED', quantity: 2 }]);
    const res = await get('/checkout', { CART: token });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('class="page-type-201"');
    expect(res.body).toMatch(
      /class="checkout-item-name">Tee<span class="checkout-item-variant">S \/ Red<\/span><\/span> <span class="checkout-item-quantity">× 2<\/span> <span class="checkout-item-total">\$50\.00/,
    );
    const props = islandProps(res.body);
    expect(props).toMatchObject({
      source: { kind: 'cart' },
      testMode: true,
      ordersUrl: '/api/commerce/orders',
      quoteUrl: '/api/commerce/checkout/quote',
      quote: { requiresShipping: true, grandTotalCents: 5000 },
      error: null,
    });
  });

  it('an empty cart says so once, calmly, with a way on (no island to say it again)', async () => {
    const res = await get('/checkout');
    expect(res.body).toContain(
      '<p class="checkout-finished">Your cart is empty. <a href="/">Continue shopping</a></p>',
    );
    expect(res.body.match(/Your cart is empty\./g)).toHaveLength(1);
    expect(res.body).not.toContain('class="checkout-error"');
    expect(res.body).not.toContain('data-island="Checkout"');
  });

  it('gift card checkout carries its source', async () => {
    const res = await get('/checkout/giftcard?websiteId=w1&giftCardProductId=card&sku=GC-25');
    expect(res.body).toContain('class="page-type-201"');
    expect(islandProps(res.body)).toMatchObject({
      source: { kind: 'gift-card', giftCardProductId: 'card', sku: 'GC-25' },
      quote: { requiresShipping: false, grandTotalCents: 2500 },
    });
    expect((await get('/checkout/giftcard?websiteId=other&giftCardProductId=card')).statusCode).toBe(404);
  });

  it('subscription checkout with an unknown token says it expired', async () => {
    const res = await get(`/checkout/subscribe?cartToken=${'a'.repeat(32)}`);
    expect(res.body).toContain('That subscription checkout has expired. Please subscribe again.');
  });

  it('confirmation (202) and status (211) pages show the order to its link holder', async () => {
    const token = await cartWith(t.app, [
      { itemId: 'tee', sku: 'TEE-S-RED', quantity: 1 },
      { itemId: 'zine', sku: 'ZINE', quantity: 1 },
    ]);
    const { order, confirmationUrl } = (
      await placeOrder(t.app, { source: { kind: 'cart' }, shippingAddress: US_ADDRESS }, token)
    ).json();
    const confirmed = await get(confirmationUrl);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('class="page-type-202"');
    expect(confirmed.body).toContain('Thank you for your order');
    expect(confirmed.body).toContain(order.id);
    expect(confirmed.body).toContain('$37.00');
    const status = await get(order.statusUrl);
    expect(status.body).toContain('class="page-type-211"');
    expect(status.body).toContain('Status: <strong>Paid</strong>');
    expect((await get(`/commerce/orders/${order.id}?token=nope`)).statusCode).toBe(404);
    // The zine's download link serves its receipt.
    const download = await get(order.downloads[0].url);
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain(`Purchased in order <strong>${order.numberText}</strong>`);
    expect((await get(`/downloads/${'0'.repeat(32)}`)).statusCode).toBe(404);
  });

  it('the confirmation page carries the ad pixels’ Purchase: the order hook’s value (subtotal / 100), currency and id', async () => {
    const token = await cartWith(t.app, [{ itemId: 'tee', sku: 'TEE-S-RED', quantity: 2 }]);
    const { order, confirmationUrl } = (
      await placeOrder(t.app, { source: { kind: 'cart' }, shippingAddress: US_ADDRESS }, token)
    ).json();
    const hook = placed.find((e) => e.order.id === order.id);
    // Two tees at $25.00: 5000 cents of subtotal, reported as 50.
    expect(order.subtotal).toEqual({ currency: 'USD', decimalValue: '50.00' });
    expect(hook?.value).toBe(50);
    const confirmed = pageAnalytics((await get(confirmationUrl)).body);
    expect(confirmed.purchase).toEqual({ orderId: order.id, value: 50, currency: 'USD' });
    // Only the page confirming the order: its status page and other pages carry none.
    expect(pageAnalytics((await get(order.statusUrl)).body)).not.toHaveProperty('purchase');
    expect(pageAnalytics((await get('/checkout', { CART: token })).body)).not.toHaveProperty('purchase');
  });
  it('a subscription order confirms on the subscription confirmed page (206)', async () => {
    await t.database.db
      .updateTable('products')
      .set({
        is_subscribable: 1,
        subscription_plan: JSON.stringify({
          billingPeriod: { value: 1, unit: 'MONTH' },
          numBillingCycles: null,
        }),
      })
      .where('id', '=', 'mug')
      .execute();
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/3/commerce/cart/subscription',
      payload: { itemId: 'mug', sku: 'MUG', qty: 1 },
      cookies: { crumb: CRUMB },
      headers: { 'x-csrf-token': CRUMB },
    });
    const cartToken = sub.json().data.cartToken;
    const page = await get(`/checkout/subscribe?cartToken=${cartToken}`);
    expect(islandProps(page.body)).toMatchObject({
      source: { kind: 'subscription', cartToken },
      quote: { grandTotalCents: 1000, planText: '$10.00 every month' },
    });
    // It says that it recurs before payment, in the plan's words (spec §3).
    expect(page.body).toContain('<p class="checkout-plan">Subscription: $10.00 every month</p>');
    const cart = await get('/checkout');
    expect(cart.body).not.toContain('checkout-plan');
    const res = await placeOrder(t.app, {
      source: { kind: 'subscription', cartToken },
      shippingAddress: US_ADDRESS,
    });
    const confirmed = await get(res.json().confirmationUrl);
    expect(confirmed.body).toContain('class="page-type-206"');
    expect(confirmed.body).toContain('Your subscription is confirmed');
  });
});

describe.each(dialects)('pending payment and subscription confirmation pages on %s', (dialect) => {
  let t: CheckoutTestApp;
  beforeAll(async () => {
    t = await createCheckoutApp(dialect, {
      paymentProvider: {
        name: 'pay-later',
        testMode: false,
        authorize: async (input) => ({
          ok: true,
          reference: `pl_${input.idempotencyKey}`,
          status: 'pending',
        }),
      },
    });
  });
  afterAll(async () => t?.close());

  it('an order whose payment settles later gets the order received page (207)', async () => {
    const token = await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]);
    const res = await placeOrder(t.app, { source: { kind: 'cart' } }, token);
    expect(res.json().order).toMatchObject({ status: 'pending', testMode: false });
    const page = await t.app.inject({ method: 'GET', url: res.json().confirmationUrl });
    expect(page.body).toContain('class="page-type-207"');
    expect(page.body).toContain('We have received your order');
  });
});
