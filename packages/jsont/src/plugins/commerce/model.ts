import {
  type BillingPeriodUnit,
  type CommerceProduct,
  type CommerceVariant,
  DEFAULT_CURRENCY,
  minorFromDecimal,
  ProductType,
  type ProductTypeNumber,
  type SubscriptionPlan,
} from '@storefront/commerce';
import type { RenderContext } from '../../plugin.js';
import { attr, isObject, type Json, text } from '../content/util.js';
import { escapeAttr, escapeHtml } from '../core/text.js';

/**
 * Adapters from the template JSON (Squarespace-shaped items: `structuredContent.variants[]` with
 * `priceMoney { value, currency }`, the value a major-unit decimal such as '45.00', or our pages'
 * `priceMoney { decimalValue, value }` with `value` in minor units) to the
 * @storefront/commerce model, plus the small text helpers the commerce formatters share.
 */

export { attr, isObject, type Json, text };

/** What a missing object or list reads as: shared and frozen (nothing writes to them), so nothing is allocated. */
const NO_OBJECT: Json = Object.freeze({});
const NO_ARRAY: readonly unknown[] = Object.freeze([]);
export const objectOr = (value: unknown): Json => (isObject(value) ? value : NO_OBJECT);
export const arrayOr = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : NO_ARRAY);

/** Characters that make a JSON string differ from its quoted text, or need escaping in an attribute. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON.stringify escapes control characters, so they are looked for.
const JSON_ATTR_SPECIAL = /["\\&<>\u0000-\u001f\ud800-\udfff]/;

/** Bound on the object keys kept with their escaped text: data reuses a few names everywhere. */
const MAX_KEY_TEXTS = 1000;
const keyTexts = new Map<string, string>();

/** Plain JSON data as escaped attribute text; undefined for anything JSON.stringify treats specially. */
function plainJson(v: unknown): string | undefined {
  if (typeof v === 'string')
    return JSON_ATTR_SPECIAL.test(v) ? escapeAttr(JSON.stringify(v)) : `&quot;${v}&quot;`;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  if (typeof v === 'boolean' || v === null) return String(v);
  if (typeof v !== 'object') return undefined;
  let out: string;
  if (Array.isArray(v)) {
    out = '[';
    for (const value of v) {
      const item = plainJson(value);
      if (item === undefined) return undefined;
      out += out.length > 1 ? `,${item}` : item;
    }
    return `${out}]`;
  }
  if (Object.getPrototypeOf(v) !== Object.prototype) return undefined;
  out = '{';
  for (const k in v) {
    const item = plainJson((v as Json)[k]);
    if (item === undefined) return undefined;
    let key = keyTexts.get(k);
    if (key === undefined) {
      if (keyTexts.size >= MAX_KEY_TEXTS) keyTexts.clear();
      key = `${plainJson(k)}:`;
      keyTexts.set(k, key);
    }
    out += out.length > 1 ? `,${key}${item}` : key + item;
  }
  return `${out}}`;
}

/**
 * `escapeAttr(JSON.stringify(value))` in one pass over plain data, without the long intermediate
 * JSON text (the variant list of a product page runs through here on every render).
 */
export const attrJson = (value: unknown): string =>
  plainJson(value) ?? escapeAttr(JSON.stringify(value) ?? '');
export const html = (value: unknown): string => escapeHtml(text(value));

/** Template JSON writes flags as booleans or as the strings 'true' / 'false'. */
export const flag = (value: unknown): boolean => value === true || value === 'true';

