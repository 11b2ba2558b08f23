import {
  analyticsValue,
  type CartLineInput,
  type CartTotals,
  formatMoney,
  MEMBER_MESSAGES,
  MESSAGES,
  PAY_LATER_MESSAGES,
  type PayLaterOffer,
  ProductType,
  type ProductTypeNumber,
  payLaterOffer,
  subscriptionPriceText,
  type TrackedErrorType,
  validateEmail,
  variantOptionsText,
} from '@storefront/commerce';
import { CompanionNotWritten, carriesCompanions } from '../../db/companion.js';
import type { RequestContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { newId, newToken, sha256 } from '../../platform/ids.js';
import type { SiteContext } from '../../services.js';
import { getInstallmentContext } from '../context/service.js';
import { type AnyEmailRequest, enqueueEmails, enqueueEmailsAlong } from '../email/service.js';
import {
  findGiftCard,
  GIFT_CARD_MESSAGES,
  type GiftCardBalance,
  issueGiftCard,
  redeemGiftCard,
  releaseGiftCardRedemptions,
} from '../gift-cards/service.js';
import {
  expectedStockTaken,
  releaseStock,
  reserveStock,
  reserveStockAlong,
  type StockTaken,
} from '../inventory/service.js';
import {
  buildOrderView,
  confirmationEmailData,
  deleteReservedOrder,
  findOrderByPayment,
  findOrderRow,
  getOrder,
  insertDownloads,
  insertReservedOrder,
  insertReservedOrderAndCommit,
  isPlaced,
  listOrderItems,
  listReservedBefore,
  numberSettledOrder,
  ORDER_NUMBER_SLOT,
  type OrderItemRow,
  type OrderRow,
  orderRef,
  orderStatus,
  recordReservedStock,
  settleNumberAndCarry,
  settlePendingOrder,
  settleReservedOrder,
} from '../orders/service.js';
import { decimalMoney, type OrderView, type ShippingAddress } from '../orders/view.js';
import { checkCard } from '../payments/card.js';
import {
  type AuthorizeInput,
  type AuthorizeResult,
  type CardDetails,
  PAYMENT_MESSAGES,
  type PaymentNotice,
  type PaymentProvider,
} from '../payments/provider.js';
import {
  type CartPricingView,
  priceCart,
  redeemCoupons,
  releaseCoupons,
  SHIPPING_OPTION_UNAVAILABLE,
  type ShippingLocation,
  UNKNOWN_COUPON,
} from '../pricing/service.js';
import { askForReviews, askForReviewsAlong, reviewsRequestMail } from '../reviews/service.js';
import { sitePublicUrl } from '../site/service.js';
import { startSubscription } from '../subscriptions/billing-service.js';
import { ADDRESS_MESSAGES, checkShippingAddress } from './address.js';
import { checkOrderDetails, type OrderDetails } from './details.js';
import {
  claimIdempotencyKey,
  claimKeyAndCart,
  findIdempotencyKey,
  releaseIdempotencyKey,
  unmarkCartPurchased,
} from './repo.js';
import type { PlaceOrderBody, Quote, QuoteBody } from './schema.js';
import { type CheckoutLine, type ResolvedSource, resolveSource } from './sources.js';

export const CHECKOUT_MESSAGES = {
  idempotencyConflict:
    'This checkout request was already used for a different order. Please reload the page and try again.',
  alreadyOrdered: 'This order has already been placed.',
  addressRequired: 'Enter a shipping address.',
  chooseShipping: 'Choose a shipping option.',
  cardRequired: 'Enter your card details.',
  reservationExpired: 'Your checkout took too long and was cancelled. Please try again.',
  invalidNotice: 'This payment notice is not valid.',
  unknownPayment: 'We could not find the order of that payment.',
} as const;

/** What `onOrderPlaced` listeners receive; `value` is what analytics reports (spec §9: subtotal / 100). */
export interface OrderPlacedEvent {
  order: OrderView;
  value: number;
  shopper: OrderShopper;
}

/** Who placed the order, as analytics needs it: the visitor cookie, the country, a contributor's roles. */
export interface OrderShopper {
  visitorCookie?: string;
  country?: string;
  /** The signed-in contributor's roles; null for a shopper. */
  roles: readonly number[] | null;
  /** Signed in to a shopper account: a membership is sold only to an account. */
  signedIn?: boolean;
}
export type OrderPlacedListener = (event: OrderPlacedEvent) => void | Promise<void>;

/** buildApp's `checkout` option: the payment provider (the test provider by default) and order listeners. */
export interface CheckoutOptions {
  paymentProvider?: PaymentProvider;
  /** The pay-later provider checkout offers beside cards (the built-in test one by default); null offers none. */
  payLaterProvider?: PaymentProvider | null;
  onOrderPlaced?: OrderPlacedListener[];
}

export interface CheckoutDeps {
  provider: PaymentProvider;
  /** Pay-later (spec §1): the order is pending until this provider's notice settles it. */
  payLater: PaymentProvider | null;
  listeners: readonly OrderPlacedListener[];
  /** Where a failing listener or compensation is reported; they never fail the order. */
  warn(err: unknown, message: string): void;
  /** The store's public address (PUBLIC_URL): emails link to the order, downloads and the shop. */
  publicUrl?: string;
  /** Where links that must be absolute point without a public address (this server). */
  linkBase: string;
}

/** An expected checkout failure whose body carries more than the message (itemName, code). */
export class CheckoutFailure extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    readonly extra: Record<string, unknown>,
    type?: TrackedErrorType,
  ) {
    super(statusCode, message, type);
  }
}

