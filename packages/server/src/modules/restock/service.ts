import {
  hasUnlimitedStockByType,
  MESSAGES,
  messageByKey,
  messageKeyOf,
  validateWaitlistEmail,
  variantInStock,
} from '@storefront/commerce';
import type { RequestContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { type CaptchaProvider, spendCaptchaAnswer, type VerifiedAnswer } from '../captcha/service.js';
import { type CatalogProduct, getProductById } from '../catalog/service.js';
import {
  claimWaitingSignups,
  findProductVariant,
  insertSignup,
  listSignupGroups,
  listSignups,
  listWaitingGroupsInStock,
} from './repo.js';
import type { RestockSignupBody } from './schema.js';

/** Shown after a signup when the store has no restockNotificationsSuccessText of its own. */
export const DEFAULT_RESTOCK_SUCCESS_TEXT = "Thank you. We'll email you when this item is back in stock.";
export const RESTOCK_PRODUCT_NOT_FOUND = 'That product is not available.';
export const RESTOCK_VARIANT_NOT_FOUND = 'That item variant is not available.';
export const RESTOCK_IN_STOCK = 'This item is in stock. You can add it to your cart now.';

/** The signup's own messages by key, so a plain form's redirect names them (with commerce MESSAGES keys). */
const RESTOCK_MESSAGE_KEYS = {
  restockProductNotFound: RESTOCK_PRODUCT_NOT_FOUND,
  restockVariantNotFound: RESTOCK_VARIANT_NOT_FOUND,
  restockInStock: RESTOCK_IN_STOCK,
} as const;

/** The key of a signup answer's text for a redirect; `unableToSubmit`-like fallbacks are the caller's. */
export function restockMessageKeyOf(text: string): string | undefined {
  return (
    messageKeyOf(text) ??
    (Object.keys(RESTOCK_MESSAGE_KEYS) as (keyof typeof RESTOCK_MESSAGE_KEYS)[]).find(
      (key) => RESTOCK_MESSAGE_KEYS[key] === text,
    )
  );
}

/** The text of a key `restockMessageKeyOf` gave; '' for anything else (never text from the link). */
export function restockMessageByKey(key: string | null): string {
  if (key && Object.hasOwn(RESTOCK_MESSAGE_KEYS, key))
    return RESTOCK_MESSAGE_KEYS[key as keyof typeof RESTOCK_MESSAGE_KEYS];
  return messageByKey(key);
}

/**
 * Spec §3 waitlist `recaptchaEnterpriseV3Token`: when the site verifies with reCAPTCHA, a signup
 * needs a genuine token, used once; the proof-of-work captcha asks nothing of the waitlist form
 * (the spec's payload carries only a reCAPTCHA token).
 */
export async function checkWaitlistCaptcha(
  ctx: RequestContext,
  captcha: CaptchaProvider,
  token: string | null | undefined,
): Promise<void> {
  if (captcha.widget.kind !== 'recaptcha') return;
  const now = ctx.clock.now();
  let answer: VerifiedAnswer | null = null;
  try {
    answer = token ? await captcha.verify(token, now) : null;
  } catch {
    // The verify endpoint failed: the store's problem, told with the waitlist's own words.
    throw new HttpError(500, MESSAGES.waitlistFailure);
  }
  if (!answer || !(await spendCaptchaAnswer(ctx.db, ctx.websiteId, answer, now))) {
    throw new HttpError(400, MESSAGES.captchaIncomplete);
  }
}

/**
 * Spec §3/§4 back-in-stock waitlist: records the email for a variant that is out of stock.
 * Signing up twice for the same variant is harmless (the first signup stays). The mailing-list
 * opt-in is kept only when the product offers it. Answers the success text to show.
 */
export async function signUpForRestock(
  ctx: RequestContext,
  successText: string | null,
  body: RestockSignupBody,
  siteUserId: string | null = null,
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
    site_user_id: siteUserId,
  });
  return { message: successText?.trim() ? successText : DEFAULT_RESTOCK_SUCCESS_TEXT };
}

/** A variant with a waitlist: the product, the variant's id and sku, its stock. */
export interface RestockTarget {
  product: CatalogProduct;
  variantId: string;
  sku: string;
  /** Whether it can be bought now (in stock, unlimited, or a type that never runs out). */
  inStock: boolean;
  /** The variant's options as the shopper chose them, e.g. "S / Red"; '' without options. */
  variantText: string;
}

/** The product and variant a waitlist belongs to (404 with the signup form's messages when gone). */
export async function restockTarget(
  ctx: RequestContext,
  productId: string,
  variantId: string,
): Promise<RestockTarget> {
  const product = await getProductById(ctx, productId);
  if (!product) throw new HttpError(404, RESTOCK_PRODUCT_NOT_FOUND);
  const variant = await findProductVariant(ctx.db, ctx.websiteId, product.id, variantId);
  const stock = variant && product.variants.find((v) => v.sku === variant.sku);
  if (!variant || !stock) throw new HttpError(404, RESTOCK_VARIANT_NOT_FOUND);
  const order = product.variantOptionOrdering?.length
    ? product.variantOptionOrdering
    : Object.keys(stock.attributes);
  return {
    product,
    variantId: variant.id,
    sku: variant.sku,
    inStock: hasUnlimitedStockByType(product) || variantInStock(stock),
    variantText: order
      .map((name) => stock.attributes[name])
      .filter(Boolean)
      .join(' / '),
  };
}

export interface RestockSignupView {
  id: string;
  email: string;
  isJoinMailingList: boolean;
  language: string | null;
  created: number;
  /** When the back-in-stock mail was queued; null while the shopper waits. */
  notified: number | null;
}

type SignupRow = Awaited<ReturnType<typeof listSignups>>[number];

function signupView(r: SignupRow): RestockSignupView {
  return {
    id: r.id,
    email: r.email,
    isJoinMailingList: r.is_join_mailing_list === 1,
    language: r.language,
    created: r.created_at,
    notified: r.notified_at,
  };
}

/** Up to `limit` waitlists (product × variant) after `after`, with their counts. */
export async function restockGroups(
  ctx: RequestContext,
  after: { productId: string; variantId: string } | null,
  limit: number,
) {
  const rows = await listSignupGroups(ctx.db, ctx.websiteId, after, limit);
  return rows.map((r) => ({
    productId: r.product_id,
    variantId: r.variant_id,
    sku: String(r.sku),
    waitingCount: Number(r.waiting),
    notifiedCount: Number(r.notified),
  }));
}

/** Up to `limit` signups of one variant after `after`, oldest first. */
export async function restockSignups(
  ctx: RequestContext,
  productId: string,
  variantId: string,
  after: { at: number; id: string } | null,
  limit: number,
): Promise<RestockSignupView[]> {
  return (await listSignups(ctx.db, ctx.websiteId, productId, variantId, after, limit)).map(signupView);
}

/** Waitlists (product × variant) with someone waiting whose variant has stock again. */
export async function waitingGroupsInStock(
  ctx: RequestContext,
): Promise<{ productId: string; variantId: string }[]> {
  return (await listWaitingGroupsInStock(ctx.db, ctx.websiteId)).map((r) => ({
    productId: r.product_id,
    variantId: r.variant_id,
  }));
}

/** Takes every waiting signup of the variant (each by exactly one caller) and marks it notified. */
export async function takeWaitingSignups(
  ctx: RequestContext,
  productId: string,
  variantId: string,
): Promise<RestockSignupView[]> {
  return (await claimWaitingSignups(ctx.db, ctx.websiteId, productId, variantId, ctx.clock.now())).map(
    signupView,
  );
}
