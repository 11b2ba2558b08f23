/**
 * Catalog import: validates a whole file (shape, then how its parts relate), converts it to rows
 * and writes them in one transaction. A file with any error writes nothing. Format:
 * docs/import-format.md.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import {
  currencyFractionDigits,
  DEFAULT_CURRENCY,
  isCurrencyCode,
  minorFromDecimal,
  ProductType,
} from '@storefront/commerce';
import type { z } from 'zod';
import type { Database } from '../../db/index.js';
import {
  type CatalogRows,
  countWebsites,
  findCollectionsBySlug,
  findForeignOwners,
  findProductsBySlug,
  writeCatalog,
  writePricing,
} from './import-repo.js';
import {
  type CatalogFile,
  type CatalogProduct,
  catalogFileSchema,
  STORE_ITEM_RECORD_TYPE,
} from './import-schema.js';

export interface ImportError {
  /** JSON path into the file, e.g. `products[3].variants[1].sku`; '' for the file as a whole. */
  path: string;
  message: string;
}

export interface ImportCounts {
  websites: number;
  storeSettings: number;
  forms: number;
  collections: number;
  products: number;
  variants: number;
  /** Present when the file lists them. */
  taxRules?: number;
  shippingOptions?: number;
  coupons?: number;
}

export type ImportResult = { ok: true; counts: ImportCounts } | { ok: false; errors: ImportError[] };

export interface ImportOptions {
  /** Milliseconds since epoch for created_at / updated_at; Date.now by default. */
  clock?: () => number;
}

/** The typeName of collections that hold products (the page resolver keys on it). */
export const PRODUCTS_TYPE_NAME = 'products';

/** The demo store shipped with the server, in the import format. */
export const DEMO_STORE_URL = new URL('../../../seed/demo-store.json', import.meta.url);

export type ValidationResult = { ok: true; file: CatalogFile } | { ok: false; errors: ImportError[] };

/** Checks a parsed JSON value against the format; every problem is reported with its path. */
export function validateCatalog(input: unknown): ValidationResult {
  const parsed = catalogFileSchema.safeParse(input, {
    error: (issue) =>
      issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : undefined,
  });
  const errors: ImportError[] = [];
  if (!parsed.success) errors.push(...parsed.error.issues.map(fromZodIssue));
  errors.push(...checkRelations(input));
  const unique = dedupe(errors);
  if (unique.length > 0 || !parsed.success) return { ok: false, errors: unique };
  return { ok: true, file: parsed.data };
}

/**
 * Imports a catalog file. Re-importing the same file is idempotent: rows are upserted by id
 * (variants by sku within the website) and a listed product keeps exactly the file's variants.
 */