function lineInputs(lines: readonly CheckoutLine[]): CartLineInput[] {
  return lines.map((l) => ({
    itemId: l.itemId,
    sku: l.sku,
    quantity: l.quantity,
    unitPriceCents: l.unitPriceCents,
    productType: l.productType,
  }));
}

interface Priced {
  totals: CartTotals;
  view: CartPricingView;
  unknownCouponCodes: string[];
  giftCard: GiftCardBalance | null;
  giftCardError: string | null;
  address: ShippingAddress | null;
  addressErrors: Record<string, string> | null;
}

function buysGiftCards(resolved: ResolvedSource): boolean {
  return resolved.lines.some((l) => l.productType === ProductType.GIFT_CARD);
}

/** Prices what is being bought with the pricing module's rules and commerce's computeCartTotals. */
async function priceSource(ctx: RequestContext, resolved: ResolvedSource, body: QuoteBody): Promise<Priced> {
  let address: ShippingAddress | null = null;
  let location: ShippingLocation | null = null;
  let addressErrors: Record<string, string> | null = null;
  if (body.shippingAddress) {
    const checked = checkShippingAddress(body.shippingAddress);
    if (checked.ok) ({ address, location } = checked);
    else ({ errors: addressErrors, location } = checked);
  }
  let giftCard: GiftCardBalance | null = null;
  let giftCardError: string | null = null;
  if (body.giftCardCode?.trim()) {
    giftCard = await findGiftCard(ctx.db, ctx.websiteId, body.giftCardCode);
    if (!giftCard || giftCard.currency !== resolved.currency) {
      giftCard = null;
      giftCardError = GIFT_CARD_MESSAGES.invalid;
    } else if (giftCard.balanceCents <= 0) {
      giftCardError = GIFT_CARD_MESSAGES.empty;
    }
  }
  const { inputs, totals, view } = await priceCart(ctx, lineInputs(resolved.lines), {
    currency: resolved.currency,
    location,
    shippingOptionId: body.shippingOptionId ?? null,
    couponCodes: body.couponCodes ?? [],
    giftCard: giftCard ? { code: giftCard.code, balanceCents: giftCard.balanceCents } : null,
    customerEmail: body.email?.trim() || null,
  });
  if (giftCard && !giftCardError && totals.giftCardAppliedCents === 0 && buysGiftCards(resolved))
    giftCardError = GIFT_CARD_MESSAGES.notForGiftCards;
  // A country no shipping option serves would ship free and untaxed: refuse it.
  if (location && totals.requiresShipping && !inputs.shipsToLocation) {
    addressErrors = { ...addressErrors, 'shippingAddress.country': ADDRESS_MESSAGES.notShipped };
    address = null;
  }
  return {
    totals,
    view,
    unknownCouponCodes: inputs.unknownCouponCodes,
    giftCard,
    giftCardError,
    address,
    addressErrors,
  };
}

/**
 * Spec §3 plan wording of what a subscription charges each period ('$22.00 every month'), so
 * the shopper reads that it recurs before paying; '' for other sources.
 */
function planText(resolved: ResolvedSource, locale: string): string {
  if (resolved.kind !== 'subscription') return '';
  const cycleCents = resolved.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  return subscriptionPriceText({
    priceString: formatMoney(cycleCents, resolved.currency, locale),
    plan: resolved.subscriptionPlan ?? null,
  });
}

/** Pay-later for this order by commerce's rules, as the quote offers it; null without a provider. */
async function payLaterFor(
  ctx: SiteContext,
  resolved: ResolvedSource,
  amountDueCents: number,
  enabled: boolean,
): Promise<PayLaterOffer | null> {
  if (!enabled) return null;
  return payLaterOffer({
    context: await getInstallmentContext(ctx),
    // A subscription renews on a kept card: its lines are never paid later.
    lines: resolved.lines.map((l) => ({
      productType: l.productType,
      isSubscribable: resolved.kind === 'subscription',
    })),
    amountDueCents,
    currency: resolved.currency,
    locale: ctx.site.website.locale,
  });
}

