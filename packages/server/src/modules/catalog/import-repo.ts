/** SQL of the catalog import: ownership look-ups and the upserts, all inside one transaction. */
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/index.js';

export interface CatalogRows {
  website: Insertable<DB['websites']>;
  storeSettings: Insertable<DB['store_settings']> | null;
  forms: Insertable<DB['forms']>[];
  collections: Insertable<DB['collections']>[];
  products: Insertable<DB['products']>[];
  variants: Insertable<DB['variants']>[];
  /** null when the file has no such list (stored rows are kept as they are). */
  taxRules: Insertable<DB['tax_rules']>[] | null;
  shippingOptions: Insertable<DB['shipping_options']>[] | null;
  coupons: Insertable<DB['coupons']>[] | null;
}

/** Rows per multi-row INSERT: keeps every statement well under SQLite's bound-parameter limit. */
const CHUNK_ROWS = 100;

type OwnedTable = 'collections' | 'products' | 'forms' | 'tax_rules' | 'shipping_options';

/** Ids among `ids` that already belong to another website, with that website's id. */
export async function findForeignOwners(
  db: Kysely<DB>,
  table: OwnedTable,
  websiteId: string,
  ids: string[],
): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom(table)
      .select(['id', 'website_id'])
      .where('id', 'in', part)
      .where('website_id', '<>', websiteId)
      .execute();
    for (const row of rows) owners.set(row.id, row.website_id);
  }
  return owners;
}

/** Collections of the website whose url_slug is one of `slugs`. */
export async function findCollectionsBySlug(db: Kysely<DB>, websiteId: string, slugs: string[]) {
  const rows: { id: string; url_slug: string }[] = [];
  for (const part of chunks(slugs)) {
    rows.push(
      ...(await db
        .selectFrom('collections')
        .select(['id', 'url_slug'])
        .where('website_id', '=', websiteId)
        .where('url_slug', 'in', part)
        .execute()),
    );
  }
  return rows;
}

/** Products of the website whose url_slug is one of `slugs`, with their collection. */
export async function findProductsBySlug(db: Kysely<DB>, websiteId: string, slugs: string[]) {
  const rows: { id: string; collection_id: string; url_slug: string }[] = [];
  for (const part of chunks(slugs)) {
    rows.push(
      ...(await db
        .selectFrom('products')
        .select(['id', 'collection_id', 'url_slug'])
        .where('website_id', '=', websiteId)
        .where('url_slug', 'in', part)
        .execute()),
    );
  }
  return rows;
}

export async function countWebsites(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('websites')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Writes every row: insert, or update in place when the key exists (id; (website_id, sku) for
 * variants). Variants of the imported products that the file no longer lists are deleted, so a
 * product's variants are exactly the file's. created_at of existing rows is kept.
 */
export async function writeCatalog(trx: Transaction<DB>, rows: CatalogRows): Promise<void> {
  await trx
    .insertInto('websites')
    .values(rows.website)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        site_title: eb.ref('excluded.site_title'),
        time_zone: eb.ref('excluded.time_zone'),
        currency: eb.ref('excluded.currency'),
        locale: eb.ref('excluded.locale'),
        announcement: eb.ref('excluded.announcement'),
        footer: eb.ref('excluded.footer'),
      })),
    )
    .execute();

  if (rows.storeSettings) {
    await trx
      .insertInto('store_settings')
      .values(rows.storeSettings)
      .onConflict((oc) =>
        oc.column('website_id').doUpdateSet((eb) => ({
          use_light_cart: eb.ref('excluded.use_light_cart'),
          restock_notifications_success_text: eb.ref('excluded.restock_notifications_success_text'),
          display_native_product_reviews_enabled: eb.ref('excluded.display_native_product_reviews_enabled'),
          display_imported_product_reviews_enabled: eb.ref(
            'excluded.display_imported_product_reviews_enabled',
          ),
          multiple_quantity_allowed_for_services: eb.ref('excluded.multiple_quantity_allowed_for_services'),
          installments_available: eb.ref('excluded.installments_available'),
          installments_min_cents: eb.ref('excluded.installments_min_cents'),
          installments_max_cents: eb.ref('excluded.installments_max_cents'),
          installments_account_country: eb.ref('excluded.installments_account_country'),
          installments_shopper_language: eb.ref('excluded.installments_shopper_language'),
        })),
      )
      .execute();
  }

  for (const part of chunks(rows.forms)) {
    await trx
      .insertInto('forms')
      .values(part)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          website_id: eb.ref('excluded.website_id'),
          name: eb.ref('excluded.name'),
          fields: eb.ref('excluded.fields'),
          success_redirect: eb.ref('excluded.success_redirect'),
          captcha_enabled: eb.ref('excluded.captcha_enabled'),
          notification_emails: eb.ref('excluded.notification_emails'),
        })),
      )
      .execute();
  }

  for (const part of chunks(rows.collections)) {
    await trx
      .insertInto('collections')
      .values(part)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          website_id: eb.ref('excluded.website_id'),
          type: eb.ref('excluded.type'),
          type_name: eb.ref('excluded.type_name'),
          title: eb.ref('excluded.title'),
          url_slug: eb.ref('excluded.url_slug'),
          description: eb.ref('excluded.description'),
          position: eb.ref('excluded.position'),
        })),
      )
      .execute();
  }

  const productIds = rows.products.map((p) => p.id);
  const skus = rows.variants.map((v) => v.sku);
  for (const part of chunks(productIds)) {
    let del = trx
      .deleteFrom('variants')
      .where('website_id', '=', rows.website.id)
      .where('product_id', 'in', part);
    if (skus.length > 0) del = del.where('sku', 'not in', skus);
    await del.execute();
  }

  for (const part of chunks(rows.products)) {
    await trx
      .insertInto('products')
      .values(part)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          website_id: eb.ref('excluded.website_id'),
          collection_id: eb.ref('excluded.collection_id'),
          record_type: eb.ref('excluded.record_type'),
          product_type: eb.ref('excluded.product_type'),
          name: eb.ref('excluded.name'),
          url_slug: eb.ref('excluded.url_slug'),
          description: eb.ref('excluded.description'),
          excerpt: eb.ref('excluded.excerpt'),
          images: eb.ref('excluded.images'),
          on_sale: eb.ref('excluded.on_sale'),
          is_subscribable: eb.ref('excluded.is_subscribable'),
          subscription_plan: eb.ref('excluded.subscription_plan'),
          product_subscription_options: eb.ref('excluded.product_subscription_options'),
          additional_fields_form_id: eb.ref('excluded.additional_fields_form_id'),
          use_custom_add_button_text: eb.ref('excluded.use_custom_add_button_text'),
          custom_add_button_text: eb.ref('excluded.custom_add_button_text'),
          audio_asset_url: eb.ref('excluded.audio_asset_url'),
          variant_option_ordering: eb.ref('excluded.variant_option_ordering'),
          merchandising: eb.ref('excluded.merchandising'),
          express_checkout: eb.ref('excluded.express_checkout'),
          multiple_quantity_allowed: eb.ref('excluded.multiple_quantity_allowed'),
          donation: eb.ref('excluded.donation'),
          position: eb.ref('excluded.position'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }

  await upsertVariants(trx, rows.variants);
}

