import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../src/modules/payments/provider.js';
import { TEST_CARDS } from '../src/modules/payments/test-provider.js';
import {
  type CheckoutTestApp,
  card,
  cartWith,
  checkoutCatalog,
  createCheckoutApp,
  placeOrder,
  US_ADDRESS,
} from './checkout-support.js';
import { CRUMB } from './support/app.js';
import { dialects } from './support/databases.js';

function catalog() {
  const base = checkoutCatalog();
  return {
    ...base,
    products: [
      ...base.products,
      {
        id: 'beans',
        collectionId: 'shop',
        urlSlug: 'beans',
        name: 'Beans',
        productType: 1,
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: null },
        variants: [{ sku: 'BEANS', price: '14.00', qtyInStock: 20 }],
      },
    ],
    taxRules: [
      { id: 'il', name: 'Illinois', country: 'US', region: 'IL', ratePercent: 10, appliesToShipping: false },
    ],
    shippingOptions: [
      { id: 'std', name: 'Standard', costCents: 500, countries: ['US'] },
      { id: 'exp', name: 'Express', costCents: 1500, countries: ['US'] },
    ],
    coupons: [{ code: 'TENOFF', type: 'fixed', amountCents: 1000 }],
  };
}

describe.each(dialects)('checkout quote, pricing, subscriptions and emails on %s', (dialect) => {
  let t: CheckoutTestApp;
  beforeAll(async () => {
    t = await createCheckoutApp(dialect, {}, catalog());
  });
  afterAll(async () => t?.close());

  const quote = (body: object, cartToken?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/commerce/checkout/quote',
      payload: body,
      cookies: cartToken ? { CART: cartToken } : {},
    });
  const outbox = () =>
    t.database.db.selectFrom('outbox').selectAll().orderBy('created_at').orderBy('id').execute();

  it('quotes the cart with shipping options, tax rules and coupons for the address', async () => {
    const token = await cartWith(t.app, [{ itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 2 }]);
    const res = await quote(
      {
        source: { kind: 'cart' },
        shippingAddress: US_ADDRESS,
        shippingOptionId: 'exp',
        couponCodes: ['tenoff', 'NOPE'],
      },
      token,
    );
    expect(res.statusCode).toBe(200);
    const q = res.json();
    expect(q).toMatchObject({
      requiresShipping: true,
      subtotal: { decimalValue: '54.00', currency: 'USD' },
      discountTotal: { decimalValue: '10.00' },
      shippingTotal: { decimalValue: '15.00' },
      // 10 % of (54 − 10).
      taxTotal: { decimalValue: '4.40' },
      grandTotal: { decimalValue: '63.40' },
      amountDue: { decimalValue: '63.40' },
      selectedShippingOption: { id: 'exp' },
      applicableTaxRules: [{ id: 'il', amountCents: 440 }],
      validCoupons: [{ code: 'TENOFF' }],
      invalidCoupons: [{ code: 'NOPE', reason: 'unknown', message: 'That coupon code is not valid.' }],
    });
    expect(q.shippingOptions.map((o: { id: string }) => o.id)).toEqual(['std', 'exp']);
  });

  it('prices shipping and tax from the part of the address typed so far', async () => {
    const token = await cartWith(t.app, [{ itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 1 }]);
    const partial = {
      firstName: '',
      lastName: '',
      line1: '',
      city: '',
      region: 'IL',
      postalCode: '',
      country: 'US',
    };
    const q = (await quote({ source: { kind: 'cart' }, shippingAddress: partial }, token)).json();
    expect(q.shippingOptions.map((o: { id: string }) => o.id)).toEqual(['std', 'exp']);
    expect(q).toMatchObject({ selectedShippingOption: { id: 'std' }, applicableTaxRules: [{ id: 'il' }] });
    expect(q.addressErrors).toMatchObject({
      'shippingAddress.city': 'Required',
      'shippingAddress.postalCode': 'ZIP Codes need to be 5 digits',
    });
  });

  it('places the order with the same totals the quote gave, and queues the confirmation email', async () => {
    const token = await cartWith(t.app, [{ itemId: 'tee', sku: 'TEE-S-BLUE', quantity: 2 }]);
    const before = (await outbox()).length;
    const res = await placeOrder(
      t.app,
      {
        source: { kind: 'cart' },
        shippingAddress: US_ADDRESS,
        shippingOptionId: 'exp',
        couponCodes: ['TENOFF'],
      },
      token,
    );
    expect(res.statusCode).toBe(201);
    const { order } = res.json();
    expect(order).toMatchObject({
      grandTotal: { decimalValue: '63.40' },
      shippingTotal: { decimalValue: '15.00' },
      taxTotal: { decimalValue: '4.40' },
      discountTotal: { decimalValue: '10.00' },
      couponCodes: ['TENOFF'],
      shippingOption: { id: 'exp', name: 'Express' },
    });
    // The reviews request waits in the outbox a week (test/reviews.test.ts); the confirmation is due now.
    const mails = (await outbox()).slice(before).filter((m) => m.kind !== 'reviews-request');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'order-confirmation', status: 'pending' });
    expect(JSON.parse(mails[0].payload)).toMatchObject({
      to: 'ada@example.com',
      data: { orderId: order.id, grandTotalCents: 6340, taxCents: 440, shippingCents: 1500 },
    });
  });

  it('queues no email when the card is declined', async () => {
    const token = await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]);
    const before = (await outbox()).length;
    const res = await placeOrder(
      t.app,
      { source: { kind: 'cart' }, payment: card(TEST_CARDS.declined) },
      token,
    );
    expect(res.json().message).toBe(PAYMENT_MESSAGES.declined);
    expect((await outbox()).length).toBe(before);
  });

  it('refuses a shipping option that does not ship to the address', async () => {
    const token = await cartWith(t.app, [{ itemId: 'mug', sku: 'MUG', quantity: 1 }]);
    const res = await placeOrder(
      t.app,
      { source: { kind: 'cart' }, shippingAddress: US_ADDRESS, shippingOptionId: 'nope' },
      token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      shippingOptionId: 'That shipping option is not available for your address.',
    });
  });

  it('a digital-only cart needs no address step', async () => {
    const token = await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]);
    const q = (await quote({ source: { kind: 'cart' } }, token)).json();
    expect(q).toMatchObject({
      requiresShipping: false,
      hasDigital: true,
      purelyDigital: true,
      shippingTotal: { decimalValue: '0.00' },
    });
  });

  it('buys a subscription cart once, at the price it was subscribed at', async () => {
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/3/commerce/cart/subscription',
      payload: { itemId: 'beans', sku: 'BEANS', qty: 2 },
      cookies: { crumb: CRUMB },
      headers: { 'x-csrf-token': CRUMB },
    });
    const cartToken = sub.json().data.cartToken;
    await t.database.db
      .updateTable('variants')
      .set({ price_cents: 9900 })
      .where('sku', '=', 'BEANS')
      .execute();
    const q = (await quote({ source: { kind: 'subscription', cartToken } })).json();
    expect(q.items).toEqual([
      expect.objectContaining({
        sku: 'BEANS',
        quantity: 2,
        unitPrice: { decimalValue: '14.00', currency: 'USD' },
      }),
    ]);
    const res = await placeOrder(t.app, {
      source: { kind: 'subscription', cartToken },
      shippingAddress: US_ADDRESS,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({ source: 'subscription', purchasedCartId: null });
    expect(res.json().confirmationUrl).toContain('/confirmation?token=');
    const again = await placeOrder(t.app, {
      source: { kind: 'subscription', cartToken },
      shippingAddress: US_ADDRESS,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order has already been placed.');
    const unknown = await quote({ source: { kind: 'subscription', cartToken: 'f'.repeat(32) } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('That subscription checkout has expired. Please subscribe again.');
  });

  it('queues the gift card for its recipient', async () => {
    const before = (await outbox()).length;
    const res = await placeOrder(t.app, {
      source: { kind: 'gift-card', giftCardProductId: 'card', recipientEmail: 'friend@example.com' },
    });
    expect(res.statusCode).toBe(201);
    const code = res.json().order.giftCards[0].code;
    const mails = (await outbox())
      .slice(before)
      .map((m) => ({ kind: m.kind, payload: JSON.parse(m.payload) }));
    expect(mails.map((m) => m.kind).sort()).toEqual(['gift-card-delivery', 'order-confirmation']);
    expect(mails.find((m) => m.kind === 'gift-card-delivery')!.payload).toMatchObject({
      to: 'friend@example.com',
      data: { code, amountCents: 2500, currency: 'USD' },
    });
  });
});
