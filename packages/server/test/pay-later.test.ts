import { PAY_LATER_MESSAGES } from '@storefront/commerce';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestPayLaterProvider,
  type TestPayLaterProvider,
} from '../src/modules/payments/test-pay-later.js';
import {
  type CheckoutTestApp,
  cartWith,
  checkoutCatalog,
  createCheckoutApp,
  placeOrder,
  stockOf,
  US_ADDRESS,
} from './checkout-support.js';
import { CRUMB } from './support/app.js';
import { dialects } from './support/databases.js';

const NOTIFY = '/api/commerce/payments/pay-later/notify';

describe.each(dialects)('pay-later at checkout on %s', (dialect) => {
  let t: CheckoutTestApp;
  let provider: TestPayLaterProvider;
  beforeEach(async () => {
    provider = createTestPayLaterProvider({ secret: 'a-test-secret-of-enough-length-123456' });
    t = await createCheckoutApp(dialect, { payLaterProvider: provider });
  });
  afterEach(async () => t?.close());

  const outbox = () => t.database.db.selectFrom('outbox').select(['kind', 'payload']).execute();
  const notify = (payload: object) => t.app.inject({ method: 'POST', url: NOTIFY, payload: { ...payload } });
  const mugOrder = async (quantity = 1) => {
    const token = await cartWith(t.app, [{ itemId: 'mug', sku: 'MUG', quantity }]);
    const res = await placeOrder(
      t.app,
      {
        source: { kind: 'cart' },
        shippingAddress: US_ADDRESS,
        paymentMethod: 'pay-later',
        payment: undefined,
      },
      token,
    );
    return res;
  };

  it('the quote offers pay-later for physical goods in range, with its 4 payments', async () => {
    const token = await cartWith(t.app, [{ itemId: 'mug', sku: 'MUG', quantity: 1 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/commerce/checkout/quote',
      payload: { source: { kind: 'cart' } },
      cookies: { CART: token },
    });
    const { payLater, amountDueCents } = res.json();
    expect(payLater).toMatchObject({ available: true, brand: 'Afterpay', count: 4 });
    expect(payLater.scheduleCents.reduce((a: number, b: number) => a + b, 0)).toBe(amountDueCents);
  });

  it('a digital item is not offered pay-later, and ordering it so is refused with the reason', async () => {
    const token = await cartWith(t.app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]);
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/commerce/checkout/quote',
      payload: { source: { kind: 'cart' } },
      cookies: { CART: token },
    });
    expect(quote.json().payLater).toMatchObject({
      available: false,
      reason: PAY_LATER_MESSAGES.productsNotEligible,
    });
    const res = await placeOrder(t.app, { source: { kind: 'cart' }, paymentMethod: 'pay-later' }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ paymentMethod: PAY_LATER_MESSAGES.productsNotEligible });
  });

  it('an order above the maximum is refused with the product page wording', async () => {
    await t.close();
    const catalog = { ...checkoutCatalog(), storeSettings: { installments: { afterPayMax: 1500 } } };
    t = await createCheckoutApp(dialect, { payLaterProvider: provider }, catalog);
    const res = await mugOrder(2);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.paymentMethod).toBe('Afterpay is available for orders up to $15.00.');
    expect(await stockOf(t.database, 'MUG')).toBe(10);
  });

  it('is pending until the provider approves, then paid with its confirmation mail', async () => {
    const res = await mugOrder();
    expect(res.statusCode).toBe(201);
    const { order, paymentUrl } = res.json();
    expect(order).toMatchObject({ status: 'pending', testMode: true });
    expect(paymentUrl).toMatch(/^\/checkout\/pay-later\/test\/tpl_/);
    expect(await stockOf(t.database, 'MUG')).toBe(9);
    expect((await outbox()).filter((m) => m.kind === 'order-confirmation')).toHaveLength(0);

    const reference = paymentUrl.split('/').pop();
    const page = await t.app.inject({ method: 'GET', url: paymentUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pay in 4 with Afterpay');
    expect(page.body).toContain('In 6 weeks');

    const forged = await notify({ reference, outcome: 'approved', signature: 'f'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('This payment notice is not valid.');

    const approved = await notify(provider.notice(reference, 'approved'));
    expect(approved.json()).toEqual({ order: { id: order.id, status: 'paid' } });
    // Sent again, the notice settles nothing twice.
    const again = await notify(provider.notice(reference, 'approved'));
    expect(again.json().order.status).toBe('paid');
    expect((await outbox()).filter((m) => m.kind === 'order-confirmation')).toHaveLength(1);
    const status = await t.app.inject({ method: 'GET', url: order.statusUrl });
    expect(status.body).toContain('Paid');
  });

  it('a declined plan cancels the order and gives its stock back', async () => {
    const res = await mugOrder();
    const reference = res.json().paymentUrl.split('/').pop();
    const declined = await t.app.inject({
      method: 'POST',
      url: res.json().paymentUrl,
      payload: { outcome: 'declined', crumb: CRUMB },
      cookies: { crumb: CRUMB },
    });
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toContain('/confirmation?token=');
    expect(await stockOf(t.database, 'MUG')).toBe(10);
    const after = await notify(provider.notice(reference, 'approved'));
    expect(after.json().order.status).toBe('cancelled');
  });

  it('an unknown payment is a 404', async () => {
    const res = await notify(provider.notice('tpl_nothing', 'approved'));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('We could not find the order of that payment.');
  });
});
