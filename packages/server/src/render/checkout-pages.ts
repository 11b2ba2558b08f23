import {
  addressRegionText,
  analyticsValue,
  countryName,
  formatMoney,
  formatPostalCode,
  INSTALLMENTS_DEFAULT_COUNT,
  installmentDueText,
  installmentProviderBrand,
  installmentSchedule,
  MESSAGES,
  minorFromDecimal,
  ProductType,
  variantOptionsText,
} from '@storefront/commerce';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CART_COOKIE, HAS_CART_COOKIE } from '../modules/cart/routes.js';
import { getCart } from '../modules/cart/service.js';
import { getCollections, getProductsByIds } from '../modules/catalog/service.js';
import { checkoutDeps } from '../modules/checkout/routes.js';
import type { CheckoutSource, Quote } from '../modules/checkout/schema.js';
import {
  type CheckoutDeps,
  type CheckoutOptions,
  confirmationUrl,
  quote,
  settlePayLater,
} from '../modules/checkout/service.js';
import { SOURCE_MESSAGES } from '../modules/checkout/sources.js';
import { memberAreasOf } from '../modules/content/service.js';
import { getInstallmentContext } from '../modules/context/service.js';
import { MEDIA_SECURITY_HEADERS } from '../modules/media/routes.js';
import { openFile } from '../modules/media/service.js';
import {
  findOrderByPayment,
  getDownload,
  getOrderWithToken,
  orderNumberOf,
  orderStatusUrl,
} from '../modules/orders/service.js';
import type { DecimalMoney, OrderView, ShippingAddress } from '../modules/orders/view.js';
import { digitalFileIdOf } from '../modules/owner-catalog/service.js';
import {
  isTestPayLaterProvider,
  TEST_PAY_LATER_PATH,
  type TestPayLaterProvider,
} from '../modules/payments/test-pay-later.js';
import { announcementDismissed } from '../modules/site/routes.js';
import { checkoutPrefill, type SiteUserView } from '../modules/site-users/service.js';
import { subscriptionOfOrder } from '../modules/subscriptions/billing-service.js';
import { HttpError } from '../platform/errors.js';
import { parseInput, text, tokenQuery } from '../platform/request-input.js';
import { currentSiteUser } from '../platform/site-user-auth.js';
import type { AppServices, SiteContext } from '../services.js';
import { itemUrl } from './content-context.js';
import { type PagePurchase, pageContext } from './context.js';
import { PAGE_TYPE } from './page-types.js';
import type { TemplateName } from './theme.js';

/**
 * Content-Disposition for a download: always an attachment (never shown in the page's origin),
 * with an ASCII fallback name and the exact one in RFC 5987 form.
 */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/** Spec §2 page type numbers of the checkout and order pages. */

export const ORDERS_API_URL = '/api/commerce/orders';
export const QUOTE_API_URL = '/api/commerce/checkout/quote';

export interface CheckoutPage {
  status: number;
  pageType: number;
  template: TemplateName;
  title: string;
  data: Record<string, unknown>;
  /** Set on the pages confirming a just-placed order (the ad pixels' Purchase). */
  purchase?: PagePurchase;
}

/**
 * Renders a theme page inside the site region, with the cart pill and crumb (checkout, order and
 * account pages). Their footer offers no newsletter sign-up: paying, and a shopper's own pages,
 * keep to their one form (the checkout asks for the email itself).
 */
export async function render(
  services: AppServices,
  request: FastifyRequest,
  reply: FastifyReply,
  page: CheckoutPage,
) {
  const ctx = await services.context();
  const crumb = services.crumbs.ensure(request, reply);
  const url = new URL(request.url, 'http://local');
  const [collections, cart] = await Promise.all([
    getCollections(ctx),
    getCart(ctx, request.cookies[CART_COOKIE], ctx.site.website.currency),
  ]);
  const json = pageContext(
    {
      site: ctx.site,
      pageType: page.pageType,
      title: `${page.title} — ${ctx.site.website.siteTitle}`,
      crumb,
      nonce: reply.cspNonce,
      cart,
      assets: services.theme.assets,
      collections,
      path: url.pathname,
      announcementDismissed: announcementDismissed(request.cookies, ctx.site.website.announcement),
      ...(page.purchase ? { purchase: page.purchase } : {}),
    },
    { ...page.data, crumb },
  );
  const mainContent = services.theme.render(page.template, json);
  const html = services.theme.render('site', { ...json, mainContent });
  return reply
    .status(page.status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);
}

