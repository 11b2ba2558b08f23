/**
 * Catalog import: validates a whole file (shape, then how its parts relate), converts it to rows
 * and writes them in one transaction. A file with any error writes nothing. Format:
 * docs/import-format.md.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { DEFAULT_CURRENCY, isCurrencyCode } from '@storefront/commerce';
import type { z } from 'zod';
import type { Database } from '../../db/index.js';
import { SERVER_PACKAGE_DIR } from '../../platform/package-dir.js';
import {
  type CatalogRows,
  countWebsites,
  findCollectionsBySlug,
  findForeignOwners,
  findProductsBySlug,
  writeCatalog,
  writePricing,
} from './import-repo.js';
import { type CatalogFile, catalogFileSchema } from './import-schema.js';
import {
  asArray,
  asObject,
  asString,
  checkProductRules,
  productRow,
  type Raw,
  variantRows,
} from './product-rules.js';

export { variantId } from './product-rules.js';

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
export const DEMO_STORE_URL = new URL('seed/demo-store.json', SERVER_PACKAGE_DIR);

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

// ---- Validation of how the parts of the file relate ------------------------------------------

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
  const skus = { seen: new Map<string, string>(), scope: 'across the file' };

  products.forEach((product, i) => {
    if (!product) return;
    const at = `products[${i}]`;

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

    checkProductRules(product, at, currency, skus, add);
  });
  return errors;
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
    return productRow(p, websiteId, position, now);
  });
  const variants = file.products.flatMap((p) => variantRows(p, websiteId, currency));

  return {
    website: {
      id: websiteId,
      site_title: website.siteTitle,
      time_zone: website.timeZone,
      currency,
      locale: website.locale,
      created_at: now,
      announcement: website.announcement?.text ? JSON.stringify(website.announcement) : null,
      footer: website.footer ? JSON.stringify(website.footer) : null,
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
      success_text: f.successText,
      post_submit_html: f.postSubmitHtml,
      page_slug: f.pageSlug,
      captcha_enabled: flag(f.captchaEnabled),
      notification_emails: JSON.stringify(f.notificationEmails),
      mailing_list_id: f.mailingListId,
      newsletter_on_form_pages: flag(f.newsletterOnFormPages),
      newsletter_popup: flag(f.newsletterPopup),
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
