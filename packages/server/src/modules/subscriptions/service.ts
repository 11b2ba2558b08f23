import {
  checkAddToCart,
  effectivePriceCents,
  MESSAGES,
  type SubscriptionPlan,
  type VariantSelection,
} from '@storefront/commerce';
import type { RequestContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { newId, newToken } from '../../platform/ids.js';
import { getProductById } from '../catalog/service.js';
import { checkProductForm } from '../forms/service.js';
import { findSubscriptionCartByToken, insertSubscriptionCart } from './repo.js';
import type { SubscriptionBody } from './schema.js';

export const NOT_SUBSCRIBABLE = 'This product is not available as a subscription.';
export const UNKNOWN_SUBSCRIPTION_OPTION = 'That subscription option is not available for this product.';

/** A subscription cart as subscription checkout reads it (/checkout/subscribe?cartToken=…). */
export interface SubscriptionCart {
  id: string;
  token: string;
  itemId: string;
  sku: string;
  quantity: number;
  additionalFields: string | null;
  subscriptionOptionId: string | null;
  /** The plan and unit price when the shopper subscribed. */
  plan: SubscriptionPlan;
  priceCents: number;
  currency: string;
  created: number;
}

/**
 * Spec §4 step 6 "Subscription goes to the subscription call and then subscription checkout":
 * runs the add-to-cart checks (a fractional quantity is SUB_QUANTITY_NOT_A_WHOLE_NUMBER), then
 * the product's form (failures SUB_WITH_FORM_FAILURE), and stores a one-item subscription cart.
 * Answers its token.
 */
export async function createSubscriptionCart(
  ctx: RequestContext,
  currency: string,
  body: SubscriptionBody,
): Promise<{ cartToken: string }> {
  const product = await getProductById(ctx, body.itemId);
  if (!product) throw new HttpError(404, MESSAGES.variantUnavailable, 'VARIANT_UNAVAILABLE');
  if (!product.isSubscribable || !product.subscriptionPlan) {
    throw new HttpError(409, NOT_SUBSCRIBABLE, 'SUB_API_FAILURE');
  }
  let selection: VariantSelection = {};
  if (body.sku) {
    const variant = product.variants.find((v) => v.sku === body.sku);
    if (!variant) throw new HttpError(409, MESSAGES.variantUnavailable, 'VARIANT_UNAVAILABLE');
    selection = variant.attributes;
  }
  const check = checkAddToCart({ product, selection, quantityInput: body.qty ?? undefined });
  if (!check.ok) {
    const status = check.type === 'VARIANT_UNAVAILABLE' || check.type === 'OUT_OF_STOCK' ? 409 : 400;
    throw new HttpError(status, check.message, check.type);
  }
  const optionId = body.subscriptionOptionId ?? null;
  if (optionId && !product.productSubscriptionOptions?.some((o) => o.id === optionId)) {
    throw new HttpError(400, UNKNOWN_SUBSCRIPTION_OPTION, 'SUB_API_FAILURE');
  }
  const fields = await checkProductForm(ctx, product, body.additionalFields, 'SUB_WITH_FORM_FAILURE');

  const token = newToken(16);
  await insertSubscriptionCart(ctx.db, {
    id: newId('sc'),
    website_id: ctx.websiteId,
    token,
    item_id: product.id,
    sku: check.variant.sku,
    quantity: check.quantity,
    additional_fields: fields,
    subscription_option_id: optionId,
    plan: JSON.stringify(product.subscriptionPlan),
    price_cents: effectivePriceCents(check.variant),
    currency,
    created_at: ctx.clock.now(),
  });
  return { cartToken: token };
}

/** The subscription cart with this token, or null. */
export async function getSubscriptionCart(
  ctx: RequestContext,
  token: string,
): Promise<SubscriptionCart | null> {
  const row = await findSubscriptionCartByToken(ctx.db, ctx.websiteId, token);
  if (!row) return null;
  return {
    id: row.id,
    token: row.token,
    itemId: row.item_id,
    sku: row.sku,
    quantity: row.quantity,
    additionalFields: row.additional_fields,
    subscriptionOptionId: row.subscription_option_id,
    plan: JSON.parse(row.plan) as SubscriptionPlan,
    priceCents: row.price_cents,
    currency: row.currency,
    created: row.created_at,
  };
}
