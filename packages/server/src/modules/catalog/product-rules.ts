/**
 * The rules of one product that the catalog import and the owner's product editor share: how a
 * product's fields relate (sale, subscription, options and variants, money, stock) and how it
 * becomes rows. Both callers validate the shape with the zod schemas of import-schema.ts first;
 * these rules read the raw input so one pass reports every problem with its path.
 */
import crypto from 'node:crypto';
import {
  currencyFractionDigits,
  DONATION_DEFAULT_MAX_CENTS,
  DONATION_DEFAULT_MIN_CENTS,
  minorFromDecimal,
  ProductType,
} from '@storefront/commerce';
import type { Insertable } from 'kysely';
import type { DB } from '../../db/index.js';
import { type CatalogProduct, STORE_ITEM_RECORD_TYPE } from './import-schema.js';

export type Raw = Record<string, unknown>;
export type AddError = (path: string, message: string) => void;

/**
 * A validated product as both callers hold it: the import's, or the editor's whose images may
 * also be uploaded images by id (stored as they are; the catalog resolves them on read).
 */
export type ProductInput = Omit<CatalogProduct, 'images'> & { images: readonly object[] };

/** SKUs seen so far (sku → where) and the words naming where they must be unique. */
export interface SkuRegistry {
  seen: Map<string, string>;
  scope: string;
}

export const asObject = (v: unknown): Raw | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : undefined;
export const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const isSet = (v: unknown): boolean => v !== undefined && v !== null;

/** `at` + `.key` ('' at the root: the product editor's payload is the product itself). */
export function sub(at: string, key: string): string {
  return at ? `${at}.${key}` : key;
}

/**
 * Per-type and cross-field rules of one product (`at` is its path). Collection and form
 * references are the caller's: the import checks them against the file, the editor against
 * the database.
 */
export function checkProductRules(
  product: Raw,
  at: string,
  currency: string,
  skus: SkuRegistry,
  add: AddError,
): void {
  const type = product.productType;
  if (isSet(product.onSale) && type !== ProductType.DIGITAL) {
    add(
      sub(at, 'onSale'),
      'only digital products carry their own onSale flag; set onSale on the variants instead',
    );
  }
  if (isSet(product.multipleQuantityAllowed) && type !== ProductType.DIGITAL) {
    add(
      sub(at, 'multipleQuantityAllowed'),
      'applies only to digital products; other products are limited by their stock',
    );
  }
  if (product.isSubscribable === true) {
    if (type === ProductType.GIFT_CARD) add(sub(at, 'isSubscribable'), 'a gift card cannot be subscribable');
    if (!isSet(product.subscriptionPlan))
      add(sub(at, 'subscriptionPlan'), 'is required when isSubscribable is true');
  } else if (isSet(product.subscriptionPlan)) {
    add(sub(at, 'subscriptionPlan'), 'applies only when isSubscribable is true');
  }
  if (isSet(product.donation)) {
    // A donation ships nothing and is given once: a service, not a subscription, one variant.
    if (type !== ProductType.SERVICE)
      add(sub(at, 'donation'), 'a donation must be a service (productType 3)');
    if (product.isSubscribable === true) add(sub(at, 'donation'), 'a donation cannot be subscribable');
    if (asArray(product.variants).length !== 1)
      add(sub(at, 'donation'), 'a donation has exactly one variant');
    const d = asObject(product.donation);
    const min = d?.minCents ?? DONATION_DEFAULT_MIN_CENTS;
    const max = d?.maxCents ?? DONATION_DEFAULT_MAX_CENTS;
    if (typeof min === 'number' && typeof max === 'number' && min >= max)
      add(sub(sub(at, 'donation'), 'maxCents'), 'must be above minCents');
  }
  if (product.useCustomAddButtonText === true && !asString(product.customAddButtonText)?.trim()) {
    add(sub(at, 'customAddButtonText'), 'is required when useCustomAddButtonText is true');
  }

  const variants = asArray(product.variants).map(asObject);
  const ordering = asArray(product.variantOptionOrdering).filter((o): o is string => typeof o === 'string');
  const seenOption = new Set<string>();
  for (const name of ordering) {
    if (seenOption.has(name)) add(sub(at, 'variantOptionOrdering'), `lists the option "${name}" twice`);
    seenOption.add(name);
  }
  const optionNames = isSet(product.variantOptionOrdering)
    ? [...seenOption]
    : Object.keys(asObject(variants[0]?.attributes) ?? {});
  const combinations = new Map<string, number>();
  // A variant's image names one of the product's own: by its upload's id or its URL.
  const imageKeys = asArray(product.images).flatMap((img) => {
    const o = asObject(img);
    const key = asString(o?.mediaId) ?? asString(o?.assetUrl);
    return key === undefined ? [] : [key];
  });

  variants.forEach((variant, j) => {
    if (!variant) return;
    const vat = sub(at, `variants[${j}]`);
    const sku = asString(variant.sku)?.trim();
    if (sku) {
      const first = skus.seen.get(sku);
      if (first !== undefined)
        add(sub(vat, 'sku'), `"${sku}" is already used by ${first}; SKUs must be unique ${skus.scope}`);
      else skus.seen.set(sku, vat);
    }

    const image = asString(variant.image);
    if (image !== undefined && !imageKeys.includes(image))
      add(sub(vat, 'image'), `"${image}" is not one of the product's images (give its assetUrl or mediaId)`);

    const attributes = asObject(variant.attributes) ?? {};
    const names = Object.keys(attributes);
    const missing = optionNames.filter((n) => !(n in attributes));
    const unknown = names.filter((n) => !optionNames.includes(n));
    if (missing.length > 0 || unknown.length > 0) {
      const expected = optionNames.length > 0 ? optionNames.map((n) => `"${n}"`).join(', ') : 'no options';
      const problems = [
        ...(missing.length > 0 ? [`missing ${missing.map((n) => `"${n}"`).join(', ')}`] : []),
        ...(unknown.length > 0 ? [`unknown ${unknown.map((n) => `"${n}"`).join(', ')}`] : []),
      ];
      add(
        sub(vat, 'attributes'),
        `must use exactly the product's options (${expected}): ${problems.join('; ')}`,
      );
    } else {
      const key = JSON.stringify(optionNames.map((n) => attributes[n]));
      const first = combinations.get(key);
      if (first !== undefined)
        add(
          sub(vat, 'attributes'),
          `repeats the option values of variants[${first}]; each variant needs its own combination`,
        );
      else combinations.set(key, j);
    }
    if (type === ProductType.GIFT_CARD && names.length === 0) {
      add(
        sub(vat, 'attributes'),
        'a gift card variant is a denomination: give it an attribute such as { "Amount": "$25" }',
      );
    }

    checkVariantMoney(variant, vat, type, product.onSale === true, currency, add);
    checkVariantStock(variant, vat, type, add);
  });
}