function quoteView(
  resolved: ResolvedSource,
  body: QuoteBody,
  p: Priced,
  locale: string,
  payLater: PayLaterOffer | null,
): Quote {
  const money = (cents: number) => decimalMoney(cents, resolved.currency);
  const t = p.totals;
  return {
    source: body.source,
    currency: resolved.currency,
    planText: planText(resolved, locale),
    items: resolved.lines.map((l) => ({
      itemId: l.itemId,
      sku: l.sku,
      productName: l.productName,
      productType: l.productType,
      /** The variant's options as one line ('M / Sage'); '' without options. */
      variant: variantOptionsText(l.variantOptions ? JSON.parse(l.variantOptions) : null),
      quantity: l.quantity,
      unitPrice: money(l.unitPriceCents),
      lineTotal: money(l.unitPriceCents * l.quantity),
    })),
    subtotal: money(t.subtotalCents),
    discountTotal: money(t.discountCents),
    shippingTotal: money(t.shippingCostCents),
    taxTotal: money(t.taxCents),
    grandTotal: money(t.grandTotalCents),
    giftCardTotal: money(t.giftCardAppliedCents),
    amountDue: money(t.amountDueCents),
    subtotalCents: t.subtotalCents,
    discountCents: t.discountCents,
    shippingCostCents: t.shippingCostCents,
    taxCents: t.taxCents,
    grandTotalCents: t.grandTotalCents,
    giftCardAppliedCents: t.giftCardAppliedCents,
    amountDueCents: t.amountDueCents,
    totalQuantity: t.totalQuantity,
    shippingOptions: p.view.shippingOptions,
    selectedShippingOption: p.view.selectedShippingOption,
    shippingLocation: p.view.shippingLocation,
    applicableTaxRules: p.view.applicableTaxRules,
    validCoupons: p.view.validCoupons,
    invalidCoupons: [
      ...p.view.invalidCoupons,
      ...p.unknownCouponCodes.map((code) => ({ code, reason: 'unknown' as const, message: UNKNOWN_COUPON })),
    ],
    giftCard: p.giftCard
      ? {
          code: p.giftCard.code,
          balance: money(p.giftCard.balanceCents),
          applied: money(t.giftCardAppliedCents),
        }
      : null,
    giftCardError: p.giftCardError,
    addressErrors: p.addressErrors,
    requiresShipping: t.requiresShipping,
    hasDigital: t.hasDigital,
    purelyDigital: t.purelyDigital,
    payLater,
  };
}

/** POST /api/commerce/checkout/quote: what the order would cost, without changing anything. */
export async function quote(
  ctx: SiteContext,
  body: QuoteBody,
  cartToken: string | undefined,
  payLaterEnabled = true,
): Promise<Quote> {
  const resolved = await resolveSource(ctx, body.source, cartToken, ctx.site.website.currency);
  const priced = await priceSource(ctx, resolved, body);
  const payLater = await payLaterFor(ctx, resolved, priced.totals.amountDueCents, payLaterEnabled);
  return quoteView(resolved, body, priced, ctx.site.website.locale, payLater);
}

/** Problems with the order's details, keyed by field, once it is priced. */
function orderErrors(priced: Priced, body: PlaceOrderBody): Record<string, string> {
  const errors: Record<string, string> = {};
  if (priced.totals.requiresShipping) {
    if (!body.shippingAddress) errors.shippingAddress = CHECKOUT_MESSAGES.addressRequired;
    else if (priced.addressErrors) Object.assign(errors, priced.addressErrors);
    const options = priced.view.shippingOptions;
    if (priced.address && options.length > 0 && !priced.view.selectedShippingOption) {
      errors.shippingOptionId = body.shippingOptionId
        ? SHIPPING_OPTION_UNAVAILABLE
        : CHECKOUT_MESSAGES.chooseShipping;
    }
  }
  if (priced.giftCardError) errors.giftCardCode = priced.giftCardError;
  // A coupon used up since the quote would silently raise the price: say so instead.
  const usedUp = priced.view.invalidCoupons.find(
    (c) => c.reason === 'usage-limit' || c.reason === 'customer-limit',
  );
  if (usedUp) errors.couponCodes = `${usedUp.code}: ${usedUp.message}`;
  return errors;
}

/** The request's fingerprint for its idempotency key: the card is reduced to what identifies it, never stored. */
/**
 * The request's fingerprint for its idempotency key. The cart cookie is not part of it: an answer
 * cut off after its headers has already cleared the cookie, and the shopper's retry with the same
 * key must lead to the order that was placed, not to a conflict.
 */
function requestHash(body: PlaceOrderBody): string {
  const { idempotencyKey: _key, crumb: _crumb, payment, ...rest } = body;
  const card = payment
    ? {
        last4: payment.cardNumber.replace(/\D/g, '').slice(-4),
        expMonth: payment.expMonth,
        expYear: payment.expYear,
      }
    : null;
  return sha256(JSON.stringify({ ...rest, card }));
}

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function confirmationUrl(order: OrderView): string {
  return order.statusUrl.replace('?', '/confirmation?');
}

/**
 * A provider that throws (network down, timeout) may or may not have charged: the shopper is asked
 * to try again, and the retry carries the same idempotency key, so the provider charges once.
 */
async function authorize(
  deps: CheckoutDeps,
  provider: PaymentProvider,
  input: AuthorizeInput,
): Promise<AuthorizeResult> {
  try {
    return await provider.authorize(input);
  } catch (err) {
    deps.warn(err, `payment provider ${provider.name} failed`);
    return { ok: false, code: 'retry', message: PAYMENT_MESSAGES.processingError };
  }
}

export interface PlaceOrderResult {
  order: OrderView;
  confirmationUrl: string;
  /** True when the key had already placed this order: nothing new happened. */
  replayed: boolean;
  /** Pay-later: the provider's page where the shopper approves the plan (the order is pending until then). */
  paymentUrl?: string;
}

async function replay(ctx: SiteContext, orderId: string | null): Promise<PlaceOrderResult> {
  const order = orderId ? await getOrder(ctx, orderId) : null;
  if (!order) throw new HttpError(409, CHECKOUT_MESSAGES.idempotencyConflict);
  return { order, confirmationUrl: confirmationUrl(order), replayed: true };
}

