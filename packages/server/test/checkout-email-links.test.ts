import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CheckoutTestApp,
  cartWith,
  checkoutCatalog,
  createCheckoutApp,
  placeOrder,
  US_ADDRESS,
} from './checkout-support.js';
import { dialects } from './support/databases.js';

const PUBLIC_URL = 'https://shop.example.com';

describe.each(dialects)('email links with PUBLIC_URL on %s', (dialect) => {
  let t: CheckoutTestApp;
  beforeAll(async () => {
    t = await createCheckoutApp(dialect, {}, checkoutCatalog(), 0, { PUBLIC_URL: `${PUBLIC_URL}/` });
  });
  afterAll(async () => t?.close());

  const mails = async (orderId: string) =>
    (await t.database.db.selectFrom('outbox').selectAll().execute())
      .map((m) => ({ kind: m.kind, payload: JSON.parse(m.payload) }))
      .filter((m) => m.payload.data.orderId === orderId || m.kind === 'gift-card-delivery');

  it('links the confirmation to the order page and each digital item to its download, and both open', async () => {
    const token = await cartWith(t.app, [
      { itemId: 'zine', sku: 'ZINE', quantity: 1 },
      { itemId: 'poster', sku: 'POSTER', quantity: 1 },
    ]);
    const res = await placeOrder(t.app, { source: { kind: 'cart' }, shippingAddress: US_ADDRESS }, token);
    expect(res.statusCode).toBe(201);
    const { order } = res.json();
    const [mail] = (await mails(order.id)).filter((m) => m.kind === 'order-confirmation');
    const { orderUrl, items } = mail.payload.data;
    expect(orderUrl).toBe(`${PUBLIC_URL}${order.statusUrl}`);
    const zine = items.find((i: { productName: string }) => i.productName === 'Zine');
    const poster = items.find((i: { productName: string }) => i.productName === 'Poster');
    expect(zine.downloadUrl).toMatch(new RegExp(`^${PUBLIC_URL}/downloads/[0-9a-f]+$`));
    expect(poster.downloadUrl).toBeUndefined();
    for (const url of [orderUrl, zine.downloadUrl]) {
      const page = await t.app.inject({ method: 'GET', url: url.slice(PUBLIC_URL.length) });
      expect(page.statusCode, url).toBe(200);
    }
  });

  it('links the gift card email to the shop', async () => {
    const res = await placeOrder(t.app, {
      source: { kind: 'gift-card', giftCardProductId: 'card', recipientEmail: 'friend@example.com' },
    });
    expect(res.statusCode).toBe(201);
    const code = res.json().order.giftCards[0].code;
    const delivery = (await mails(res.json().order.id)).find(
      (m) => m.kind === 'gift-card-delivery' && m.payload.data.code === code,
    );
    expect(delivery?.payload.data.shopUrl).toBe(`${PUBLIC_URL}/`);
  });
});
