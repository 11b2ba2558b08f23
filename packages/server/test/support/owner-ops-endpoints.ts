import { createForm } from '../../src/modules/forms/service.js';
import { createCampaign, createMailingList } from '../../src/modules/newsletter/service.js';
import { publishProduct } from '../../src/modules/owner-catalog/service.js';
import { createCoupon, createShippingOption, createTaxRule } from '../../src/modules/pricing/service.js';
import { systemClock } from '../../src/platform/clock.js';
import { cartWith, placeOrder } from '../checkout-support.js';
import type { TestApp } from './app.js';
import type { OwnerEndpoint } from './owner.js';

/**
 * A paid order of the digital zine (unlimited, so any number can be bought), answering its id.
 * The catalog rows of the table unpublish the zine, so it is published again first.
 */
export async function placeZineOrder(t: TestApp): Promise<string> {
  await publishProduct(siteCtx(t), null, 'zine', true);
  const app = t.app;
  const token = await cartWith(app, [{ itemId: 'zine', sku: 'ZINE', quantity: 1 }]);
  const res = await placeOrder(app, { source: { kind: 'cart' } }, token);
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { order: { id: string } }).order.id;
}

/** One order per app for the calls that can repeat on it (read, resend, 1-cent refunds). */
const sharedOrders = new WeakMap<TestApp, Promise<string>>();
async function sharedOrder(t: TestApp): Promise<Record<string, string>> {
  if (!sharedOrders.has(t)) sharedOrders.set(t, placeZineOrder(t));
  return { id: await sharedOrders.get(t)! };
}

async function freshOrder(t: TestApp): Promise<Record<string, string>> {
  return { id: await placeZineOrder(t) };
}

let made = 0;
const siteCtx = (t: TestApp) => ({ db: t.database.db, websiteId: 'w1', clock: systemClock });

async function coupon(t: TestApp): Promise<Record<string, string>> {
  made += 1;
  const c = await createCoupon(siteCtx(t), {
    code: `TABLE${made}`,
    type: 'percentage',
    percent: 10,
    active: true,
    appliesToGiftCards: false,
    combinable: true,
  });
  return { id: c.id, code: c.code };
}

async function taxRule(t: TestApp): Promise<Record<string, string>> {
  const r = await createTaxRule(siteCtx(t), {
    name: 'IL tax',
    country: 'US',
    region: 'IL',
    ratePercent: 6.25,
    appliesToShipping: false,
  });
  return { id: r.id };
}

async function shippingOption(t: TestApp): Promise<Record<string, string>> {
  const o = await createShippingOption(siteCtx(t), { name: 'Post', costCents: 500, countries: ['US'] });
  return { id: o.id };
}

const FORM = {
  name: 'Table form',
  fields: [{ id: 'note', type: 'text', title: 'Note' }],
};

async function form(t: TestApp): Promise<Record<string, string>> {
  const f = await createForm(siteCtx(t), {
    ...FORM,
    fields: [{ id: 'note', type: 'text', title: 'Note', required: false }],
    successText: null,
    postSubmitHtml: null,
    successRedirect: null,
    captchaEnabled: false,
    notificationEmails: [],
    pageSlug: null,
    mailingListId: null,
    newsletterOnFormPages: false,
    newsletterPopup: false,
  });
  return { id: f.id };
}

async function mailingList(t: TestApp): Promise<Record<string, string>> {
  const l = await createMailingList(siteCtx(t), { name: 'Letters', description: '' });
  return { id: l.id };
}

async function campaign(t: TestApp): Promise<Record<string, string>> {
  const { id: listId } = await mailingList(t);
  const c = await createCampaign(siteCtx(t), { listId, subject: 'News', body: 'Hello.', trackOpens: false });
  return { id: c.id };
}

const LISTS = '/api/config/newsletter/lists';
const CAMPAIGNS = '/api/config/newsletter/campaigns';

async function newCode(): Promise<Record<string, string>> {
  made += 1;
  return { code: `NEW${made}` };
}