/** A reserved order, as the payment step needs it. */
interface Reservation {
  orderId: string;
  dueCents: number;
  currency: string;
  kind: ResolvedSource['kind'];
  /** The order's lines as written, when this request wrote them (a resumed reservation reads them). */
  items?: OrderItemRow[];
  /** The reserved order's row as written or read. */
  order: OrderRow;
}

/**
 * Step 1, one short transaction: claims the idempotency key, re-reads and reprices what is bought,
 * claims the cart, writes the order as 'reserved' with its lines, and takes the coupons' uses, the
 * stock (conditional decrements) and the gift card's debit. Any problem rolls all of it back.
 */
interface ReserveInput {
  orderId: string;
  now: number;
  email: string;
  card: CardDetails | null;
  details: OrderDetails;
  signedIn: boolean;
}

async function reserve(
  ctx: SiteContext,
  deps: CheckoutDeps,
  body: PlaceOrderBody,
  cartToken: string | undefined,
  input: ReserveInput,
): Promise<Reservation | { replayOf: string | null }> {
  try {
    return await reserveOnce(ctx, deps, body, cartToken, input, true);
  } catch (err) {
    // The stock taken with the order was not there (sold out, or the variant made unlimited or
    // removed meanwhile) and everything was rolled back: reserve again, taking stock line by line.
    if (err instanceof CompanionNotWritten) return reserveOnce(ctx, deps, body, cartToken, input, false);
    throw err;
  }
}

async function reserveOnce(
  ctx: SiteContext,
  deps: CheckoutDeps,
  body: PlaceOrderBody,
  cartToken: string | undefined,
  input: ReserveInput,
  takeStockAlong: boolean,
): Promise<Reservation | { replayOf: string | null }> {
  const { orderId, now } = input;
  const hash = requestHash(body);
  return ctx.db.transaction().execute(async (trx) => {
    const tctx: SiteContext = { ...ctx, db: trx };
    // The first statement writes, so SQLite takes its write lock at once, as BEGIN IMMEDIATE
    // would: no read-then-upgrade deadlock between two checkouts.
    const key = {
      website_id: ctx.websiteId,
      key: body.idempotencyKey,
      request_hash: hash,
      order_id: orderId,
      created_at: now,
    };
    // A cart is claimed with the key (one statement on PostgreSQL), and only when the key was free.
    const claimed =
      body.source.kind === 'cart' && cartToken
        ? await claimKeyAndCart(trx, key, cartToken, now)
        : (await claimIdempotencyKey(trx, key))
          ? { cart: undefined }
          : null;
    if (!claimed) {
      const other = await findIdempotencyKey(trx, ctx.websiteId, body.idempotencyKey);
      if (!other || other.request_hash !== hash)
        throw new HttpError(409, CHECKOUT_MESSAGES.idempotencyConflict);
      return { replayOf: other.order_id };
    }
    const resolved = await resolveSource(
      tctx,
      body.source,
      cartToken,
      ctx.site.website.currency,
      async () => claimed.cart,
    );
    // A membership opens its area to an account: a visitor signs in before buying one.
    if (
      !input.signedIn &&
      resolved.kind === 'cart' &&
      resolved.lines.some((l) => l.productType === ProductType.PAYWALL)
    )
      throw new CheckoutFailure(401, MEMBER_MESSAGES.signInToCheckout, {});
    const priced = await priceSource(tctx, resolved, body);
    const problems = orderErrors(priced, body);
    const dueCents = priced.totals.amountDueCents;
    const payingLater = dueCents > 0 && body.paymentMethod === 'pay-later';
    if (payingLater) {
      const offer = await payLaterFor(tctx, resolved, dueCents, !!deps.payLater);
      if (!offer || !offer.available)
        problems.paymentMethod = offer && !offer.available ? offer.reason : PAY_LATER_MESSAGES.unavailable;
    } else if (dueCents > 0 && !input.card) problems['payment.cardNumber'] = CHECKOUT_MESSAGES.cardRequired;
    const provider = payingLater && deps.payLater ? deps.payLater : deps.provider;
    if (Object.keys(problems).length > 0) throw new HttpError(400, MESSAGES.formInvalid, undefined, problems);

    const t = priced.totals;
    const stockLines = resolved.lines.map((l) => ({
      sku: l.sku,
      quantity: l.quantity,
      name: l.productName,
      unlimited: l.unlimited,
    }));
    // Written with the order; corrected below only if a variant turned unlimited meanwhile.
    const expectedStock = expectedStockTaken(stockLines);
    // The unique source key refuses a second order of one subscription cart (409 below).
    const orderRow: OrderRow = {
      id: orderId,
      website_id: ctx.websiteId,
      purchased_cart_id: resolved.cartId,
      source_kind: resolved.kind,
      source_key: resolved.sourceKey ?? `gift-card:${orderId}`,
      status: 'reserved',
      test_mode: provider.testMode ? 1 : 0,
      email: input.email,
      shipping_address: t.requiresShipping && priced.address ? JSON.stringify(priced.address) : null,
      billing_address: input.details.billingAddress ? JSON.stringify(input.details.billingAddress) : null,
      phone: input.details.phone,
      note: input.details.note,
      // Numbered once paid (settleReservedOrder), so checkouts that fail leave no gaps.
      number: null,
      shipping_option: t.selectedShippingOption ? JSON.stringify(t.selectedShippingOption) : null,
      coupon_codes: JSON.stringify(t.validCoupons.map((c) => c.code)),
      currency: resolved.currency,
      subtotal_cents: t.subtotalCents,
      discount_cents: t.discountCents,
      shipping_cents: t.shippingCostCents,
      tax_cents: t.taxCents,
      grand_total_cents: t.grandTotalCents,
      gift_card_cents: t.giftCardAppliedCents,
      amount_paid_cents: dueCents,
      payment_provider: dueCents > 0 ? provider.name : null,
      payment_reference: null,
      access_token: newToken(16),
      reserved_stock: expectedStock.length > 0 ? JSON.stringify(expectedStock) : null,
      created_at: now,
      fulfilment_status: 'unfulfilled',
      refunded_cents: 0,
      restocked_at: null,
      site_user_id: null,
    };
    const items: OrderItemRow[] = resolved.lines.map((l, position) => ({
      id: newId('oi'),
      order_id: orderId,
      position,
      item_id: l.itemId,
      sku: l.sku,
      product_name: l.productName,
      product_type: l.productType,
      quantity: l.quantity,
      unit_price_cents: l.unitPriceCents,
      additional_fields: l.additionalFields,
      variant_options: l.variantOptions,
    }));
    const reservation: Reservation = {
      orderId,
      dueCents,
      currency: resolved.currency,
      kind: resolved.kind,
      items,
      order: orderRow,
    };
    // PostgreSQL: an order of one counted sku, with no coupon or gift card, takes its stock in its
    // insert's statement, the transaction's last, sent with the COMMIT: the variant row is locked
    // only while the server runs the two, not for a round trip to this process as well. A take that
    // fails there rolls it all back (CompanionNotWritten; `reserve` tries again without it).
    const along =
      takeStockAlong && t.validCoupons.length === 0 && !priced.giftCard && carriesCompanions(trx)
        ? reserveStockAlong(ctx.websiteId, expectedStock)
        : null;
    if (along) {
      await insertReservedOrderAndCommit(trx, orderRow, items, along);
      return reservation;
    }
    await insertReservedOrder(trx, orderRow, items);
    await redeemCoupons(
      tctx,
      t.validCoupons.map((c) => c.code),
      orderId,
      input.email,
    );
    // Stock and gift card are taken last: on PostgreSQL the variant row stays locked from here to
    // this transaction's commit, so the work above does not hold up other shoppers of the item.
    const stock = await reserveStock(trx, ctx.websiteId, stockLines);
    if (!stock.ok) {
      throw new CheckoutFailure(409, MESSAGES.outOfStock, { itemName: stock.itemName }, 'OUT_OF_STOCK');
    }
    const taken = stock.taken.length > 0 ? JSON.stringify(stock.taken) : null;
    if (taken !== orderRow.reserved_stock) {
      orderRow.reserved_stock = taken;
      await recordReservedStock(trx, orderId, taken);
    }
    if (
      priced.giftCard &&
      !(await redeemGiftCard(trx, priced.giftCard, orderId, t.giftCardAppliedCents, now))
    ) {
      throw new HttpError(409, GIFT_CARD_MESSAGES.changed);
    }
    return reservation;
  });
}

