import {
  analyticsValue,
  type CartLineInput,
  type CartTotals,
  MESSAGES,
  ProductType,
  type TrackedErrorType,
  validateEmail,
} from '@storefront/commerce';
import type { SiteContext } from '../../app.js';
import type { RequestContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { newId, newToken, sha256 } from '../../platform/ids.js';
import { enqueueEmail } from '../email/service.js';
import {
  findGiftCard,
  GIFT_CARD_MESSAGES,
  type GiftCardBalance,
  issueGiftCard,
  redeemGiftCard,
} from '../gift-cards/service.js';
import { reserveStock } from '../inventory/service.js';
import { insertDownloads, insertOrder, insertOrderItems, type OrderRow } from '../orders/repo.js';
import { buildOrderView, downloadUrl, getOrder, orderRef, orderStatusUrl } from '../orders/service.js';
import { decimalMoney, type OrderView, type ShippingAddress } from '../orders/view.js';
import { checkCard } from '../payments/card.js';
import {
  type AuthorizeInput,
  type AuthorizeResult,
  type CardDetails,
  PAYMENT_MESSAGES,
  type PaymentProvider,
} from '../payments/provider.js';
import {
  type CartPricingView,
  priceCart,
  redeemCoupons,
  SHIPPING_OPTION_UNAVAILABLE,
  type ShippingLocation,
  UNKNOWN_COUPON,
} from '../pricing/service.js';
import { sitePublicUrl } from '../site/service.js';
import { startSubscription } from '../subscriptions/billing-service.js';
import { checkShippingAddress } from './address.js';
import { claimIdempotencyKey, findIdempotencyKey, markCartPurchased } from './repo.js';
import type { PlaceOrderBody, QuoteBody } from './schema.js';
import { type CheckoutLine, type ResolvedSource, resolveSource } from './sources.js';

export const CHECKOUT_MESSAGES = {
  idempotencyConflict:
    'This checkout request was already used for a different order. Please reload the page and try again.',
  alreadyOrdered: 'This order has already been placed.',
  addressRequired: 'Enter a shipping address.',
  chooseShipping: 'Choose a shipping option.',
  cardRequired: 'Enter your card details.',
} as const;

/** What `onOrderPlaced` listeners receive; `value` is what analytics reports (spec §9: subtotal / 100). */
export interface OrderPlacedEvent {
  order: OrderView;
  value: number;
}
export type OrderPlacedListener = (event: OrderPlacedEvent) => void | Promise<void>;

/** buildApp's `checkout` option: the payment provider (the test provider by default) and order listeners. */
export interface CheckoutOptions {
  paymentProvider?: PaymentProvider;
  onOrderPlaced?: OrderPlacedListener[];
}

export interface CheckoutDeps {
  provider: PaymentProvider;
  listeners: readonly OrderPlacedListener[];
  /** Where a failing listener or compensation is reported; they never fail the order. */
  warn(err: unknown, message: string): void;
  /** The store's public address (PUBLIC_URL): emails link to the order, downloads and the shop. */
  publicUrl?: string;
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

function quoteView(resolved: ResolvedSource, body: QuoteBody, p: Priced) {
  const money = (cents: number) => decimalMoney(cents, resolved.currency);
  const t = p.totals;
  return {
    source: body.source,
    currency: resolved.currency,
    items: resolved.lines.map((l) => ({
      itemId: l.itemId,
      sku: l.sku,
      productName: l.productName,
      productType: l.productType,
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
  };
}
export type Quote = ReturnType<typeof quoteView>;

/** POST /api/commerce/checkout/quote: what the order would cost, without changing anything. */
export async function quote(
  ctx: SiteContext,
  body: QuoteBody,
  cartToken: string | undefined,
): Promise<Quote> {
  const resolved = await resolveSource(ctx, body.source, cartToken, ctx.site.website.currency);
  return quoteView(resolved, body, await priceSource(ctx, resolved, body));
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
function requestHash(body: PlaceOrderBody, cartToken: string | undefined): string {
  const { idempotencyKey: _key, crumb: _crumb, payment, ...rest } = body;
  const card = payment
    ? {
        last4: payment.cardNumber.replace(/\D/g, '').slice(-4),
        expMonth: payment.expMonth,
        expYear: payment.expYear,
      }
    : null;
  return sha256(
    JSON.stringify({ ...rest, cart: body.source.kind === 'cart' ? (cartToken ?? null) : null, card }),
  );
}

function emailAddress(a: ShippingAddress) {
  return {
    name: `${a.firstName} ${a.lastName}`,
    line1: a.line1,
    line2: a.line2,
    city: a.city,
    region: a.region,
    postalCode: a.postalCode,
    country: a.country,
  };
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
async function authorize(deps: CheckoutDeps, input: AuthorizeInput): Promise<AuthorizeResult> {
  try {
    return await deps.provider.authorize(input);
  } catch (err) {
    deps.warn(err, `payment provider ${deps.provider.name} failed`);
    return { ok: false, code: 'retry', message: PAYMENT_MESSAGES.processingError };
  }
}

export interface PlaceOrderResult {
  order: OrderView;
  confirmationUrl: string;
  /** True when the key had already placed this order: nothing new happened. */
  replayed: boolean;
}

async function replay(ctx: SiteContext, orderId: string | null): Promise<PlaceOrderResult> {
  const order = orderId ? await getOrder(ctx, orderId) : null;
  if (!order) throw new HttpError(409, CHECKOUT_MESSAGES.idempotencyConflict);
  return { order, confirmationUrl: confirmationUrl(order), replayed: true };
}

/**
 * POST /api/commerce/orders. One transaction claims the idempotency key, re-reads and reprices
 * what is bought, marks the cart purchased, writes the order, its lines and mails, then reserves
 * stock with conditional decrements, debits the gift card and authorizes the payment; any
 * failure rolls all of it back (a declined card leaves stock and cart as they were). If the
 * write fails after the payment was authorized, the authorization is released (the
 * compensation of that step).
 */
export async function placeOrder(
  ctx: SiteContext,
  deps: CheckoutDeps,
  body: PlaceOrderBody,
  cartToken: string | undefined,
): Promise<PlaceOrderResult> {
  const errors: Record<string, string> = {};
  const email = validateEmail(body.email, { required: true });
  if (!email.ok) errors.email = email.message;
  let card: CardDetails | null = null;
  if (body.payment) {
    const checked = checkCard(body.payment, ctx.clock);
    if (checked.ok) card = checked.card;
    else Object.assign(errors, checked.errors);
  }
  if (body.source.kind === 'gift-card' && body.source.recipientEmail?.trim()) {
    const recipient = validateEmail(body.source.recipientEmail);
    if (!recipient.ok) errors['source.recipientEmail'] = recipient.message;
  }
  if (Object.keys(errors).length > 0) throw new HttpError(400, MESSAGES.formInvalid, undefined, errors);

  const hash = requestHash(body, cartToken);

  const orderId = newId('o');
  const now = ctx.clock.now();
  // Held in an object: it is set inside the transaction callback and read after it fails.
  const payment: { authorized: { reference: string; amountCents: number } | null } = { authorized: null };
  let outcome: { replayOf: string | null } | { order: OrderView; subtotalCents: number };
  try {
    outcome = await ctx.db.transaction().execute(async (trx) => {
      const tctx: SiteContext = { ...ctx, db: trx };
      // The first statement writes, so SQLite takes its write lock at once, as BEGIN IMMEDIATE
      // would: no read-then-upgrade deadlock between two checkouts.
      const claimed = await claimIdempotencyKey(trx, {
        website_id: ctx.websiteId,
        key: body.idempotencyKey,
        request_hash: hash,
        order_id: orderId,
        created_at: now,
      });
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
        (cartId) => markCartPurchased(trx, cartId, orderId, now),
      );
      const priced = await priceSource(tctx, resolved, body);
      const problems = orderErrors(priced, body);
      const dueCents = priced.totals.amountDueCents;
      if (dueCents > 0 && !card) problems['payment.cardNumber'] = CHECKOUT_MESSAGES.cardRequired;
      if (Object.keys(problems).length > 0)
        throw new HttpError(400, MESSAGES.formInvalid, undefined, problems);

      const t = priced.totals;
      // The unique source key refuses a second order of one subscription cart (409 below).
      const orderRow: OrderRow = {
        id: orderId,
        website_id: ctx.websiteId,
        purchased_cart_id: resolved.cartId,
        source_kind: resolved.kind,
        source_key: resolved.sourceKey ?? `gift-card:${orderId}`,
        status: 'paid',
        test_mode: deps.provider.testMode ? 1 : 0,
        email: email.ok ? email.email : '',
        shipping_address: t.requiresShipping && priced.address ? JSON.stringify(priced.address) : null,
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
        payment_provider: dueCents > 0 ? deps.provider.name : null,
        payment_reference: null,
        access_token: newToken(16),
        created_at: now,
        fulfilment_status: 'unfulfilled',
        refunded_cents: 0,
        restocked_at: null,
      };
      await insertOrder(trx, orderRow);
      const items = resolved.lines.map((l, position) => ({
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
      }));
      await insertOrderItems(trx, items);
      const downloads = resolved.lines
        .filter((l) => l.productType === ProductType.DIGITAL)
        .map((l) => ({
          token: newToken(16),
          website_id: ctx.websiteId,
          order_id: orderId,
          item_id: l.itemId,
          product_name: l.productName,
          created_at: now,
        }));
      await insertDownloads(trx, downloads);
      const issued: { code: string; amountCents: number; to: string | null }[] = [];
      if (resolved.kind === 'gift-card') {
        for (const l of resolved.lines) {
          for (let i = 0; i < l.quantity; i++) {
            const to = resolved.recipientEmail ?? (email.ok ? email.email : null);
            const code = await issueGiftCard(trx, {
              websiteId: ctx.websiteId,
              orderId,
              amountCents: l.unitPriceCents,
              currency: resolved.currency,
              recipientEmail: to,
              now,
            });
            issued.push({ code, amountCents: l.unitPriceCents, to });
          }
        }
      }

      // Queued in this transaction: the mails exist exactly when the order does.
      const siteTitle = ctx.site.website.siteTitle;
      const publicUrl = sitePublicUrl(ctx.site, deps.publicUrl);
      const link = publicUrl ? (path: string) => `${publicUrl}${path}` : null;
      if (email.ok) {
        await enqueueEmail(tctx, trx, {
          to: email.email,
          template: 'order-confirmation',
          ref: orderRef(orderId),
          data: {
            siteTitle,
            orderId,
            currency: resolved.currency,
            customerName: priced.address
              ? `${priced.address.firstName} ${priced.address.lastName}`
              : undefined,
            items: resolved.lines.map((l) => {
              const download = downloads.find((d) => d.item_id === l.itemId);
              return {
                productName: l.productName,
                sku: l.sku,
                quantity: l.quantity,
                unitPriceCents: l.unitPriceCents,
                ...(link && download ? { downloadUrl: link(downloadUrl(download.token)) } : {}),
              };
            }),
            subtotalCents: t.subtotalCents,
            discountCents: t.discountCents,
            shippingCents: t.shippingCostCents,
            taxCents: t.taxCents,
            giftCardAppliedCents: t.giftCardAppliedCents,
            grandTotalCents: t.grandTotalCents,
            shippingAddress: t.requiresShipping && priced.address ? emailAddress(priced.address) : null,
            giftCards: issued.map((g) => ({ code: g.code, amountCents: g.amountCents })),
            ...(link ? { orderUrl: link(orderStatusUrl(orderId, orderRow.access_token)) } : {}),
          },
        });
      }
      for (const g of issued) {
        if (!g.to) continue;
        await enqueueEmail(tctx, trx, {
          to: g.to,
          template: 'gift-card-delivery',
          ref: orderRef(orderId),
          data: {
            siteTitle,
            code: g.code,
            amountCents: g.amountCents,
            currency: resolved.currency,
            ...(link ? { shopUrl: link('/') } : {}),
          },
        });
      }
      let paymentToken: string | null = null;
      await redeemCoupons(
        tctx,
        t.validCoupons.map((c) => c.code),
        orderId,
        orderRow.email,
      );
      // Stock and gift card are taken last before payment: on PostgreSQL the variant row stays
      // locked from here to commit, so the work above does not hold up other shoppers of the item.
      const stock = await reserveStock(
        trx,
        ctx.websiteId,
        resolved.lines.map((l) => ({
          sku: l.sku,
          quantity: l.quantity,
          name: l.productName,
          unlimited: l.unlimited,
        })),
      );
      if (!stock.ok) {
        throw new CheckoutFailure(409, MESSAGES.outOfStock, { itemName: stock.itemName }, 'OUT_OF_STOCK');
      }
      if (
        priced.giftCard &&
        !(await redeemGiftCard(trx, priced.giftCard, orderId, t.giftCardAppliedCents, now))
      ) {
        throw new HttpError(409, GIFT_CARD_MESSAGES.changed);
      }
      // Payment last: everything above is undone by the rollback if the card is refused.
      if (dueCents > 0 && card) {
        const result = await authorize(deps, {
          amountCents: dueCents,
          currency: resolved.currency,
          card,
          idempotencyKey: `${ctx.websiteId}:${body.idempotencyKey}`,
          // A subscription's renewals charge the kept payment method.
          reuse: resolved.kind === 'subscription',
        });
        if (!result.ok) throw new CheckoutFailure(402, result.message, { code: result.code });
        payment.authorized = { reference: result.reference, amountCents: dueCents };
        paymentToken = result.reusableToken ?? null;
        orderRow.payment_reference = result.reference;
        orderRow.status = result.status === 'pending' ? 'pending' : 'paid';
        await trx
          .updateTable('orders')
          .set({ payment_reference: orderRow.payment_reference, status: orderRow.status })
          .where('id', '=', orderId)
          .execute();
      }
      if (body.source.kind === 'subscription') {
        await startSubscription(tctx, {
          cartToken: body.source.cartToken,
          order: orderRow,
          line: resolved.lines[0],
          shippingOptionId: t.selectedShippingOption?.id ?? null,
          paymentToken,
        });
      }
      const giftCards = issued.map((g) => ({
        code: g.code,
        amountCents: g.amountCents,
        currency: resolved.currency,
        recipientEmail: g.to,
      }));
      return {
        order: buildOrderView(orderRow, { items, downloads, giftCards }),
        subtotalCents: t.subtotalCents,
      };
    });
  } catch (err) {
    const held = payment.authorized;
    if (held && deps.provider.refund) {
      await deps.provider
        .refund(held.reference, held.amountCents)
        .catch((e) => deps.warn(e, 'releasing a payment failed'));
    }
    if (isUniqueViolation(err)) throw new HttpError(409, CHECKOUT_MESSAGES.alreadyOrdered);
    throw err;
  }
  if ('replayOf' in outcome) return replay(ctx, outcome.replayOf);

  const { order } = outcome;
  const event: OrderPlacedEvent = { order, value: analyticsValue(outcome.subtotalCents) };
  for (const listener of deps.listeners) {
    try {
      await listener(event);
    } catch (err) {
      deps.warn(err, 'an onOrderPlaced listener failed');
    }
  }
  return { order, confirmationUrl: confirmationUrl(order), replayed: false };
}