function checkVariantMoney(
  variant: Raw,
  at: string,
  type: unknown,
  digitalOnSale: boolean,
  currency: string,
  add: AddError,
): void {
  const price = amount(variant, 'price', at, currency, add);
  if (price === 'absent')
    add(sub(at, 'price'), `is required: give price as a decimal string in ${currency}, or priceCents`);
  const sale = amount(variant, 'salePrice', at, currency, add);

  if (type === ProductType.GIFT_CARD) {
    if (isSet(variant.onSale) || sale !== 'absent')
      add(sub(at, 'onSale'), 'gift cards are never on sale; remove onSale and salePrice');
    return;
  }
  if (type === ProductType.DIGITAL && isSet(variant.onSale)) {
    add(sub(at, 'onSale'), "digital products use the product's own onSale flag, not the variant's");
  }
  const onSale = type === ProductType.DIGITAL ? digitalOnSale : variant.onSale === true;
  if (onSale && sale === 'absent') add(sub(at, 'salePrice'), 'is required when the item is on sale');
  if (typeof price === 'number' && typeof sale === 'number' && sale >= price) {
    add(sub(at, 'salePrice'), 'must be below the price');
  }
}

/** Reads `price`/`priceCents` (or the sale pair) as minor units; 'absent', or 'invalid' once reported. */
function amount(
  variant: Raw,
  key: 'price' | 'salePrice',
  at: string,
  currency: string,
  add: AddError,
): number | 'absent' | 'invalid' {
  const decimal = variant[key];
  const cents = variant[`${key}Cents`];
  if (isSet(decimal) && isSet(cents)) {
    add(sub(at, key), `give either ${key} or ${key}Cents, not both`);
    return 'invalid';
  }
  if (typeof cents === 'number') return Number.isSafeInteger(cents) && cents >= 0 ? cents : 'invalid';
  if (typeof decimal !== 'string') return isSet(decimal) || isSet(cents) ? 'invalid' : 'absent';
  const digits = currencyFractionDigits(currency);
  const fraction = decimal.split('.')[1] ?? '';
  if (fraction.length > digits) {
    add(sub(at, key), `"${decimal}" has more decimal places than ${currency} allows (${digits})`);
    return 'invalid';
  }
  try {
    return minorFromDecimal(decimal, currency);
  } catch {
    return 'invalid';
  }
}