export async function importCatalog(
  database: Database,
  input: unknown,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const validation = validateCatalog(input);
  if (!validation.ok) return validation;
  const file = validation.file;
  const rows = toRows(file, (options.clock ?? Date.now)());
  try {
    return await database.db.transaction().execute(async (trx): Promise<ImportResult> => {
      const ownership = await checkExisting(trx, file);
      if (ownership.length > 0) return { ok: false, errors: ownership };
      await writeCatalog(trx, rows);
      await writePricing(trx, rows);
      return { ok: true, counts: countsOf(rows) };
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      errors: [{ path: '', message: `The database refused the import (${reason}); nothing was imported.` }],
    };
  }
}

/** True when no website exists yet: a fresh data directory that should get the demo store. */
export async function isEmpty(database: Database): Promise<boolean> {
  return (await countWebsites(database.db)) === 0;
}

/** Imports seed/demo-store.json; throws if the shipped file is not a valid catalog. */
export async function seedDemoStore(database: Database, options: ImportOptions = {}): Promise<ImportCounts> {
  const input: unknown = JSON.parse(await fs.readFile(DEMO_STORE_URL, 'utf8'));
  const result = await importCatalog(database, input, options);
  if (!result.ok) {
    const lines = result.errors.map((e) => `  ${e.path || '(file)'}: ${e.message}`);
    throw new Error(`The demo store could not be imported:\n${lines.join('\n')}`);
  }
  return result.counts;
}

/** Variant ids are derived from website and sku so a re-import finds the same id. */
export function variantId(websiteId: string, sku: string): string {
  return `v_${crypto.createHash('sha256').update(`${websiteId}\u0000${sku}`).digest('hex').slice(0, 32)}`;
}

// ---- Validation of how the parts of the file relate ------------------------------------------

type Raw = Record<string, unknown>;

const asObject = (v: unknown): Raw | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : undefined;
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const isSet = (v: unknown): boolean => v !== undefined && v !== null;

/**
 * Cross-reference and per-type rules. Works on the raw input, skipping parts of the wrong shape
 * (the schema reports those), so one pass lists every problem in the file.
 */
function checkRelations(input: unknown): ImportError[] {
  const errors: ImportError[] = [];
  const add = (path: string, message: string) => errors.push({ path, message });
  const root = asObject(input);
  if (!root) return errors;
  const website = asObject(root.website);
  const currencyRaw = asString(website?.currency) ?? DEFAULT_CURRENCY;
  const currency = isCurrencyCode(currencyRaw) ? currencyRaw : DEFAULT_CURRENCY;

  const forms = asArray(root.forms).map(asObject);
  const collections = asArray(root.collections).map(asObject);
  const products = asArray(root.products).map(asObject);

  const formIds = uniqueIds(forms, 'forms', 'form', add);
  forms.forEach((form, i) => {
    uniqueIds(asArray(form?.fields).map(asObject), `forms[${i}].fields`, 'field', add);
  });
  uniqueIds(asArray(root.taxRules).map(asObject), 'taxRules', 'tax rule', add);
  uniqueIds(asArray(root.shippingOptions).map(asObject), 'shippingOptions', 'shipping option', add);
  // Shoppers type codes in any case, so codes differing only in case are the same coupon.
  uniqueValues(
    asArray(root.coupons).map((c) => {
      const code = asString(asObject(c)?.code);
      return code === undefined ? undefined : { code: code.toUpperCase() };
    }),
    'code',
    'coupons',
    (first) => `is already the code of coupons[${first}] (codes ignore case); codes must be unique`,
    add,
  );
  const collectionIds = uniqueIds(collections, 'collections', 'collection', add);
  uniqueValues(
    collections,
    'urlSlug',
    'collections',
    (first) => `is already used by collections[${first}]; collection URLs must be unique within the website`,
    add,
  );
  uniqueIds(products, 'products', 'product', add);

  const slugsByCollection = new Map<string, Map<string, number>>();
  const skus = new Map<string, string>();

  products.forEach((product, i) => {
    if (!product) return;
    const at = `products[${i}]`;
    const type = product.productType;

    const collectionId = asString(product.collectionId);
    if (collectionId !== undefined) {
      const index = collectionIds.get(collectionId);
      if (index === undefined)
        add(`${at}.collectionId`, `refers to collection "${collectionId}", which the file does not define`);
      else if (collections[index]?.typeName !== PRODUCTS_TYPE_NAME) {
        add(
          `${at}.collectionId`,
          `refers to collection "${collectionId}", which is not a products collection (typeName "${PRODUCTS_TYPE_NAME}")`,
        );
      }
      const slug = asString(product.urlSlug);
      if (slug !== undefined) {
        const slugs = slugsByCollection.get(collectionId) ?? new Map<string, number>();
        slugsByCollection.set(collectionId, slugs);
        const first = slugs.get(slug);
        if (first !== undefined)
          add(
            `${at}.urlSlug`,
            `"${slug}" is already used by products[${first}] in collection "${collectionId}"`,
          );
        else slugs.set(slug, i);
      }
    }

    const formId = asString(product.additionalFieldsFormId);
    if (formId !== undefined && !formIds.has(formId)) {
      add(`${at}.additionalFieldsFormId`, `refers to form "${formId}", which the file does not define`);
    }

    if (isSet(product.onSale) && type !== ProductType.DIGITAL) {
      add(
        `${at}.onSale`,
        'only digital products carry their own onSale flag; set onSale on the variants instead',
      );
    }
    if (product.isSubscribable === true) {
      if (type === ProductType.GIFT_CARD) add(`${at}.isSubscribable`, 'a gift card cannot be subscribable');
      if (!isSet(product.subscriptionPlan))
        add(`${at}.subscriptionPlan`, 'is required when isSubscribable is true');
    } else if (isSet(product.subscriptionPlan)) {
      add(`${at}.subscriptionPlan`, 'applies only when isSubscribable is true');
    }
    if (product.useCustomAddButtonText === true && !asString(product.customAddButtonText)?.trim()) {
      add(`${at}.customAddButtonText`, 'is required when useCustomAddButtonText is true');
    }

    const variants = asArray(product.variants).map(asObject);
    const ordering = asArray(product.variantOptionOrdering).filter((o): o is string => typeof o === 'string');
    const seenOption = new Set<string>();
    for (const name of ordering) {
      if (seenOption.has(name)) add(`${at}.variantOptionOrdering`, `lists the option "${name}" twice`);
      seenOption.add(name);
    }
    const optionNames = isSet(product.variantOptionOrdering)
      ? [...seenOption]
      : Object.keys(asObject(variants[0]?.attributes) ?? {});
    const combinations = new Map<string, number>();

    variants.forEach((variant, j) => {
      if (!variant) return;
      const vat = `${at}.variants[${j}]`;
      const sku = asString(variant.sku)?.trim();
      if (sku) {
        const first = skus.get(sku);
        if (first !== undefined)
          add(`${vat}.sku`, `"${sku}" is already used by ${first}; SKUs must be unique across the file`);
        else skus.set(sku, vat);
      }

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
          `${vat}.attributes`,
          `must use exactly the product's options (${expected}): ${problems.join('; ')}`,
        );
      } else {
        const key = JSON.stringify(optionNames.map((n) => attributes[n]));
        const first = combinations.get(key);
        if (first !== undefined)
          add(
            `${vat}.attributes`,
            `repeats the option values of variants[${first}]; each variant needs its own combination`,
          );
        else combinations.set(key, j);
      }
      if (type === ProductType.GIFT_CARD && names.length === 0) {
        add(
          `${vat}.attributes`,
          'a gift card variant is a denomination: give it an attribute such as { "Amount": "$25" }',
        );
      }

      checkVariantMoney(variant, vat, type, product.onSale === true, currency, add);
      checkVariantStock(variant, vat, type, add);
    });
  });
  return errors;
}

