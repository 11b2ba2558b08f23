import { chromium } from 'playwright-core';

const base = 'http://127.0.0.1:3104';
const out = '/tmp/accounts-shots';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const VIEWS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};
const email = `shot${Date.now()}@example.com`;
// Set up a signed-in shopper with an order, a subscription, an address and a waitlist.
const setup = await browser.newContext();
const p = await setup.newPage();
await p.goto(`${base}/account`);
const crumb = (await setup.cookies()).find((c) => c.name === 'crumb').value;
const post = async (url, data) => {
  const r = await p.request.post(base + url, { data, headers: { 'x-csrf-token': crumb } });
  if (r.status() >= 300) throw new Error(url + ' ' + r.status() + ' ' + (await r.text()));
  return r.json();
};
await post('/api/site-users/sign-up', { email, password: 'shopper-secret-1' });
const addr = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  line1: '1 Main St',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
};
await post('/api/site-users/account/addresses', addr);
const cart = await post('/api/3/commerce/cart/subscription', {
  itemId: 'coffee-subscription',
  sku: 'JO-COFFEE-SUB-WHOLE',
  qty: 1,
});
const source = { kind: 'subscription', cartToken: cart.data.cartToken };
const q = await post('/api/commerce/checkout/quote', { source, shippingAddress: addr });
await post('/api/commerce/orders', {
  idempotencyKey: 'shot-' + Date.now(),
  email,
  source,
  shippingAddress: addr,
  shippingOptionId: q.selectedShippingOption.id,
  payment: { cardNumber: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123', name: 'Ada' },
});
await post('/api/site-users/account/notifications/restock', {
  productId: 'hand-thrown-mug',
  variantId: 'JO-MUG-ASH',
});
await post('/api/commerce/shopping-cart/entries', {
  itemId: 'seasonal-recipes',
  quantity: 1,
  additionalFields: null,
});
const state = await setup.storageState();
for (const [name, view] of Object.entries(VIEWS)) {
  const signed = await browser.newContext({ ...view, storageState: state });
  const page = await signed.newPage();
  for (const [file, path] of [
    ['account', '/account?message=addressSaved'],
    ['checkout', '/checkout'],
    ['mug-sent', '/shop/p/hand-thrown-mug?restock=sent'],
  ]) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `${out}/${file}-${name}.png`, fullPage: true });
  }
  await signed.close();
  const anon = await browser.newContext(view);
  const a = await anon.newPage();
  for (const [file, path] of [
    ['signin', '/account?error=wrongCredentials'],
    ['reset', '/account/reset-password?token=abc'],
    ['link', '/account/sign-in-link?token=abc'],
  ]) {
    await a.goto(base + path, { waitUntil: 'networkidle' });
    await a.screenshot({ path: `${out}/${file}-${name}.png`, fullPage: true });
  }
  const nojs = await browser.newContext({ ...view, javaScriptEnabled: false });
  const n = await nojs.newPage();
  await n.goto(base + '/shop/p/hand-thrown-mug?restockError=emailBlank', { waitUntil: 'networkidle' });
  await n.screenshot({ path: `${out}/mug-nojs-${name}.png`, fullPage: true });
  await nojs.close();
  await anon.close();
}
await browser.close();
console.log('done');