/** A non-empty localized string from the site's `localizedStrings`, if there is one. */
export function localized(ctx: RenderContext, key: string): string | undefined {
  const value = objectOr(ctx.resolve('localizedStrings'))[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The item's merchandising settings: `productMerchandisingContext[item.id]`. */
export function merchandising(ctx: RenderContext, item: unknown): Json {
  const id = text(objectOr(item).id);
  return objectOr(objectOr(ctx.resolve('productMerchandisingContext'))[id]);
}

const CURRENCY_CODE = /^[A-Z]{3}$/;

function currencyOf(money: unknown): string | undefined {
  const code = text(objectOr(money).currency).toUpperCase();
  return CURRENCY_CODE.test(code) ? code : undefined;
}

/**
 * Minor units of a price: the money object's major-unit decimal (its `decimalValue`, which a
 * spec Money carries beside `value` in minor units, or else the Squarespace-shaped `value`),
 * else the legacy integer-cents field beside it (`price`, `salePrice`); malformed amounts count as 0.
 */
function minorOf(money: unknown, cents: unknown, currency: string): number {
  const value = objectOr(money).decimalValue ?? objectOr(money).value;
  try {
    if (typeof value === 'string' || typeof value === 'number')
      return minorFromDecimal(String(value), currency);
  } catch {
    return 0;
  }
  const n = typeof cents === 'string' && cents.trim() !== '' ? Number(cents) : cents;
  return Number.isSafeInteger(n) ? (n as number) : 0;
}

function attributesOf(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const o = objectOr(value);
  for (const name of Object.keys(o)) out[name] = text(o[name]);
  return out;
}

function variantOf(v: Json, currency: string): CommerceVariant {
  const qty = Number(v.qtyInStock);
  return {
    sku: text(v.sku),
    attributes: attributesOf(v.attributes),
    priceCents: minorOf(v.priceMoney, v.price, currency),
    salePriceCents: minorOf(v.salePriceMoney, v.salePrice, currency),
    onSale: flag(v.onSale),
    qtyInStock: Number.isFinite(qty) ? qty : 0,
    unlimited: flag(v.unlimited),
  };
}

const UNITS: readonly BillingPeriodUnit[] = ['WEEK', 'MONTH', 'YEAR'];

export function planOf(value: unknown): SubscriptionPlan | null {
  const period = objectOr(objectOr(value).billingPeriod);
  const unit = text(period.unit).toUpperCase() as BillingPeriodUnit;
  const every = Number(period.value);
  if (!UNITS.includes(unit) || !(every > 0)) return null;
  const cycles = Number(objectOr(value).numBillingCycles);
  return { billingPeriod: { value: every, unit }, numBillingCycles: Number.isFinite(cycles) ? cycles : 0 };
}

/** A product as the commerce rules see it, with the currency its prices are in. */
export interface ProductView {
  product: CommerceProduct;
  currency: string;
  /** The item's `structuredContent`. */
  content: Json;
}

/**
 * Adapts an item. Digital products carry one price on `structuredContent` (with their own sale
 * flag), which becomes their single unlimited variant. Unknown type codes pass through: every
 * commerce rule treats them as none of the known types. `additionalFieldsFormId` is left out:
 * only the add-to-cart check reads it, and that runs in the server and the islands, not here.
 */
export function productOf(item: unknown): ProductView {
  const node = objectOr(item);
  const content = objectOr(node.structuredContent);
  const productType = Number(content.productType) as ProductTypeNumber;
  const digital = productType === ProductType.DIGITAL;
  const rawVariants = digital
    ? [
        {
          priceMoney: content.priceMoney,
          salePriceMoney: content.salePriceMoney,
          onSale: content.onSale,
          unlimited: true,
        },
      ]
    : arrayOr(content.variants).map(objectOr);
  const currency =
    currencyOf(content.priceMoney) ??
    rawVariants.map((v) => currencyOf(v.priceMoney)).find(Boolean) ??
    DEFAULT_CURRENCY;
  const product: CommerceProduct = {
    id: text(node.id),
    name: text(node.title),
    productType,
    variants: rawVariants.map((v) => variantOf(v, currency)),
    variantOptionOrdering: arrayOr(content.variantOptionOrdering).map(text),
    onSale: flag(content.onSale),
    isSubscribable: flag(content.isSubscribable),
    subscriptionPlan: planOf(content.subscriptionPlan),
    useCustomAddButtonText: flag(content.useCustomAddButtonText),
    customAddButtonText: text(content.customAddButtonText),
  };
  return { product, currency, content };
}

/**
 * The product as its subscription prices see it: each variant priced by its first pricing
 * option (the subscription price); variants without pricing options are left out.
 */
export function subscriptionProductOf(item: unknown): ProductView {
  const view = productOf(item);
  const options = arrayOr(view.content.variants).map((v) => objectOr(arrayOr(objectOr(v).pricingOptions)[0]));
  const priced = options.filter((o) => Object.keys(o).length > 0);
  const currency = priced.map((o) => currencyOf(o.priceMoney)).find(Boolean) ?? view.currency;
  return {
    ...view,
    currency,
    product: { ...view.product, variants: priced.map((o) => variantOf(o, currency)) },
  };
}