function checkVariantMoney(
  variant: Raw,
  at: string,
  type: unknown,
  digitalOnSale: boolean,
  currency: string,
  add: (path: string, message: string) => void,
): void {
  const price = amount(variant, 'price', at, currency, add);
  if (price === 'absent')
    add(`${at}.price`, `is required: give price as a decimal string in ${currency}, or priceCents`);
  const sale = amount(variant, 'salePrice', at, currency, add);

  if (type === ProductType.GIFT_CARD) {
    if (isSet(variant.onSale) || sale !== 'absent')
      add(`${at}.onSale`, 'gift cards are never on sale; remove onSale and salePrice');
    return;
  }
  if (type === ProductType.DIGITAL && isSet(variant.onSale)) {
    add(`${at}.onSale`, "digital products use the product's own onSale flag, not the variant's");
  }
  const onSale = type === ProductType.DIGITAL ? digitalOnSale : variant.onSale === true;
  if (onSale && sale === 'absent') add(`${at}.salePrice`, 'is required when the item is on sale');
  if (typeof price === 'number' && typeof sale === 'number' && sale >= price) {
    add(`${at}.salePrice`, 'must be below the price');
  }
}

/** Reads `price`/`priceCents` (or the sale pair) as minor units; 'absent', or 'invalid' once reported. */
function amount(
  variant: Raw,
  key: 'price' | 'salePrice',
  at: string,
  currency: string,
  add: (path: string, message: string) => void,
): number | 'absent' | 'invalid' {
  const decimal = variant[key];
  const cents = variant[`${key}Cents`];
  if (isSet(decimal) && isSet(cents)) {
    add(`${at}.${key}`, `give either ${key} or ${key}Cents, not both`);
    return 'invalid';
  }
  if (typeof cents === 'number') return Number.isSafeInteger(cents) && cents >= 0 ? cents : 'invalid';
  if (typeof decimal !== 'string') return isSet(decimal) || isSet(cents) ? 'invalid' : 'absent';
  const digits = currencyFractionDigits(currency);
  const fraction = decimal.split('.')[1] ?? '';
  if (fraction.length > digits) {
    add(`${at}.${key}`, `"${decimal}" has more decimal places than ${currency} allows (${digits})`);
    return 'invalid';
  }
  try {
    return minorFromDecimal(decimal, currency);
  } catch {
    return 'invalid';
  }
}

function checkVariantStock(
  variant: Raw,
  at: string,
  type: unknown,
  add: (path: string, message: string) => void,
): void {
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD) {
    const kind = type === ProductType.DIGITAL ? 'digital products' : 'gift cards';
    if (variant.unlimited === false) add(`${at}.unlimited`, `${kind} always have unlimited stock`);
    if (isSet(variant.qtyInStock))
      add(`${at}.qtyInStock`, `${kind} always have unlimited stock; remove qtyInStock`);
    return;
  }
  if (variant.unlimited === true && isSet(variant.qtyInStock)) {
    add(`${at}.qtyInStock`, 'give either unlimited: true or qtyInStock, not both');
  }
  const needsCount = type === ProductType.PHYSICAL || type === ProductType.SERVICE;
  if (needsCount && variant.unlimited !== true && !isSet(variant.qtyInStock)) {
    add(
      `${at}.qtyInStock`,
      'is required for physical and service variants (a whole number ≥ 0), unless unlimited is true',
    );
  }
}