function moneyText(m: DecimalMoney, locale: string): string {
  return formatMoney(minorFromDecimal(m.decimalValue, m.currency), m.currency, locale);
}

/** The plain summary every checkout page shows without JavaScript. */
function quoteSummary(q: Quote, locale: string) {
  const text = (m: DecimalMoney) => moneyText(m, locale);
  return {
    items: q.items.map((i) => ({ ...i, unitPriceText: text(i.unitPrice), lineTotalText: text(i.lineTotal) })),
    subtotalText: text(q.subtotal),
    discountText: q.discountCents > 0 ? text(q.discountTotal) : '',
    shippingText: q.requiresShipping ? text(q.shippingTotal) : '',
    taxText: q.taxCents > 0 ? text(q.taxTotal) : '',
    grandTotalText: text(q.grandTotal),
    planText: q.planText,
  };
}

async function checkoutPage(
  ctx: SiteContext,
  request: FastifyRequest,
  source: CheckoutSource,
  testMode: boolean,
  siteUser: SiteUserView | null,
  payLaterEnabled = false,
): Promise<CheckoutPage> {
  const { locale, id: websiteId, currency } = ctx.site.website;
  let q: Quote | null = null;
  let error = '';
  try {
    q = await quote(ctx, { source }, request.cookies[CART_COOKIE], payLaterEnabled);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    error = err.message;
  }
  const props = {
    source,
    quote: q,
    error: error || null,
    testMode,
    websiteId,
    currency,
    locale,
    ordersUrl: ORDERS_API_URL,
    quoteUrl: QUOTE_API_URL,
    // A signed-in shopper's email and newest saved address are filled in for them.
    ...(siteUser ? await checkoutPrefill(ctx, siteUser) : {}),
  };
  return {
    status: 200,
    pageType: PAGE_TYPE.CHECKOUT,
    template: 'checkout',
    title: 'Checkout',
    data: {
      checkout: {
        error,
        // Back after ordering finds the cart empty or bought: one calm message with a way on,
        // not an error; with nothing priced there is no form for the island to run.
        finished: error === SOURCE_MESSAGES.emptyCart || error === SOURCE_MESSAGES.cartPurchased,
        summary: q ? quoteSummary(q, locale) : null,
        islandProps: q ? JSON.stringify(props) : '',
      },
    },
  };
}

/** An address as the page prints it: the country named, the postal code spaced the country's way. */
function addressContext(a: ShippingAddress | null, locale: string) {
  if (!a) return null;
  return {
    ...a,
    region: addressRegionText(a.country, a.region),
    postalCode: formatPostalCode(a.country, a.postalCode),
    countryName: countryName(a.country, locale),
  };
}

function orderContext(order: OrderView, locale: string) {
  const text = (m: DecimalMoney) => moneyText(m, locale);
  const minor = (m: DecimalMoney) => minorFromDecimal(m.decimalValue, m.currency);
  /** A total shown only when it is not zero. */
  const ifAny = (m: DecimalMoney) => (minor(m) > 0 ? text(m) : '');
  const byCard = minor(order.grandTotal) - minor(order.giftCardTotal);
  return {
    ...order,
    items: order.items.map((i) => ({
      ...i,
      variantText: variantOptionsText(i.variantOptions),
      unitPriceText: text(i.unitPrice),
      lineTotalText: text(i.lineTotal),
    })),
    shippingAddress: addressContext(order.shippingAddress, locale),
    billingAddress: addressContext(order.billingAddress, locale),
    // Billing is said to be the shipping address only where one was asked for.
    billingSameAsShipping: !order.billingAddress && !!order.shippingAddress,
    // As the confirmation mail: what the card paid when a gift card paid part.
    cardPaidText:
      minor(order.giftCardTotal) > 0 && byCard > 0 ? formatMoney(byCard, order.currency, locale) : '',
    subtotalText: text(order.subtotal),
    discountText: ifAny(order.discountTotal),
    shippingText: order.shippingAddress ? text(order.shippingTotal) : '',
    taxText: ifAny(order.taxTotal),
    giftCardText: ifAny(order.giftCardTotal),
    grandTotalText: text(order.grandTotal),
    amountPaidText: text(order.amountPaid),
    giftCards: order.giftCards.map((g) => ({
      ...g,
      amountText: text(g.amount),
      // Shown only when the card went to someone other than the buyer.
      sentTo:
        g.recipientEmail && g.recipientEmail !== order.email ? (g.recipientName ?? g.recipientEmail) : '',
    })),
    statusText: ORDER_STATUS_TEXT[order.status],
    createdText: new Date(order.created).toISOString().slice(0, 10),
  };
}