/**
 * The compensation of step 1, in one transaction: stock, gift card balance, coupon uses, the cart
 * and the idempotency key go back as they were, and the reserved order is deleted. Does nothing
 * when the order is no longer reserved (it was paid, or released already).
 */
export async function releaseReservation(ctx: RequestContext, orderId: string): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await deleteReservedOrder(trx, orderId);
    if (!row) return false;
    const tctx: RequestContext = { ...ctx, db: trx, websiteId: row.website_id };
    if (row.reserved_stock)
      await releaseStock(trx, row.website_id, JSON.parse(row.reserved_stock) as StockTaken[]);
    await releaseGiftCardRedemptions(trx, orderId);
    await releaseCoupons(tctx, orderId);
    await unmarkCartPurchased(trx, orderId, ctx.clock.now());
    await releaseIdempotencyKey(trx, orderId);
    return true;
  });
}

/** Reservations older than this were abandoned by a checkout that died between reserving and paying. */
export const RESERVATION_TIMEOUT_MS = 10 * 60_000;
const RESERVATIONS_PER_SWEEP = 100;

/**
 * Releases reservations a crashed checkout left behind (any website). Checkout only authorizes
 * payments; an authorization that is never captured lapses at the provider, so nothing is charged.
 */
export async function releaseAbandonedReservations(ctx: RequestContext): Promise<number> {
  const stale = await listReservedBefore(
    ctx.db,
    ctx.clock.now() - RESERVATION_TIMEOUT_MS,
    RESERVATIONS_PER_SWEEP,
  );
  let released = 0;
  for (const o of stale) if (await releaseReservation({ ...ctx, websiteId: o.website_id }, o.id)) released++;
  return released;
}

type Payment = { reference: string; status: 'paid' | 'pending'; reusableToken: string | null };

function storeLink(ctx: SiteContext, deps: CheckoutDeps): ((path: string) => string) | null {
  const publicUrl = sitePublicUrl(ctx.site, deps.publicUrl);
  return publicUrl ? (path: string) => `${publicUrl}${path}` : null;
}

/** The reviews-request link must work from a mailbox: absolute even without a public address. */
function reviewsLinkBase(ctx: SiteContext, deps: CheckoutDeps): string {
  return sitePublicUrl(ctx.site, deps.publicUrl) ?? deps.linkBase;
}