function checkVariantStock(variant: Raw, at: string, type: unknown, add: AddError): void {
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD) {
    const kind = type === ProductType.DIGITAL ? 'digital products' : 'gift cards';
    if (variant.unlimited === false) add(sub(at, 'unlimited'), `${kind} always have unlimited stock`);
    if (isSet(variant.qtyInStock))
      add(sub(at, 'qtyInStock'), `${kind} always have unlimited stock; remove qtyInStock`);
    return;
  }
  if (variant.unlimited === true && isSet(variant.qtyInStock)) {
    add(sub(at, 'qtyInStock'), 'give either unlimited: true or qtyInStock, not both');
  }
  const needsCount = type === ProductType.PHYSICAL || type === ProductType.SERVICE;
  if (needsCount && variant.unlimited !== true && !isSet(variant.qtyInStock)) {
    add(
      sub(at, 'qtyInStock'),
      'is required for physical and service variants (a whole number ≥ 0), unless unlimited is true',
    );
  }
}

const flag = (b: boolean | undefined): number => (b ? 1 : 0);

/** Variant ids are derived from website and sku so a re-import (or a re-save) finds the same id. */
export function variantId(websiteId: string, sku: string): string {
  return `v_${crypto.createHash('sha256').update(`${websiteId}\u0000${sku}`).digest('hex').slice(0, 32)}`;
}

/** The product's option names in display order: as listed, or in the first variant's key order. */
export function optionOrdering(product: ProductInput): string[] {
  return product.variantOptionOrdering ?? Object.keys(product.variants[0]?.attributes ?? {});
}

/** A validated product as its products row (created_at is kept by the writers on update). */
export function productRow(
  p: ProductInput,
  websiteId: string,
  position: number,
  now: number,
): Insertable<DB['products']> {
  return {
    id: p.id,
    website_id: websiteId,
    collection_id: p.collectionId,
    record_type: STORE_ITEM_RECORD_TYPE,
    product_type: p.productType,
    name: p.name,
    url_slug: p.urlSlug,
    description: p.description,
    excerpt: p.excerpt ?? null,
    images: JSON.stringify(p.images),
    on_sale: flag(p.productType === ProductType.DIGITAL && p.onSale),
    is_subscribable: flag(p.isSubscribable),
    subscription_plan: p.subscriptionPlan ? JSON.stringify(p.subscriptionPlan) : null,
    product_subscription_options: p.productSubscriptionOptions
      ? JSON.stringify(p.productSubscriptionOptions)
      : null,
    additional_fields_form_id: p.additionalFieldsFormId ?? null,
    use_custom_add_button_text: flag(p.useCustomAddButtonText),
    custom_add_button_text: p.customAddButtonText ?? null,
    audio_asset_url: p.audioAssetUrl ?? null,
    variant_option_ordering: JSON.stringify(optionOrdering(p)),
    merchandising: p.merchandising ? JSON.stringify(p.merchandising) : null,
    express_checkout: flag(p.expressCheckout),
    multiple_quantity_allowed: flag(p.productType === ProductType.DIGITAL && p.multipleQuantityAllowed),
    donation: p.donation
      ? JSON.stringify({
          minCents: p.donation.minCents ?? DONATION_DEFAULT_MIN_CENTS,
          maxCents: p.donation.maxCents ?? DONATION_DEFAULT_MAX_CENTS,
          presetsCents: p.donation.presetsCents ?? [],
        })
      : null,
    categories: JSON.stringify(p.categories),
    tags: JSON.stringify(p.tags),
    position,
    created_at: now,
    updated_at: now,
  };
}

/** A validated product's variants as rows, in the product's order. */
export function variantRows(
  p: ProductInput,
  websiteId: string,
  currency: string,
): Insertable<DB['variants']>[] {
  const ordering = optionOrdering(p);
  const unlimitedByType = p.productType === ProductType.DIGITAL || p.productType === ProductType.GIFT_CARD;
  return p.variants.map((v, position) => {
    const sku = v.sku.trim();
    // Digital products carry the sale flag on the product; mirrored onto each variant so the
    // price a shopper pays is always read the same way.
    const onSale = p.productType === ProductType.DIGITAL ? p.onSale === true : v.onSale === true;
    const unlimited =
      unlimitedByType ||
      v.unlimited === true ||
      (p.productType === ProductType.PAYWALL && v.qtyInStock === undefined);
    return {
      id: variantId(websiteId, sku),
      product_id: p.id,
      website_id: websiteId,
      sku,
      attributes: JSON.stringify(Object.fromEntries(ordering.map((name) => [name, v.attributes[name]]))),
      price_cents: v.priceCents ?? minorFromDecimal(v.price ?? '0', currency),
      sale_price_cents:
        v.salePriceCents ?? (v.salePrice === undefined ? 0 : minorFromDecimal(v.salePrice, currency)),
      on_sale: flag(onSale),
      qty_in_stock: unlimited ? 0 : (v.qtyInStock ?? 0),
      unlimited: flag(unlimited),
      position,
      image: v.image ?? null,
    };
  });
}