/** Records the first index of each id; reports repeats. Returns id → first index. */
function uniqueIds(
  items: (Raw | undefined)[],
  listPath: string,
  noun: string,
  add: (path: string, message: string) => void,
): Map<string, number> {
  return uniqueValues(
    items,
    'id',
    listPath,
    (first) => `is already the id of another ${noun} (${listPath}[${first}]); ids must be unique`,
    add,
  );
}

function uniqueValues(
  items: (Raw | undefined)[],
  key: string,
  listPath: string,
  message: (firstIndex: number) => string,
  add: (path: string, message: string) => void,
): Map<string, number> {
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    const value = asString(item?.[key]);
    if (value === undefined) return;
    const first = seen.get(value);
    if (first !== undefined) add(`${listPath}[${i}].${key}`, message(first));
    else seen.set(value, i);
  });
  return seen;
}

/** The file's list key for each table whose ids are checked against other websites. */
const LIST_KEYS = {
  forms: 'forms',
  collections: 'collections',
  products: 'products',
  tax_rules: 'taxRules',
  shipping_options: 'shippingOptions',
} as const;

/**
 * Conflicts with rows already stored: ids another website owns (importing would move its rows),
 * and URL slugs held by a collection or product that the file does not list.
 */
async function checkExisting(
  db: Parameters<typeof findForeignOwners>[0],
  file: CatalogFile,
): Promise<ImportError[]> {
  const websiteId = file.website.id;
  const errors: ImportError[] = [];
  const lists = [
    ['forms', file.forms.map((f) => f.id)],
    ['collections', file.collections.map((c) => c.id)],
    ['products', file.products.map((p) => p.id)],
    ['tax_rules', (file.taxRules ?? []).map((r) => r.id)],
    ['shipping_options', (file.shippingOptions ?? []).map((o) => o.id)],
  ] as const;
  for (const [table, ids] of lists) {
    const owners = await findForeignOwners(db, table, websiteId, [...ids]);
    ids.forEach((id, i) => {
      const owner = owners.get(id);
      if (owner !== undefined)
        errors.push({
          path: `${LIST_KEYS[table]}[${i}].id`,
          message: `"${id}" already belongs to website "${owner}"`,
        });
    });
  }

  const collectionIds = new Set(file.collections.map((c) => c.id));
  const collectionHolders = await findCollectionsBySlug(
    db,
    websiteId,
    file.collections.map((c) => c.urlSlug),
  );
  file.collections.forEach((c, i) => {
    const holder = collectionHolders.find(
      (h) => h.url_slug === c.urlSlug && h.id !== c.id && !collectionIds.has(h.id),
    );
    if (holder)
      errors.push({
        path: `collections[${i}].urlSlug`,
        message: `"${c.urlSlug}" is already used by collection "${holder.id}" of this website`,
      });
  });

  const productIds = new Set(file.products.map((p) => p.id));
  const productHolders = await findProductsBySlug(
    db,
    websiteId,
    file.products.map((p) => p.urlSlug),
  );
  file.products.forEach((p, i) => {
    const holder = productHolders.find(
      (h) =>
        h.url_slug === p.urlSlug &&
        h.collection_id === p.collectionId &&
        h.id !== p.id &&
        !productIds.has(h.id),
    );
    if (holder) {
      errors.push({
        path: `products[${i}].urlSlug`,
        message: `"${p.urlSlug}" is already used by product "${holder.id}" in collection "${p.collectionId}"`,
      });
    }
  });
  return errors;
}

// ---- File → rows ------------------------------------------------------------------------------

const flag = (b: boolean | undefined): number => (b ? 1 : 0);