/** The order status page's words for the payment state (refunds are made in the owner's area). */
export const ORDER_STATUS_TEXT: Record<OrderView['status'], string> = {
  paid: 'Paid',
  pending: 'Payment pending',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  cancelled: 'Cancelled: the payment plan was declined',
};

function notFoundPage(): CheckoutPage {
  return {
    status: 404,
    pageType: PAGE_TYPE.NOT_FOUND,
    template: 'notFound',
    title: 'Page not found',
    data: {},
  };
}

/**
 * Which page a just-placed order confirms: received while payment is pending, subscription
 * confirmed, contribution confirmed (only donations), or confirmed.
 */
function confirmationPage(
  order: OrderView,
  onlyDonations: boolean,
): Pick<CheckoutPage, 'pageType' | 'template' | 'title'> {
  if (order.status === 'pending') {
    return {
      pageType: PAGE_TYPE.ORDER_RECEIVED,
      template: 'orderReceived',
      title: 'Order received',
    };
  }
  if (order.source === 'subscription') {
    return {
      pageType: PAGE_TYPE.SUBSCRIPTION_CONFIRMED,
      template: 'subscriptionConfirmed',
      title: 'Subscription confirmed',
    };
  }
  if (onlyDonations) {
    return {
      pageType: PAGE_TYPE.CONTRIBUTION_CONFIRMED,
      template: 'contributionConfirmed',
      title: 'Contribution confirmed',
    };
  }
  return {
    pageType: PAGE_TYPE.ORDER_CONFIRMED,
    template: 'orderConfirmed',
    title: 'Order confirmed',
  };
}

/** The ad pixels' Purchase of an order: the value the server's Purchase event has (subtotal / 100). */
function purchaseOf(order: OrderView): PagePurchase {
  return {
    orderId: order.id,
    value: analyticsValue(minorFromDecimal(order.subtotal.decimalValue, order.subtotal.currency)),
    currency: order.currency,
  };
}

/** Every line of the order is a donation (spec §2 contribution confirmed, 204). */
async function onlyDonations(ctx: SiteContext, order: OrderView): Promise<boolean> {
  const products = await getProductsByIds(
    ctx,
    order.items.map((i) => i.itemId),
  );
  return order.items.every((i) => products.find((p) => p.id === i.itemId)?.donation);
}

/** The member areas the order's paywall products open: their titles and addresses. */
async function memberAreasOfOrder(ctx: SiteContext, order: OrderView) {
  const paywall = order.items.filter((i) => i.productType === ProductType.PAYWALL).map((i) => i.itemId);
  const areas = await memberAreasOf(ctx, paywall);
  if (areas.collections.length + areas.items.length === 0) return [];
  const collections = await getCollections(ctx);
  return [
    ...areas.collections.map((c) => ({ title: c.title, url: c.fullUrl })),
    ...areas.items.flatMap((item) => {
      const collection = collections.find((c) => c.id === item.collectionId);
      return collection ? [{ title: item.title, url: itemUrl(item, collection) }] : [];
    }),
  ];
}

/** Longest text kept of each checkout link parameter (the quote schema's limits). */
const ID_MAX_LENGTH = 64;
const SKU_MAX_LENGTH = 200;

const subscribeQuery = z.object({ cartToken: text().optional() });
const giftCardQuery = z.object({
  websiteId: text().optional(),
  giftCardProductId: text().optional(),
  sku: text().optional(),
});
const orderParams = z.object({ orderId: text() });
const downloadParams = z.object({ token: text() });