/**
 * The order confirmation mail, for the caller to queue in its transaction. `orderNumber` stands in
 * for the row's number when the mail is built before the number exists (ORDER_NUMBER_SLOT).
 */
function confirmationMail(
  ctx: SiteContext,
  deps: CheckoutDeps,
  row: OrderRow,
  parts: Parameters<typeof confirmationEmailData>[1],
  orderNumber?: string,
): AnyEmailRequest {
  const data = confirmationEmailData(row, parts, {
    siteTitle: ctx.site.website.siteTitle,
    locale: ctx.site.website.locale,
    link: storeLink(ctx, deps),
  });
  return {
    to: row.email,
    template: 'order-confirmation',
    ref: orderRef(row.id),
    data: orderNumber === undefined ? data : { ...data, orderNumber },
  };
}

/**
 * Step 3, one short transaction once the payment is authorized (or nothing is due): the order
 * becomes paid (or pending), and only now do its downloads, issued gift cards, mails and
 * subscription exist. Everything is read back from the reserved order, so a retry that resumes a
 * reservation confirms it exactly as the request that made it would have. Answers 'settled' when
 * another request confirmed it first, 'released' when the reservation is gone.
 */
async function confirm(
  ctx: SiteContext,
  deps: CheckoutDeps,
  reservation: Reservation,
  payment: Payment | null,
  body: PlaceOrderBody,
  details: OrderDetails,
): Promise<{ order: OrderView; subtotalCents: number } | 'settled' | 'released'> {
  try {
    return await confirmReserved(ctx, deps, reservation, payment, body, details);
  } catch (err) {
    if (!(err instanceof NotReserved)) throw err;
    return (await orderStatus(ctx, reservation.orderId)) ? 'settled' : 'released';
  }
}

/** Rolls `confirm`'s transaction back (giving its order number back): the order was not reserved. */
class NotReserved extends Error {}

async function confirmReserved(
  ctx: SiteContext,
  deps: CheckoutDeps,
  reservation: Reservation,
  payment: Payment | null,
  body: PlaceOrderBody,
  details: OrderDetails,
): Promise<{ order: OrderView; subtotalCents: number } | 'released'> {
  const { orderId } = reservation;
  // A reservation's lines never change: read before the transaction, whose first statement writes
  // (SQLite takes its write lock at once).
  const items = reservation.items ?? (await listOrderItems(ctx.db, orderId));
  const status = payment?.status ?? 'paid';
  const reference = payment?.reference ?? null;
  // An order of a cart with no downloads writes nothing but its settling, number, mails and
  // reviews request: on PostgreSQL one statement. Else the number is taken after the rest is
  // written (numberSettledOrder), in one transaction.
  const writesNothingElse =
    body.source.kind === 'cart' && !items.some((i) => i.product_type === ProductType.DIGITAL);
  if (writesNothingElse && carriesCompanions(ctx.db)) {
    return confirmInOneStatement(ctx, deps, reservation.order, items, {
      status,
      payment_reference: reference,
    });
  }
  return ctx.db.transaction().execute(async (trx) => {
    const tctx: SiteContext = { ...ctx, db: trx };
    // Asked before the order moves on (a rollback takes the request back if it was not reserved),
    // so that on PostgreSQL the order's number is taken last (below).
    const asked = status === 'paid' ? await askForReviews(tctx, orderId, items) : null;
    const placed = await settleReservedOrder(trx, ctx.websiteId, orderId, {
      status,
      payment_reference: reference,
    });
    if (!placed) throw new NotReserved();
    if (!isPlaced(placed)) return 'released';
    const now = placed.created_at;
    const downloads = items
      .filter((i) => i.product_type === ProductType.DIGITAL)
      .map((i) => ({
        token: newToken(16),
        website_id: ctx.websiteId,
        order_id: orderId,
        item_id: i.item_id,
        product_name: i.product_name,
        created_at: now,
      }));
    await insertDownloads(trx, downloads);
    const issued: { code: string; amountCents: number; to: string }[] = [];
    const { recipient } = details;
    if (body.source.kind === 'gift-card') {
      const to = recipient.email ?? placed.email;
      for (const i of items) {
        for (let n = 0; n < i.quantity; n++) {
          const code = await issueGiftCard(trx, {
            websiteId: ctx.websiteId,
            orderId,
            amountCents: i.unit_price_cents,
            currency: placed.currency,
            recipientEmail: to,
            recipientName: recipient.name,
            message: recipient.message,
            now,
          });
          issued.push({ code, amountCents: i.unit_price_cents, to });
        }
      }
    }
    if (body.source.kind === 'subscription') {
      const item = items[0];
      await startSubscription(tctx, {
        cartToken: body.source.cartToken,
        order: placed,
        line: {
          itemId: item.item_id,
          sku: item.sku,
          productName: item.product_name,
          productType: item.product_type as ProductTypeNumber,
          quantity: item.quantity,
          unitPriceCents: item.unit_price_cents,
          additionalFields: item.additional_fields,
        },
        shippingOptionId: placed.shipping_option
          ? (JSON.parse(placed.shipping_option) as { id: string }).id
          : null,
        paymentToken: payment?.reusableToken ?? null,
      });
    }
    // Numbered after everything that does not show the number: on PostgreSQL every checkout of the
    // store waits for the counter row from here to this transaction's commit.
    const row = await numberSettledOrder(trx, placed);

    // Queued in this transaction, in one statement: the mails exist exactly when the paid order
    // does. A pending order's confirmation waits for its payment to settle (settlePayLater).
    const siteTitle = ctx.site.website.siteTitle;
    const link = storeLink(ctx, deps);
    const mails: AnyEmailRequest[] = [];
    if (status === 'paid') {
      mails.push(
        confirmationMail(tctx, deps, row, {
          items,
          downloads,
          giftCards: issued.map((g) => ({ ...g, currency: row.currency, recipientEmail: g.to })),
        }),
      );
    }
    for (const g of issued) {
      mails.push({
        to: g.to,
        template: 'gift-card-delivery',
        ref: orderRef(orderId),
        data: {
          siteTitle,
          code: g.code,
          amountCents: g.amountCents,
          currency: row.currency,
          ...(recipient.name ? { recipientName: recipient.name } : {}),
          // A card sent to someone else says who it is from: the name on the buyer's card.
          ...(g.to !== row.email && body.payment?.name.trim()
            ? { senderName: body.payment.name.trim() }
            : {}),
          ...(recipient.message ? { message: recipient.message } : {}),
          ...(link ? { shopUrl: link('/') } : {}),
        },
      });
    }
    if (asked) mails.push(reviewsRequestMail(tctx, row, asked, reviewsLinkBase(ctx, deps)));
    await enqueueEmails(tctx, trx, mails);
    const giftCards = issued.map((g) => ({
      code: g.code,
      amountCents: g.amountCents,
      currency: row.currency,
      recipientEmail: g.to,
      recipientName: recipient.name,
      message: recipient.message,
    }));
    return { order: buildOrderView(row, { items, downloads, giftCards }), subtotalCents: row.subtotal_cents };
  });
}