/**
 * Writes variants by (website, sku): new SKUs inserted, known ones updated in place (their stock
 * included), so an order's lines keep pointing at the same rows. The import and the owner's editor.
 */
export async function upsertVariants(trx: Kysely<DB>, variants: Insertable<DB['variants']>[]): Promise<void> {
  for (const part of chunks(variants)) {
    await trx
      .insertInto('variants')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['website_id', 'sku']).doUpdateSet((eb) => ({
          product_id: eb.ref('excluded.product_id'),
          attributes: eb.ref('excluded.attributes'),
          price_cents: eb.ref('excluded.price_cents'),
          sale_price_cents: eb.ref('excluded.sale_price_cents'),
          on_sale: eb.ref('excluded.on_sale'),
          qty_in_stock: eb.ref('excluded.qty_in_stock'),
          unlimited: eb.ref('excluded.unlimited'),
          position: eb.ref('excluded.position'),
        })),
      )
      .execute();
  }
}

/** Tax rules and shipping options upsert by id, coupons by code within the website. */
export async function writePricing(trx: Transaction<DB>, rows: CatalogRows): Promise<void> {
  for (const part of chunks(rows.taxRules ?? [])) {
    await trx
      .insertInto('tax_rules')
      .values(part)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          country: eb.ref('excluded.country'),
          region: eb.ref('excluded.region'),
          rate_percent: eb.ref('excluded.rate_percent'),
          applies_to_shipping: eb.ref('excluded.applies_to_shipping'),
          position: eb.ref('excluded.position'),
        })),
      )
      .execute();
  }
  for (const part of chunks(rows.shippingOptions ?? [])) {
    await trx
      .insertInto('shipping_options')
      .values(part)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          cost_cents: eb.ref('excluded.cost_cents'),
          free_over_cents: eb.ref('excluded.free_over_cents'),
          countries: eb.ref('excluded.countries'),
          position: eb.ref('excluded.position'),
        })),
      )
      .execute();
  }
  for (const part of chunks(rows.coupons ?? [])) {
    await trx
      .insertInto('coupons')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['website_id', 'code']).doUpdateSet((eb) => ({
          type: eb.ref('excluded.type'),
          percent: eb.ref('excluded.percent'),
          amount_cents: eb.ref('excluded.amount_cents'),
          min_subtotal_cents: eb.ref('excluded.min_subtotal_cents'),
          valid_from: eb.ref('excluded.valid_from'),
          valid_until: eb.ref('excluded.valid_until'),
          active: eb.ref('excluded.active'),
          applies_to_gift_cards: eb.ref('excluded.applies_to_gift_cards'),
          combinable: eb.ref('excluded.combinable'),
          max_uses: eb.ref('excluded.max_uses'),
          max_uses_per_customer: eb.ref('excluded.max_uses_per_customer'),
        })),
      )
      .execute();
  }
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK_ROWS) out.push(items.slice(i, i + CHUNK_ROWS));
  return out;
}