export function checkoutPageRoutes(
  app: FastifyInstance,
  services: AppServices,
  options: CheckoutOptions = {},
): void {
  // The Checkout island shows a test-mode notice when orders go to the test provider.
  const testMode = options.paymentProvider?.testMode ?? true;
  // Spec §5: express checkout requires the hasCart cookie equal to true or a CART cookie.
  app.get('/commerce/goto-checkout', async (request, reply) => {
    if (request.cookies[HAS_CART_COOKIE] === 'true' || request.cookies[CART_COOKIE]) {
      return reply.redirect('/checkout', 303);
    }
    return render(services, request, reply, {
      status: 200,
      pageType: PAGE_TYPE.CHECKOUT,
      template: 'checkout',
      title: 'Checkout',
      data: { checkout: { error: MESSAGES.checkoutSessionOrCookies, summary: null, islandProps: '' } },
    });
  });

  app.get('/checkout', async (request, reply) => {
    const ctx = await services.context();
    return render(
      services,
      request,
      reply,
      await checkoutPage(
        ctx,
        request,
        { kind: 'cart' },
        testMode,
        await currentSiteUser(services, request, reply),
        !!options.payLaterProvider,
      ),
    );
  });

  app.get('/checkout/subscribe', async (request, reply) => {
    const query = parseInput(subscribeQuery, request.query);
    const ctx = await services.context();
    const cartToken = (query.cartToken ?? '').slice(0, ID_MAX_LENGTH);
    return render(
      services,
      request,
      reply,
      await checkoutPage(
        ctx,
        request,
        { kind: 'subscription', cartToken },
        testMode,
        await currentSiteUser(services, request, reply),
      ),
    );
  });

  app.get('/checkout/giftcard', async (request, reply) => {
    const { websiteId, giftCardProductId, sku } = parseInput(giftCardQuery, request.query);
    const ctx = await services.context();
    if (!giftCardProductId || (websiteId && websiteId !== ctx.websiteId)) {
      return render(services, request, reply, notFoundPage());
    }
    const source: CheckoutSource = {
      kind: 'gift-card',
      giftCardProductId: giftCardProductId.slice(0, ID_MAX_LENGTH),
      ...(sku ? { sku: sku.slice(0, SKU_MAX_LENGTH) } : {}),
    };
    return render(
      services,
      request,
      reply,
      await checkoutPage(ctx, request, source, testMode, await currentSiteUser(services, request, reply)),
    );
  });

  const orderPage = (confirmation: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { orderId } = parseInput(orderParams, request.params);
    const { token } = parseInput(tokenQuery, request.query);
    const ctx = await services.context();
    let order: OrderView;
    try {
      order = await getOrderWithToken(ctx, orderId, token ?? '');
    } catch (err) {
      if (err instanceof HttpError) return render(services, request, reply, notFoundPage());
      throw err;
    }
    const page = confirmation
      ? confirmationPage(order, await onlyDonations(ctx, order))
      : {
          pageType: PAGE_TYPE.ORDER_STATUS,
          template: 'orderStatus' as const,
          title: `Order ${order.numberText}`,
        };
    // A paid order holding a paywall product opens member areas: membership confirmed (208) links them.
    const memberAreas = confirmation && order.status === 'paid' ? await memberAreasOfOrder(ctx, order) : [];
    if (memberAreas.length > 0)
      return render(services, request, reply, {
        pageType: PAGE_TYPE.MEMBERSHIP_CONFIRMED,
        template: 'membershipConfirmed',
        title: 'Membership confirmed',
        status: 200,
        data: { order: orderContext(order, ctx.site.website.locale), memberAreas },
        purchase: purchaseOf(order),
      });
    // The subscription confirmed page (206) also shows the plan and the next billing date.
    const subscription =
      page.pageType === PAGE_TYPE.SUBSCRIPTION_CONFIRMED ? await subscriptionOfOrder(ctx, order.id) : null;
    return render(services, request, reply, {
      ...page,
      status: 200,
      data: {
        order: orderContext(order, ctx.site.website.locale),
        ...(subscription ? { subscription } : {}),
      },
      ...(confirmation ? { purchase: purchaseOf(order) } : {}),
    });
  };
  const payLater = options.payLaterProvider ?? null;
  if (isTestPayLaterProvider(payLater))
    testPayLaterPages(app, services, payLater, checkoutDeps(app, services, options));
  app.get('/commerce/orders/:orderId', orderPage(false));
  app.get('/commerce/orders/:orderId/confirmation', orderPage(true));

  // A digital item's link: no file storage exists yet, so it serves a receipt naming the item and order.
  app.get('/downloads/:token', async (request, reply) => {
    const { token } = parseInput(downloadParams, request.params);
    const ctx = await services.context();
    const download = await getDownload(ctx, token);
    if (!download) return render(services, request, reply, notFoundPage());
    // The product's file when the owner has uploaded one; without it the link is a receipt page.
    const fileId = await digitalFileIdOf(ctx, download.item_id);
    const file = fileId ? await openFile(ctx, services.media, fileId) : null;
    if (file) {
      return reply
        .headers(MEDIA_SECURITY_HEADERS)
        .header('content-disposition', attachment(file.fileName))
        .header('content-length', file.size)
        .header('cache-control', 'private, no-store')
        .type('application/octet-stream')
        .send(file.stream);
    }
    return render(services, request, reply, {
      status: 200,
      pageType: PAGE_TYPE.ORDER_STATUS,
      template: 'orderStatus',
      title: download.product_name,
      data: {
        download: {
          productName: download.product_name,
          orderNumber: orderNumberOf({ id: download.order_id, number: download.order_number }),
          createdText: new Date(download.created_at).toISOString().slice(0, 10),
        },
      },
    });
  });
}