/**
 * `confirmReserved` on PostgreSQL for an order that writes nothing but its settling, its number,
 * its mails and its reviews request (a cart without downloads): one statement, with no transaction
 * around it, so the store's counter row is locked only while that statement runs and commits. Its
 * mails are built before the number exists and show it through ORDER_NUMBER_SLOT.
 */
async function confirmInOneStatement(
  ctx: SiteContext,
  deps: CheckoutDeps,
  reserved: OrderRow,
  items: OrderItemRow[],
  next: { status: 'paid' | 'pending'; payment_reference: string | null },
): Promise<{ order: OrderView; subtotalCents: number } | 'released'> {
  const paid = next.status === 'paid';
  const reviews = paid ? askForReviewsAlong(ctx, reserved.id, items) : null;
  const parts = { items, downloads: [], giftCards: [] };
  const mails = paid ? [confirmationMail(ctx, deps, reserved, parts, ORDER_NUMBER_SLOT)] : [];
  if (reviews) mails.push(reviewsRequestMail(ctx, reserved, reviews.asked, reviewsLinkBase(ctx, deps)));
  const placed = await settleNumberAndCarry(ctx.db, ctx.websiteId, reserved.id, next, [
    ...(reviews ? [reviews.write] : []),
    ...enqueueEmailsAlong(ctx, mails, ORDER_NUMBER_SLOT),
  ]);
  if (!placed) throw new NotReserved();
  if (!isPlaced(placed)) return 'released';
  return { order: buildOrderView(placed, parts), subtotalCents: placed.subtotal_cents };
}

/**
 * POST /api/commerce/orders, in three steps so that no lock is held while the payment provider
 * answers (a real processor takes hundreds of ms): (1) one short transaction reserves everything
 * the order takes (`reserve`); (2) the payment is authorized outside any transaction; (3) one short
 * transaction confirms the order and writes what exists only for paid orders (`confirm`). A
 * declined card or a failure releases the reservation (its compensation) and, if the payment was
 * authorized, releases the authorization too. A checkout that dies between the steps leaves a
 * reservation that `releaseAbandonedReservations` frees after RESERVATION_TIMEOUT_MS.
 */