function toRows(file: CatalogFile, now: number): CatalogRows {
  const { website } = file;
  const websiteId = website.id;
  const currency = website.currency;
  const settings = file.storeSettings;
  const positionInCollection = new Map<string, number>();

  const products = file.products.map((p) => {
    const position = positionInCollection.get(p.collectionId) ?? 0;
    positionInCollection.set(p.collectionId, position + 1);
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
      position,
      created_at: now,
      updated_at: now,
    };
  });

  const variants = file.products.flatMap((p) => {
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
      };
    });
  });

  return {
    website: {
      id: websiteId,
      site_title: website.siteTitle,
      time_zone: website.timeZone,
      currency,
      locale: website.locale,
      created_at: now,
    },
    storeSettings: settings
      ? {
          website_id: websiteId,
          use_light_cart: flag(settings.useLightCart),
          restock_notifications_success_text: settings.restockNotificationsSuccessText,
          display_native_product_reviews_enabled: flag(settings.displayNativeProductReviewsEnabled),
          display_imported_product_reviews_enabled: flag(settings.displayImportedProductReviewsEnabled),
          multiple_quantity_allowed_for_services: flag(settings.multipleQuantityAllowedForServices),
          installments_available: flag(settings.installments.afterPayAvailable),
          installments_min_cents: settings.installments.afterPayMin,
          installments_max_cents: settings.installments.afterPayMax,
          installments_account_country: settings.installments.stripeAccountCountry,
          installments_shopper_language: settings.installments.shopperLanguage,
        }
      : null,
    forms: file.forms.map((f) => ({
      id: f.id,
      website_id: websiteId,
      name: f.name,
      fields: JSON.stringify(f.fields),
      success_redirect: f.successRedirect,
      captcha_enabled: flag(f.captchaEnabled),
    })),
    collections: file.collections.map((c, position) => ({
      id: c.id,
      website_id: websiteId,
      type: c.type,
      type_name: c.typeName,
      title: c.title,
      url_slug: c.urlSlug,
      description: c.description ?? null,
      position,
    })),
    products,
    variants,
    taxRules:
      file.taxRules?.map((r, position) => ({
        id: r.id,
        website_id: websiteId,
        name: r.name,
        country: r.country,
        region: r.region ?? null,
        rate_percent: r.ratePercent,
        applies_to_shipping: flag(r.appliesToShipping),
        position,
      })) ?? null,
    shippingOptions:
      file.shippingOptions?.map((o, position) => ({
        id: o.id,
        website_id: websiteId,
        name: o.name,
        cost_cents: o.costCents,
        free_over_cents: o.freeOverCents ?? null,
        countries: JSON.stringify(o.countries),
        position,
      })) ?? null,
    coupons:
      file.coupons?.map((c) => {
        const code = c.code.toUpperCase();
        return {
          id: couponId(websiteId, code),
          website_id: websiteId,
          code,
          type: c.type,
          percent: c.percent ?? null,
          amount_cents: c.amountCents ?? null,
          min_subtotal_cents: c.minSubtotalCents ?? null,
          valid_from: c.validFrom ?? null,
          valid_until: c.validUntil ?? null,
          active: flag(c.active),
          applies_to_gift_cards: flag(c.appliesToGiftCards),
          combinable: flag(c.combinable),
          max_uses: c.maxUses ?? null,
          max_uses_per_customer: c.maxUsesPerCustomer ?? null,
        };
      }) ?? null,
  };
}

/** Coupon ids are derived from website and code, so a re-import finds the same row. */
function couponId(websiteId: string, code: string): string {
  return `cp_${crypto.createHash('sha256').update(`${websiteId}\u0000${code}`).digest('hex').slice(0, 32)}`;
}

/** The product's option names in display order: as listed, or in the first variant's key order. */
function optionOrdering(product: CatalogProduct): string[] {
  return product.variantOptionOrdering ?? Object.keys(product.variants[0]?.attributes ?? {});
}

function countsOf(rows: CatalogRows): ImportCounts {
  return {
    websites: 1,
    storeSettings: rows.storeSettings ? 1 : 0,
    forms: rows.forms.length,
    collections: rows.collections.length,
    products: rows.products.length,
    variants: rows.variants.length,
    ...(rows.taxRules ? { taxRules: rows.taxRules.length } : {}),
    ...(rows.shippingOptions ? { shippingOptions: rows.shippingOptions.length } : {}),
    ...(rows.coupons ? { coupons: rows.coupons.length } : {}),
  };
}

// ---- Error paths ------------------------------------------------------------------------------

function fromZodIssue(issue: z.core.$ZodIssue): ImportError {
  return { path: formatPath(issue.path), message: issue.message };
}

/** ['products', 3, 'variants', 1, 'sku'] → 'products[3].variants[1].sku'. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (typeof part === 'string' && /^[A-Za-z_$][\w$]*$/.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(String(part))}]`;
  }
  return out;
}

function dedupe(errors: ImportError[]): ImportError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.path}\u0000${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
