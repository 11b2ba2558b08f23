import {
  type CartLineInput,
  type CookieJar,
  checkAddToCart,
  effectivePriceCents,
  findVariant,
  MESSAGES,
  type Money,
  maxQuantityPerOrder,
  orderQuantityProblem,
  ProductType,
  type ProductTypeNumber,
  parseDonationAmount,
  QUANTITY_MAX,
  QUANTITY_MIN,
  shouldLoadCart,
  toMoney,
  type VariantSelection,
} from '@storefront/commerce';
import type { RequestContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { newId, newToken, sha256 } from '../../platform/ids.js';
import { type CatalogProduct, getProductById, getProductsByIds, pricedProduct } from '../catalog/service.js';
import { checkProductForm } from '../forms/service.js';
import { type CartPricingView, cartPricingView } from '../pricing/service.js';
import {
  type CartEntryRow,
  type CartRow,
  countEntries,
  deleteEntriesOfCart,
  findCartByToken,
  findEntry,
  findEntryByKey,
  findOpenCartOfSiteUser,
  insertCartWithEntry,
  listEntries,
  mergeEntryInto,
  setCartSiteUser,
  setEntryFields,
  touchCart,
  upsertEntry,
} from './repo.js';
import type { AddEntryBody, UpdateEntryFieldsBody } from './schema.js';

/** A cart as stored: checkout claims one. */
export type { CartEntryRow, CartRow };

/** Spec §3 "Cart entry", plus what the cart page shows. */
export interface CartEntryView {
  id: string;
  itemId: string;
  quantity: number;
  chosenVariant: { sku: string; attributes: Record<string, string> };
  title: string;
  subTotal: Money;
  purchasePriceCents: number;
  additionalFields: string | null;
  productType: ProductTypeNumber | null;
  url: string | null;
  imageUrl: string | null;
  /** Most of this line one order may hold: 1 for a digital licence, so its box is fixed. */
  maxQuantity: number;
}

/** Spec §3 "Cart". */
export interface CartView {
  id: string | null;
  websiteId: string;
  orderId: string | null;
  created: number | null;
  isPurchased: boolean;
  currency: string;
  entries: CartEntryView[];
  shippingOptions: CartPricingView['shippingOptions'];
  selectedShippingOption: CartPricingView['selectedShippingOption'];
  shippingLocation: CartPricingView['shippingLocation'];
  applicableTaxRules: CartPricingView['applicableTaxRules'];
  coupons: CartPricingView['coupons'];
  validCoupons: CartPricingView['validCoupons'];
  invalidCoupons: CartPricingView['invalidCoupons'];
  subtotalCents: number;
  taxCents: number;
  shippingCostCents: number;
  discountCents: number;
  grandTotalCents: number;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
}

/** An entry whose product is gone neither ships nor counts as digital, as a service would. */
const UNKNOWN_PRODUCT_TYPE = ProductType.SERVICE;

/** The cart's lines as commerce prices them. */
function linesOf(entries: readonly CartEntryView[]): CartLineInput[] {
  return entries.map((e) => ({
    id: e.id,
    itemId: e.itemId,
    sku: e.chosenVariant.sku,
    quantity: e.quantity,
    unitPriceCents: e.purchasePriceCents,
    productType: e.productType ?? UNKNOWN_PRODUCT_TYPE,
  }));
}

const EMPTY_PRICING: CartPricingView = {
  shippingOptions: [],
  selectedShippingOption: null,
  shippingLocation: null,
  applicableTaxRules: [],
  coupons: [],
  validCoupons: [],
  invalidCoupons: [],
  subtotalCents: 0,
  taxCents: 0,
  shippingCostCents: 0,
  discountCents: 0,
  grandTotalCents: 0,
  totalQuantity: 0,
  hasDigital: false,
  purelyDigital: false,
  requiresShipping: false,
};

export function emptyCart(websiteId: string, currency: string): CartView {
  return buildView(null, websiteId, currency, [], EMPTY_PRICING);
}

function buildView(
  cart: CartRow | null,
  websiteId: string,
  currency: string,
  entries: CartEntryView[],
  pricing: CartPricingView,
): CartView {
  return {
    id: cart?.id ?? null,
    websiteId,
    orderId: cart?.order_id ?? null,
    created: cart?.created_at ?? null,
    isPurchased: !!cart?.is_purchased,
    currency: cart?.currency ?? currency,
    entries,
    ...pricing,
  };
}

/**
 * The cart as the shopper sees it. `inHand`: products the caller has already read (add-to-cart's
 * own), which are not read again; `options.rows`: the cart's entries, when the caller has them;
 * `options.made`: the caller made the cart just now, so it has no stored pricing choices to read.
 */
export async function viewOf(
  ctx: RequestContext,
  cart: CartRow,
  inHand: readonly CatalogProduct[] = [],
  options: { calculateSubtotal?: boolean; rows?: readonly CartEntryRow[]; made?: boolean } = {},
): Promise<CartView> {
  const rows = options.rows ?? (await listEntries(ctx.db, cart.id));
  const byId = new Map(inHand.map((p) => [p.id, p]));
  const missing = rows.map((r) => r.item_id).filter((id) => !byId.has(id));
  for (const p of await getProductsByIds(ctx, missing)) byId.set(p.id, p);
  const entries = rows.map((r) => {
    const p = byId.get(r.item_id);
    return entryView(r, cart.currency, {
      title: p?.name ?? r.sku,
      productType: p ? p.productType : null,
      url: p ? p.fullUrl : null,
      imageUrl: p?.images[0]?.assetUrl ?? null,
      maxQuantity: p ? maxQuantityPerOrder(p) : QUANTITY_MAX,
      attributes: p?.variants.find((v) => v.sku === r.sku)?.attributes ?? {},
    });
  });
  if (options.calculateSubtotal === false) {
    // The lines only: no coupon, shipping or tax rule is read (GET cart's calculateSubtotal=false).
    const totalQuantity = entries.reduce((sum, e) => sum + e.quantity, 0);
    return buildView(cart, ctx.websiteId, cart.currency, entries, { ...EMPTY_PRICING, totalQuantity });
  }
  const pricing = await cartPricingView(ctx, options.made ? null : cart.id, linesOf(entries), cart.currency);
  return buildView(cart, ctx.websiteId, cart.currency, entries, pricing);
}

type EntryDisplay = Pick<CartEntryView, 'title' | 'productType' | 'url' | 'imageUrl' | 'maxQuantity'> & {
  attributes: Record<string, string>;
};

function entryView(r: CartEntryRow, currency: string, d: EntryDisplay): CartEntryView {
  return {
    id: r.id,
    itemId: r.item_id,
    quantity: r.quantity,
    chosenVariant: { sku: r.sku, attributes: d.attributes },
    title: d.title,
    subTotal: toMoney(r.purchase_price_cents * r.quantity, currency),
    purchasePriceCents: r.purchase_price_cents,
    additionalFields: r.additional_fields,
    productType: d.productType,
    url: d.url,
    imageUrl: d.imageUrl,
    maxQuantity: d.maxQuantity,
  };
}

/** The cart a token names on this website, purchased or not (checkout reads it in its transaction). */
export function cartByToken(ctx: RequestContext, token: string): Promise<CartRow | undefined> {
  return findCartByToken(ctx.db, ctx.websiteId, token);
}

/** A cart's entries as stored, in the order they were added. */
export function cartEntryRows(ctx: RequestContext, cartId: string): Promise<CartEntryRow[]> {
  return listEntries(ctx.db, cartId);
}

/** Spec §6: the cart is read only when one was announced by cookie; otherwise none is created. */
export async function getCart(
  ctx: RequestContext,
  token: string | undefined,
  currency: string,
  options: { calculateSubtotal?: boolean } = {},
): Promise<CartView> {
  if (!token) return emptyCart(ctx.websiteId, currency);
  const cart = await findCartByToken(ctx.db, ctx.websiteId, token);
  return cart ? viewOf(ctx, cart, [], options) : emptyCart(ctx.websiteId, currency);
}

/**
 * The token of the cart a request works with: the cart cookie's, or for a signed-in shopper
 * without one, their account's open cart. Spec §6 (commerce shouldLoadCart): nothing is looked
 * up for a visitor who announced no cart.
 */
export async function cartTokenFor(
  ctx: RequestContext,
  cookies: CookieJar,
  cookieToken: string | undefined,
  siteUserId: string | null,
): Promise<string | undefined> {
  if (!shouldLoadCart(cookies, siteUserId !== null)) return undefined;
  if (cookieToken || !siteUserId) return cookieToken;
  return (await findOpenCartOfSiteUser(ctx.db, ctx.websiteId, siteUserId))?.token;
}

/**
 * Signing in: the visitor's cart joins the account's. Without an account cart the visitor's
 * becomes it; with one, the visitor's lines are added to it (same item and answers: quantities
 * summed, up to CART_MAX_LINES lines and a product's most per order) and the visitor's cart is emptied. A cart of another
 * account is left alone. Answers the token of the account's cart, or undefined when it has none.
 */
export async function attachCartToSiteUser(
  ctx: RequestContext,
  siteUserId: string,
  visitorToken: string | undefined,
): Promise<string | undefined> {
  return ctx.db.transaction().execute(async (trx) => {
    const visitor = visitorToken ? await findCartByToken(trx, ctx.websiteId, visitorToken) : undefined;
    const usable =
      visitor &&
      !visitor.is_purchased &&
      (visitor.site_user_id === null || visitor.site_user_id === siteUserId)
        ? visitor
        : undefined;
    const account = await findOpenCartOfSiteUser(trx, ctx.websiteId, siteUserId);
    if (!account || account.id === usable?.id) {
      if (usable && usable.site_user_id === null) await setCartSiteUser(trx, usable.id, siteUserId);
      return (usable ?? account)?.token;
    }
    if (usable) {
      const now = ctx.clock.now();
      let lines = await countEntries(trx, account.id);
      const entries = await listEntries(trx, usable.id);
      const tctx = { ...ctx, db: trx };
      const products = new Map(
        (
          await getProductsByIds(
            tctx,
            entries.map((e) => e.item_id),
          )
        ).map((p) => [p.id, p]),
      );
      for (const entry of entries) {
        const merges = await findEntryByKey(trx, account.id, entry.sku, entry.fields_key);
        if (!merges && lines >= CART_MAX_LINES) continue;
        // A licence the account's cart already holds is not bought twice.
        const product = products.get(entry.item_id);
        if (merges && product && merges.quantity + entry.quantity > maxQuantityPerOrder(product)) continue;
        if (!merges) lines += 1;
        await upsertEntry(trx, { ...entry, id: newId('e'), cart_id: account.id, created_at: now });
      }
      await deleteEntriesOfCart(trx, usable.id);
      await touchCart(trx, account.id, now);
    }
    return account.token;
  });
}

export interface AddEntryResult {
  cart: CartView;
  newlyAdded: CartEntryView;
  /** The cart token, new when the cart was made by this call. */
  token: string;
}

function selectionFor(product: CatalogProduct, body: AddEntryBody): VariantSelection | null {
  if (body.sku) {
    const variant = product.variants.find((v) => v.sku === body.sku);
    return variant ? variant.attributes : null;
  }
  return body.selection ?? {};
}

/**
 * Different lines a cart may hold: far more than any shopper buys at once, and it keeps what one
 * cart costs to read and price bounded (its answers are at most ADDITIONAL_FIELDS_MAX_LENGTH each).
 */
export const CART_MAX_LINES = 100;
/** A cart's `updated_at` (when it was last used) is kept to this precision by adds. */
const CART_TOUCH_INTERVAL_MS = 60_000;
export const CART_FULL = `Your cart is full: it holds at most ${CART_MAX_LINES} different items. Remove one to add another.`;

/**
 * Spec §5/§9 quantity 1–9999 on the add call: the product page's box clamps before sending, so a
 * number outside it is a caller's mistake, refused rather than silently changed.
 */
export const ADD_QUANTITY_RANGE = `Quantity must be between ${QUANTITY_MIN} and ${QUANTITY_MAX}.`;
/** Adding to a line would take it past the spec's 9999. */
export const LINE_QUANTITY_FULL = `Your cart can hold at most ${QUANTITY_MAX} of one item.`;

/** A whole number the add call was given outside 1–9999 (the spec's messages cover the rest). */
function outOfRange(quantity: AddEntryBody['quantity']): boolean {
  const n = typeof quantity === 'string' ? Number(quantity.trim()) : quantity;
  return typeof n === 'number' && Number.isInteger(n) && (n < QUANTITY_MIN || n > QUANTITY_MAX);
}

/**
 * Adds an entry per spec §4's check order and answers the whole cart with the new entry. The item
 * is read as checkout prices it (`pricedProduct`: again only after a catalog write).
 */
export async function addEntry(
  ctx: RequestContext,
  token: string | undefined,
  currency: string,
  body: AddEntryBody,
  siteUserId: string | null = null,
): Promise<AddEntryResult> {
  const product = await pricedProduct(ctx, body.itemId);
  if (!product) throw new HttpError(404, MESSAGES.variantUnavailable, 'VARIANT_UNAVAILABLE');
  if (!product.donation && outOfRange(body.quantity))
    throw new HttpError(400, ADD_QUANTITY_RANGE, 'QUANTITY_NOT_A_NUMBER');
  const selection = selectionFor(product, body);
  if (!selection) throw new HttpError(409, MESSAGES.variantUnavailable, 'VARIANT_UNAVAILABLE');

  let cart = token ? await findCartByToken(ctx.db, ctx.websiteId, token) : undefined;
  // A bought cart is an order's record: an add with its old cookie starts a new cart.
  if (cart?.is_purchased) cart = undefined;
  const variantForStock = findVariant(product, selection);
  // One read of the cart's lines answers the stock check (quantity already held), the line cap
  // (is it a merge, how many lines) and, with the written line, the cart the call answers.
  const held = cart ? await listEntries(ctx.db, cart.id) : [];
  const lines = variantForStock ? held.filter((line) => line.sku === variantForStock.sku) : [];
  const already = lines.reduce((sum, line) => sum + line.quantity, 0);
  const check = checkAddToCart({
    product,
    selection,
    // A donation is one gift of the typed amount.
    quantityInput: product.donation ? '1' : (body.quantity ?? '1'),
    stock: variantForStock
      ? { unlimited: variantForStock.unlimited, qtyInStock: variantForStock.qtyInStock - already }
      : null,
  });
  if (!check.ok) {
    const status =
      check.type === 'QUANTITY_NOT_A_NUMBER' ||
      check.type === 'SUB_QUANTITY_NOT_A_WHOLE_NUMBER' ||
      check.type === 'NO_VARIANT_SELECTED'
        ? 400
        : 409;
    throw new HttpError(status, check.message, check.type);
  }
  // One licence per order (the product page shows no quantity box for it, so only here).
  const perOrder = orderQuantityProblem(product, already + check.quantity);
  if (perOrder) throw new HttpError(409, perOrder, 'OUT_OF_STOCK');
  if (check.destination === 'gift-card-checkout' || check.destination === 'subscription') {
    throw new HttpError(409, 'This product is bought at checkout, not added to the cart.', 'API_FAILURE');
  }
  let priceCents = effectivePriceCents(check.variant);
  if (product.donation) {
    const amount = parseDonationAmount(body.amount, product.donation, currency);
    if (!amount.ok) throw new HttpError(400, amount.message);
    priceCents = amount.cents;
  }
  // Spec §4 step 5: the custom form comes after the stock checks.
  const fields = await checkProductForm(ctx, product, body.additionalFields);
  // Gifts of different amounts are different lines; the same amount again adds to its line.
  const fieldsKey = `${fields ? sha256(fields) : ''}${product.donation ? `:amount:${priceCents}` : ''}`;

  const now = ctx.clock.now();
  const made = !cart;
  if (!cart) {
    cart = {
      id: newId('c'),
      website_id: ctx.websiteId,
      token: newToken(16),
      order_id: null,
      currency,
      is_purchased: 0,
      created_at: now,
      updated_at: now,
      // Made while signed in, the cart is the account's at once: it follows the shopper to another browser.
      site_user_id: siteUserId,
    };
  } else {
    const merging = lines.find((line) => line.fields_key === fieldsKey);
    if (merging && merging.quantity + check.quantity > QUANTITY_MAX)
      throw new HttpError(409, LINE_QUANTITY_FULL, 'API_FAILURE');
    // A new line past the cap is refused; adding to a line the cart holds merges into it.
    if (!lines.some((line) => line.fields_key === fieldsKey) && held.length >= CART_MAX_LINES) {
      throw new HttpError(409, CART_FULL, 'API_FAILURE');
    }
    // A shopper adding several items in a row touches the cart once: a write less per add.
    if (now - cart.updated_at >= CART_TOUCH_INTERVAL_MS) await touchCart(ctx.db, cart.id, now);
  }
  const entry: CartEntryRow = {
    id: newId('e'),
    cart_id: cart.id,
    item_id: product.id,
    sku: check.variant.sku,
    quantity: check.quantity,
    additional_fields: fields,
    fields_key: fieldsKey,
    purchase_price_cents: priceCents,
    created_at: now,
  };
  const row = made ? await insertCartWithEntry(ctx.db, cart, entry) : await upsertEntry(ctx.db, entry);
  // The written line in its place (a merge) or after the others (a new line, the latest added).
  const rows = held.some((e) => e.id === row.id)
    ? held.map((e) => (e.id === row.id ? row : e))
    : [...held, row];
  const view = await viewOf(ctx, cart, [product], { rows, made });
  const newlyAdded = view.entries.find((e) => e.id === row.id)!;
  return { cart: view, newlyAdded, token: cart.token };
}

export interface UpdateEntryFieldsResult {
  cart: CartView;
  updatedEntry: CartEntryView;
}

/** A bought cart's lines are the order's: they no longer change. */
export const CART_PURCHASED = 'This cart has already been purchased.';

/** Message when the entry is not one of the caller's cart (another cart's entry looks the same as none). */
export const ENTRY_NOT_FOUND = 'That item is no longer in your cart.';

/**
 * Spec §7 PUT …/entries/{entryId}/additionalFields: replaces the answers of an entry of the
 * caller's own cart after checking them against the product's form. When another entry of the
 * cart already holds the same sku with the same answers, the two merge (quantities summed).
 */
export async function updateEntryFields(
  ctx: RequestContext,
  token: string | undefined,
  entryId: string,
  body: UpdateEntryFieldsBody,
): Promise<UpdateEntryFieldsResult> {
  const cart = token ? await findCartByToken(ctx.db, ctx.websiteId, token) : undefined;
  const entry = cart ? await findEntry(ctx.db, cart.id, entryId) : undefined;
  if (!cart || !entry) throw new HttpError(404, ENTRY_NOT_FOUND);
  if (cart.is_purchased) throw new HttpError(409, CART_PURCHASED, 'API_FAILURE');
  if (entry.item_id !== body.itemId || entry.sku !== body.sku) {
    throw new HttpError(400, 'itemId and sku do not match that cart entry.');
  }
  const product = await getProductById(ctx, entry.item_id);
  if (!product) throw new HttpError(404, ENTRY_NOT_FOUND);
  if (!product.additionalFieldsFormId) {
    throw new HttpError(409, 'This product has no form to update.', 'API_FAILURE');
  }
  const fields = (await checkProductForm(ctx, product, body.additionalFields)) ?? '{}';
  const fieldsKey = sha256(fields);
  const twin = await findEntryByKey(ctx.db, cart.id, entry.sku, fieldsKey);
  let updatedId = entry.id;
  if (twin && twin.id !== entry.id) {
    await mergeEntryInto(ctx.db, entry, twin.id);
    updatedId = twin.id;
  } else {
    await setEntryFields(ctx.db, entry.id, fields, fieldsKey);
  }
  await touchCart(ctx.db, cart.id, ctx.clock.now());
  const view = await viewOf(ctx, cart);
  return { cart: view, updatedEntry: view.entries.find((e) => e.id === updatedId)! };
}