export async function placeOrder(
  ctx: SiteContext,
  deps: CheckoutDeps,
  body: PlaceOrderBody,
  cartToken: string | undefined,
  shopper: OrderShopper = { roles: null },
): Promise<PlaceOrderResult> {
  const errors: Record<string, string> = {};
  const email = validateEmail(body.email, { required: true });
  if (!email.ok) errors.email = email.message;
  let card: CardDetails | null = null;
  const payingLater = body.paymentMethod === 'pay-later';
  if (body.payment && !payingLater) {
    const checked = checkCard(body.payment, ctx.clock);
    if (checked.ok) card = checked.card;
    else Object.assign(errors, checked.errors);
  }
  const details = checkOrderDetails(body);
  if (!details.ok) Object.assign(errors, details.errors);
  if (Object.keys(errors).length > 0 || !details.ok)
    throw new HttpError(400, MESSAGES.formInvalid, undefined, errors);

  const orderId = newId('o');
  const now = ctx.clock.now();
  let reservation: Reservation | { replayOf: string | null };
  try {
    reservation = await reserve(ctx, deps, body, cartToken, {
      orderId,
      now,
      email: email.ok ? email.email : '',
      card,
      details: details.details,
      signedIn: !!shopper.signedIn,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, CHECKOUT_MESSAGES.alreadyOrdered);
    throw err;
  }
  let pending: Reservation;
  if ('replayOf' in reservation) {
    // The key's order may still be reserved: its request died before paying, or is paying now. The
    // retry resumes it (the provider's idempotency key makes both authorizations one charge).
    const replayOf = reservation.replayOf;
    const row = replayOf ? await findOrderRow(ctx, replayOf) : null;
    if (!row || row.status !== 'reserved') return replay(ctx, replayOf);
    pending = {
      orderId: row.id,
      dueCents: row.amount_paid_cents,
      currency: row.currency,
      kind: row.source_kind,
      order: row,
    };
  } else {
    pending = reservation;
  }

  let payment: Payment | null = null;
  let paymentUrl: string | null = null;
  let confirmed: Awaited<ReturnType<typeof confirm>>;
  const provider = payingLater && deps.payLater ? deps.payLater : deps.provider;
  try {
    if (pending.dueCents > 0) {
      if (!card && !payingLater)
        throw new HttpError(400, MESSAGES.formInvalid, undefined, {
          'payment.cardNumber': CHECKOUT_MESSAGES.cardRequired,
        });
      const result = await authorize(deps, provider, {
        amountCents: pending.dueCents,
        currency: pending.currency,
        ...(card && !payingLater ? { card } : {}),
        idempotencyKey: `${ctx.websiteId}:${body.idempotencyKey}`,
        // A subscription's renewals charge the kept payment method.
        reuse: pending.kind === 'subscription',
      });
      if (!result.ok) throw new CheckoutFailure(402, result.message, { code: result.code });
      payment = {
        reference: result.reference,
        status: result.status === 'pending' ? 'pending' : 'paid',
        reusableToken: result.reusableToken ?? null,
      };
      paymentUrl = result.redirectUrl ?? null;
    }
    confirmed = await confirm(ctx, deps, pending, payment, body, details.details);
  } catch (err) {
    if (payment && provider.refund) {
      await provider
        .refund(payment.reference, pending.dueCents)
        .catch((e) => deps.warn(e, 'releasing a payment failed'));
    }
    await releaseReservation(ctx, pending.orderId).catch((e) =>
      deps.warn(e, 'releasing a reservation failed'),
    );
    if (isUniqueViolation(err)) throw new HttpError(409, CHECKOUT_MESSAGES.alreadyOrdered);
    throw err;
  }
  // Another request with the same key confirmed it first, with this same payment: answer its order.
  if (confirmed === 'settled') return replay(ctx, pending.orderId);
  if (confirmed === 'released') {
    if (payment && provider.refund) {
      await provider
        .refund(payment.reference, pending.dueCents)
        .catch((e) => deps.warn(e, 'releasing a payment failed'));
    }
    throw new HttpError(409, CHECKOUT_MESSAGES.reservationExpired);
  }

  const { order } = confirmed;
  const event: OrderPlacedEvent = { order, value: analyticsValue(confirmed.subtotalCents), shopper };
  for (const listener of deps.listeners) {
    try {
      await listener(event);
    } catch (err) {
      deps.warn(err, 'an onOrderPlaced listener failed');
    }
  }
  return {
    order,
    confirmationUrl: confirmationUrl(order),
    replayed: false,
    ...(paymentUrl ? { paymentUrl } : {}),
  };
}

/**
 * The pay-later provider's callback: its signed notice moves the pending order to paid, or, when
 * the shopper declined the plan, to cancelled with its stock, gift card and coupon uses given
 * back. A notice that arrives again answers the order as it is.
 */
export async function settlePayLater(
  ctx: SiteContext,
  deps: CheckoutDeps,
  body: unknown,
): Promise<OrderView> {
  const provider = deps.payLater;
  const notice: PaymentNotice | null = provider?.verifyNotice?.(body) ?? null;
  if (!provider || !notice) throw new HttpError(400, CHECKOUT_MESSAGES.invalidNotice);
  const match = { provider: provider.name, reference: notice.reference };
  const order = await findOrderByPayment(ctx.db, ctx.websiteId, match.provider, match.reference);
  if (!order) throw new HttpError(404, CHECKOUT_MESSAGES.unknownPayment);
  await ctx.db.transaction().execute(async (trx) => {
    const next = notice.outcome === 'approved' ? 'paid' : 'cancelled';
    const row = await settlePendingOrder(trx, ctx.websiteId, match, next);
    if (!row) return;
    const tctx: SiteContext = { ...ctx, db: trx };
    if (next === 'paid') {
      // Pay-later orders hold physical goods only: no downloads or gift cards to list.
      const items = await listOrderItems(trx, row.id);
      const asked = await askForReviews(tctx, row.id, items);
      await enqueueEmails(tctx, trx, [
        confirmationMail(tctx, deps, row, { items, downloads: [], giftCards: [] }),
        ...(asked ? [reviewsRequestMail(tctx, row, asked, reviewsLinkBase(ctx, deps))] : []),
      ]);
      return;
    }
    if (row.reserved_stock)
      await releaseStock(trx, row.website_id, JSON.parse(row.reserved_stock) as StockTaken[]);
    await releaseGiftCardRedemptions(trx, row.id);
    await releaseCoupons(tctx, row.id);
  });
  const view = await getOrder(ctx, order.id);
  if (!view) throw new HttpError(404, CHECKOUT_MESSAGES.unknownPayment);
  return view;
}
