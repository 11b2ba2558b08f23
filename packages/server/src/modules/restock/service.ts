import { hasUnlimitedStockByType, validateWaitlistEmail, variantInStock } from '@storefront/commerce';
import type { RequestContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { getProductById } from '../catalog/service.js';
import { findProductVariant, insertSignup } from './repo.js';
import type { RestockSignupBody } from './schema.js';

/** Shown after a signup when the store has no restockNotificationsSuccessText of its own. */
export const DEFAULT_RESTOCK_SUCCESS_TEXT = "Thank you. We'll email you when this item is back in stock.";
export const RESTOCK_PRODUCT_NOT_FOUND = 'That product is not available.';
export const RESTOCK_VARIANT_NOT_FOUND = 'That item variant is not available.';
export const RESTOCK_IN_STOCK = 'This item is in stock. You can add it to your cart now.';

/**
 * Spec §3/§4 back-in-stock waitlist: records the email for a variant that is out of stock.
 * Signing up twice for the same variant is harmless (the first signup stays). The mailing-list
 * opt-in is kept only when the product offers it. Answers the success text to show.
 */
export async function signUpForRestock(
  ctx: RequestContext,
  successText: string | null,
  body: RestockSignupBody,
): Promise<{ message: string }> {
  const email = validateWaitlistEmail(body.siteVisitorEmail);
  if (!email.ok) throw new HttpError(400, email.message);
  const product = await getProductById(ctx, body.productId);
  if (!product) throw new HttpError(404, RESTOCK_PRODUCT_NOT_FOUND);
  const variant = await findProductVariant(ctx.db, ctx.websiteId, product.id, body.variantId);
  if (!variant) throw new HttpError(404, RESTOCK_VARIANT_NOT_FOUND);
  const stock = product.variants.find((v) => v.sku === variant.sku);
  if (!stock) throw new HttpError(404, RESTOCK_VARIANT_NOT_FOUND);
  if (hasUnlimitedStockByType(product) || variantInStock(stock)) throw new HttpError(409, RESTOCK_IN_STOCK);
  const optIn = body.isJoinMailingList && product.merchandising?.mailingListSignUpEnabled === true;
  await insertSignup(ctx.db, {
    id: newId('rs'),
    website_id: ctx.websiteId,
    product_id: product.id,
    variant_id: variant.id,
    sku: variant.sku,
    email: email.email.toLowerCase(),
    is_join_mailing_list: optIn ? 1 : 0,
    language: body.language ?? null,
    created_at: ctx.clock.now(),
    notified_at: null,
  });
  return { message: successText?.trim() ? successText : DEFAULT_RESTOCK_SUCCESS_TEXT };
}