const payLaterParams = z.object({ reference: text() });
const payLaterBody = z.object({ outcome: z.enum(['approved', 'declined']) });

/**
 * The built-in pay-later provider's approval page (it stands in for the provider's own site):
 * the plan of a pending order, approved or declined with a plain form. The answer is the
 * provider's signed notice, settled as the provider's callback is, then the shopper returns to the
 * order's confirmation page.
 */
function testPayLaterPages(
  app: FastifyInstance,
  services: AppServices,
  provider: TestPayLaterProvider,
  deps: CheckoutDeps,
): void {
  const path = `${TEST_PAY_LATER_PATH}/:reference`;
  const confirmationOf = (row: { id: string; access_token: string }) =>
    orderStatusUrl(row.id, row.access_token).replace('?', '/confirmation?');

  app.get(path, async (request, reply) => {
    const { reference } = parseInput(payLaterParams, request.params);
    const ctx = await services.context();
    const row = await findOrderByPayment(ctx.db, ctx.websiteId, provider.name, reference);
    if (!row) return render(services, request, reply, notFoundPage());
    // Settled already (back from the confirmation page): nothing is left to approve.
    if (row.status !== 'pending') return reply.redirect(confirmationOf(row), 303);
    const { locale } = ctx.site.website;
    const context = await getInstallmentContext(ctx);
    const money = (cents: number) => formatMoney(cents, row.currency, locale);
    const payments = installmentSchedule(row.amount_paid_cents, INSTALLMENTS_DEFAULT_COUNT);
    return render(services, request, reply, {
      status: 200,
      pageType: PAGE_TYPE.CHECKOUT,
      template: 'payLaterTest',
      title: `Pay in ${payments.length}`,
      data: {
        plan: {
          brand: installmentProviderBrand(context.stripeAccountCountry),
          count: payments.length,
          siteTitle: ctx.site.website.siteTitle,
          numberText: orderNumberOf(row),
          totalText: money(row.amount_paid_cents),
          payments: payments.map((cents, i) => ({ when: installmentDueText(i), amount: money(cents) })),
          actionUrl: `${TEST_PAY_LATER_PATH}/${encodeURIComponent(reference)}`,
          // Leaving without deciding keeps the order pending; its status page says so.
          returnUrl: orderStatusUrl(row.id, row.access_token),
        },
      },
    });
  });

  app.post(path, async (request, reply) => {
    services.crumbs.check(request);
    const { reference } = parseInput(payLaterParams, request.params);
    const { outcome } = parseInput(payLaterBody, request.body);
    const ctx = await services.context();
    const order = await settlePayLater(ctx, deps, provider.notice(reference, outcome));
    return reply.redirect(confirmationUrl(order), 303);
  });
}