const RESTOCK = '/api/site-users/account/notifications/restock';
const COUPON = { type: 'fixed', code: '{code}', amountCents: 500 };
const TAX_RULE = { name: 'CA tax', country: 'CA', region: 'ON', ratePercent: 13 };
const SHIPPING_OPTION = { name: 'Express', costCents: 1500, countries: ['US', 'CA'] };

/** The owner-ops endpoints of the role × endpoint table (test/owner-permissions.test.ts). */
export const OWNER_OPS_ENDPOINTS: OwnerEndpoint[] = [
  { method: 'GET', url: '/api/config/analytics?from=2026-01-01&to=2026-01-31', permission: 'analytics.read' },
  {
    method: 'GET',
    url: '/api/config/analytics.csv?from=2026-01-01&to=2026-01-31',
    permission: 'analytics.read',
  },
  {
    method: 'PATCH',
    url: '/api/config/analytics/settings',
    permission: 'settings.write',
    body: { cookieConsent: 'off' },
  },
  { method: 'GET', url: '/api/config/orders', permission: 'orders.read' },
  { method: 'GET', url: '/api/config/orders.csv', permission: 'orders.read' },
  { method: 'GET', url: '/api/config/orders/{id}', permission: 'orders.read', setup: sharedOrder },
  {
    method: 'POST',
    url: '/api/config/orders/{id}/fulfil',
    permission: 'orders.write',
    body: { carrier: 'UPS', trackingNumber: '1Z999' },
    setup: freshOrder,
  },
  {
    method: 'POST',
    url: '/api/config/orders/{id}/refund',
    permission: 'orders.write',
    body: { amountCents: 1, restock: false },
    setup: sharedOrder,
  },
  {
    method: 'POST',
    url: '/api/config/orders/{id}/resend-confirmation',
    permission: 'orders.write',
    ok: 202,
    setup: sharedOrder,
  },
  { method: 'GET', url: '/api/config/subscriptions', permission: 'orders.read' },
  // The small store sells no subscription: an allowed role reaches the lookup (404), the rest stop at 401/403.
  { method: 'GET', url: '/api/config/subscriptions/sub_none', permission: 'orders.read', ok: 404 },
  { method: 'POST', url: '/api/config/subscriptions/sub_none/cancel', permission: 'orders.write', ok: 404 },
  { method: 'GET', url: '/api/config/coupons', permission: 'settings.read' },
  { method: 'GET', url: '/api/config/coupons/{id}', permission: 'settings.read', setup: coupon },
  {
    method: 'POST',
    url: '/api/config/coupons',
    permission: 'discounts.write',
    body: COUPON,
    ok: 201,
    setup: newCode,
  },
  {
    method: 'PUT',
    url: '/api/config/coupons/{id}',
    permission: 'discounts.write',
    body: COUPON,
    setup: coupon,
  },
  {
    method: 'DELETE',
    url: '/api/config/coupons/{id}',
    permission: 'discounts.write',
    ok: 204,
    setup: coupon,
  },
  { method: 'GET', url: '/api/config/tax-rules', permission: 'settings.read' },
  { method: 'GET', url: '/api/config/tax-rules/{id}', permission: 'settings.read', setup: taxRule },
  { method: 'POST', url: '/api/config/tax-rules', permission: 'settings.write', body: TAX_RULE, ok: 201 },
  {
    method: 'PUT',
    url: '/api/config/tax-rules/{id}',
    permission: 'settings.write',
    body: TAX_RULE,
    setup: taxRule,
  },
  {
    method: 'DELETE',
    url: '/api/config/tax-rules/{id}',
    permission: 'settings.write',
    ok: 204,
    setup: taxRule,
  },
  { method: 'GET', url: '/api/config/shipping-options', permission: 'settings.read' },
  {
    method: 'GET',
    url: '/api/config/shipping-options/{id}',
    permission: 'settings.read',
    setup: shippingOption,
  },
  {
    method: 'POST',
    url: '/api/config/shipping-options',
    permission: 'settings.write',
    body: SHIPPING_OPTION,
    ok: 201,
  },
  {
    method: 'PUT',
    url: '/api/config/shipping-options/{id}',
    permission: 'settings.write',
    body: SHIPPING_OPTION,
    setup: shippingOption,
  },
  {
    method: 'DELETE',
    url: '/api/config/shipping-options/{id}',
    permission: 'settings.write',
    ok: 204,
    setup: shippingOption,
  },
  { method: 'GET', url: '/api/config/settings', permission: 'settings.read' },
  {
    method: 'PATCH',
    url: '/api/config/settings',
    permission: 'settings.write',
    body: { storeSettings: { useLightCart: true } },
  },
  { method: 'GET', url: '/api/config/forms', permission: 'forms.write' },
  { method: 'GET', url: '/api/config/forms/{id}', permission: 'forms.write', setup: form },
  { method: 'POST', url: '/api/config/forms', permission: 'forms.write', body: FORM, ok: 201 },
  { method: 'PUT', url: '/api/config/forms/{id}', permission: 'forms.write', body: FORM, setup: form },
  { method: 'DELETE', url: '/api/config/forms/{id}', permission: 'forms.write', ok: 204, setup: form },
  {
    method: 'GET',
    url: '/api/config/forms/{id}/submissions?q=ada',
    permission: 'submissions.read',
    setup: form,
  },
  {
    method: 'GET',
    url: '/api/config/forms/{id}/submissions.csv',
    permission: 'submissions.read',
    setup: form,
  },
  { method: 'GET', url: LISTS, permission: 'campaigns.write' },
  { method: 'POST', url: LISTS, permission: 'campaigns.write', body: { name: 'Letters' }, ok: 201 },
  {
    method: 'PUT',
    url: `${LISTS}/{id}`,
    permission: 'campaigns.write',
    body: { name: 'L' },
    setup: mailingList,
  },
  { method: 'DELETE', url: `${LISTS}/{id}`, permission: 'campaigns.write', ok: 204, setup: mailingList },
  { method: 'GET', url: `${LISTS}/{id}/subscribers?q=a`, permission: 'campaigns.write', setup: mailingList },
  { method: 'GET', url: `${LISTS}/{id}/subscribers.csv`, permission: 'campaigns.write', setup: mailingList },
  {
    method: 'POST',
    url: `${LISTS}/{id}/subscribers/import`,
    permission: 'campaigns.write',
    body: { csv: 'email\nada@example.com\n' },
    setup: mailingList,
  },
  { method: 'GET', url: CAMPAIGNS, permission: 'campaigns.write' },
  { method: 'GET', url: `${CAMPAIGNS}/{id}`, permission: 'campaigns.write', setup: campaign },
  { method: 'POST', url: CAMPAIGNS, permission: 'campaigns.write', body: { subject: 'Hi' }, ok: 201 },
  {
    method: 'PUT',
    url: `${CAMPAIGNS}/{id}`,
    permission: 'campaigns.write',
    body: { subject: 'Hi' },
    setup: campaign,
  },
  { method: 'DELETE', url: `${CAMPAIGNS}/{id}`, permission: 'campaigns.write', ok: 204, setup: campaign },
  { method: 'GET', url: `${CAMPAIGNS}/{id}/preview.html`, permission: 'campaigns.write', setup: campaign },
  {
    method: 'POST',
    url: `${CAMPAIGNS}/{id}/test`,
    permission: 'campaigns.write',
    body: { to: 'me@example.com' },
    setup: campaign,
  },
  { method: 'POST', url: `${CAMPAIGNS}/{id}/send`, permission: 'campaigns.write', setup: campaign },
  { method: 'GET', url: `${RESTOCK}/groups`, permission: 'restock.manage' },
  { method: 'GET', url: `${RESTOCK}?productId=tee&variantId=none`, permission: 'restock.manage' },
  {
    method: 'POST',
    url: `${RESTOCK}/send`,
    permission: 'restock.manage',
    body: { productId: 'tee', variantId: 'TEE-S-BLUE' },
  },
  {
    method: 'POST',
    url: `${RESTOCK}/send/all`,
    permission: 'restock.manage',
    body: { sendRequests: [{ productId: 'tee', variantId: 'TEE-S-BLUE' }] },
  },
];
