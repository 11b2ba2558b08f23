import {
  decimalFromMinor,
  effectivePriceCents,
  MESSAGES,
  orderQuantityProblem,
  ProductType,
  type ProductTypeNumber,
  parseDonationAmount,
  type SubscriptionPlan,
} from '@storefront/commerce';
import type { RequestContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import {
  CART_PURCHASED,
  type CartEntryRow,
  type CartRow,
  cartByToken,
  cartEntryRows,
} from '../cart/service.js';
import { type CatalogProduct, pricedProduct } from '../catalog/service.js';
import { getSubscriptionCart } from '../subscriptions/service.js';
import type { CheckoutSource } from './schema.js';

export const SOURCE_MESSAGES = {
  emptyCart: 'Your cart is empty.',
  cartPurchased: CART_PURCHASED,
  giftCardUnavailable: 'That gift card is not available.',
  subscriptionExpired: 'That subscription checkout has expired. Please subscribe again.',
} as const;

/** One line being bought, priced as of now. */
export interface CheckoutLine {
  itemId: string;
  sku: string;
  productName: string;
  productType: ProductTypeNumber;
  quantity: number;
  unitPriceCents: number;
  additionalFields: string | null;
  /** JSON {option name: value} of the variant bought; null when the product has no options. */
  variantOptions: string | null;
  /** The variant's stock is not counted. */
  unlimited: boolean;
}

export interface ResolvedSource {
  kind: CheckoutSource['kind'];
  /** Unique per purchasable thing: a cart or subscription cart is bought at most once. */
  sourceKey: string | null;
  cartId: string | null;
  currency: string;
  lines: CheckoutLine[];
  recipientEmail: string | null;
  /** What a subscription renews on (spec §3 plan), shown before payment; null for other sources. */
  subscriptionPlan?: SubscriptionPlan | null;
}

/** The variant's options as order lines keep them (stored in the product's option order). */
function variantOptionsOf(variant: { attributes: Record<string, string> } | undefined): string | null {
  return variant && Object.keys(variant.attributes).length > 0 ? JSON.stringify(variant.attributes) : null;
}

/**
 * Re-reads what is being bought with today's prices (cart lines are repriced from the variant,
 * not from the price they had when added; a subscription keeps the price it was subscribed at).
 * Products are read as add-to-cart reads them (`pricedProduct`), before the caller's transaction writes
 * the catalog.
 */
export async function resolveSource(
  ctx: RequestContext,
  source: CheckoutSource,
  cartToken: string | undefined,
  storeCurrency: string,
  /**
   * Placing an order claims the cart of the token (marks it purchased, in the statement that finds
   * it) before its entries are read, so what is bought is what was in it; undefined when none can be.
   * The claim may answer the entries too (null: read them).
   */
  claimCart?: (cartToken: string) => Promise<{ cart: CartRow; entries: CartEntryRow[] | null } | undefined>,
): Promise<ResolvedSource> {
  if (source.kind === 'cart') {
    const claimed = cartToken && claimCart ? await claimCart(cartToken) : undefined;
    // Not claimed: read it to tell a cart already bought from none.
    const cart = claimed?.cart ?? (cartToken ? await cartByToken(ctx, cartToken) : undefined);
    if (!cart) throw new HttpError(400, SOURCE_MESSAGES.emptyCart);
    if (!claimed && (cart.is_purchased || claimCart)) throw new HttpError(409, SOURCE_MESSAGES.cartPurchased);
    const entries = claimed?.entries ?? (await cartEntryRows(ctx, cart.id));
    if (entries.length === 0) throw new HttpError(400, SOURCE_MESSAGES.emptyCart);
    const products = new Map<string, CatalogProduct | null>();
    const lines: CheckoutLine[] = [];
    for (const e of entries) {
      if (!products.has(e.item_id)) products.set(e.item_id, await pricedProduct(ctx, e.item_id));
      const product = products.get(e.item_id);
      const variant = product?.variants.find((v) => v.sku === e.sku);
      if (!product || !variant) throw new HttpError(409, MESSAGES.variantUnavailable, 'VARIANT_UNAVAILABLE');
      // A donation's price is the amount given, checked again against today's range.
      let unitPriceCents = effectivePriceCents(variant);
      if (product.donation) {
        const decimal = decimalFromMinor(e.purchase_price_cents, cart.currency);
        const amount = parseDonationAmount(decimal, product.donation, cart.currency);
        if (!amount.ok) throw new HttpError(409, `${product.name}: ${amount.message}`);
        unitPriceCents = amount.cents;
      }
      // Checked on the order's whole quantity of the variant: a cart may hold it on several lines.
      const ofVariant = entries.filter((x) => x.sku === e.sku).reduce((n, x) => n + x.quantity, 0);
      const perOrder = orderQuantityProblem(product, ofVariant);
      if (perOrder) throw new HttpError(409, `${product.name}: ${perOrder}`, 'OUT_OF_STOCK');
      lines.push({
        itemId: product.id,
        sku: variant.sku,
        productName: product.name,
        productType: product.productType,
        quantity: e.quantity,
        unitPriceCents,
        additionalFields: e.additional_fields,
        variantOptions: variantOptionsOf(variant),
        unlimited: variant.unlimited,
      });
    }
    return {
      kind: 'cart',
      sourceKey: `cart:${cart.id}`,
      cartId: cart.id,
      currency: cart.currency,
      lines,
      recipientEmail: null,
    };
  }
  if (source.kind === 'gift-card') {
    const product = await pricedProduct(ctx, source.giftCardProductId);
    if (!product || product.productType !== ProductType.GIFT_CARD)
      throw new HttpError(404, SOURCE_MESSAGES.giftCardUnavailable);
    const variant = source.sku
      ? product.variants.find((v) => v.sku === source.sku)
      : product.variants.length === 1
        ? product.variants[0]
        : undefined;
    if (!variant) throw new HttpError(400, MESSAGES.giftCardDenomination);
    return {
      kind: 'gift-card',
      // A gift card may be bought any number of times; the order id makes its key unique.
      sourceKey: null,
      cartId: null,
      currency: storeCurrency,
      lines: [
        {
          itemId: product.id,
          sku: variant.sku,
          productName: product.name,
          productType: product.productType,
          quantity: 1,
          unitPriceCents: effectivePriceCents(variant),
          additionalFields: null,
          variantOptions: variantOptionsOf(variant),
          unlimited: variant.unlimited,
        },
      ],
      recipientEmail: source.recipientEmail?.trim() || null,
    };
  }
  const sub = await getSubscriptionCart(ctx, source.cartToken);
  const product = sub ? await pricedProduct(ctx, sub.itemId) : null;
  if (!sub || !product) throw new HttpError(404, SOURCE_MESSAGES.subscriptionExpired);
  const variant = product.variants.find((v) => v.sku === sub.sku);
  if (!variant) throw new HttpError(409, MESSAGES.variantUnavailable, 'VARIANT_UNAVAILABLE');
  return {
    kind: 'subscription',
    sourceKey: `subscription:${sub.id}`,
    cartId: null,
    currency: sub.currency,
    lines: [
      {
        itemId: product.id,
        sku: sub.sku,
        productName: product.name,
        productType: product.productType,
        quantity: sub.quantity,
        unitPriceCents: sub.priceCents,
        additionalFields: sub.additionalFields,
        variantOptions: variantOptionsOf(variant),
        unlimited: variant.unlimited,
      },
    ],
    recipientEmail: null,
    subscriptionPlan: product.subscriptionPlan ?? null,
  };
}
