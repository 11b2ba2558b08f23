import type {
  CommerceProduct,
  CommerceVariant,
  DonationRules,
  ProductTypeNumber,
  SubscriptionPlan,
} from '@storefront/commerce';
import { readCache } from '../../db/read-cache.js';
import type { RequestContext } from '../../platform/context.js';
import { type ResolvedImage, resolveImages } from '../media/service.js';
import {
  type CollectionRow,
  findCollectionSlugs,
  findProductById,
  findProductBySlug,
  findProductsByIds,
  listCollections,
  listProductsInCollection,
  listVariants,
  type ProductRow,
  searchProductRows,
  updateCollectionMemberProducts,
  upsertCollection,
  type VariantRow,
} from './repo.js';

/** Variants written by (website, sku): the import and the owner's product editor. */
export { upsertVariants } from './import-repo.js';

/**
 * A product image: stored either as a URL (imported catalogs) or as an uploaded image's id,
 * which is resolved on read to its URL, alt text, size, width variants and focal point.
 */
export interface ProductImage {
  assetUrl: string;
  altText?: string;
  originalSize?: string;
  mediaId?: string;
  /** '{W}x{H},100w,300w,…' for uploaded images: the theme's image-srcset reads it. */
  systemDataVariants?: string;
  mediaFocalPoint?: { x: number; y: number };
}

/** How a product row stores an image: a URL, or an uploaded image by id. */
type StoredImage = Omit<ProductImage, 'mediaId'> | { mediaId: string };

/** Spec §3 "Merchandising context per product id". */
export interface Merchandising {
  restockNotificationViews?: unknown;
  restockNotificationMessages?: {
    buttonText?: string;
    CTAText?: string;
    placeholderText?: string;
    mailingListDescription?: string;
  };
  mailingListSignUpEnabled?: boolean;
  mailingListOptInByDefault?: boolean;
  scarcityEnabled?: boolean;
  scarcityTemplateViews?: unknown;
  scarcityText?: string;
  scarcityShownByDefault?: boolean;
  customSoldOutText?: string;
  variantSelector?: 'dropdown' | 'radio';
}

export interface Collection {
  id: string;
  title: string;
  type: number;
  typeName: string;
  urlSlug: string;
  fullUrl: string;
  description: string | null;
  /** Spec §3 Collection: folder, folderBehavior; the folder it sits in. */
  folder: boolean;
  folderBehavior: number | null;
  parentId: string | null;
  /** Served at its URL without a header link (policy pages the footer links to). */
  notLinked: boolean;
  /** The paywall products whose buyers may open the whole collection (member areas); empty: open. */
  memberProducts: string[];
}

/** A product as the storefront shows it: the commerce model plus what a page needs. */
export interface CatalogProduct extends CommerceProduct {
  collectionId: string;
  recordType: number;
  urlSlug: string;
  fullUrl: string;
  description: string | null;
  excerpt: string | null;
  images: ProductImage[];
  audioAssetUrl: string | null;
  productSubscriptionOptions: { id: string; title?: string }[] | null;
  merchandising: Merchandising | null;
  /** Adding to the cart goes straight on to checkout (spec §4 step 6). */
  expressCheckout: boolean;
  /** A donation: the visitor types the amount within these rules; null for other products. */
  donation: DonationRules | null;
  /** What product lists filter by. */
  categories: string[];
  tags: string[];
  /** The owner's order in the collection, and when the product was made (list sorts). */
  position: number;
  createdAt: number;
  /** sku → index in `images` of the image shown when that variant is picked. */
  variantImages: Record<string, number>;
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (text == null || text === '') return fallback;
  return JSON.parse(text) as T;
}

export function toCollection(row: CollectionRow): Collection {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    typeName: row.type_name,
    urlSlug: row.url_slug,
    fullUrl: `/${row.url_slug}`,
    description: row.description,
    folder: !!row.folder,
    folderBehavior: row.folder_behavior,
    parentId: row.parent_id,
    notLinked: !!row.not_linked,
    memberProducts: row.member_products ? (JSON.parse(row.member_products) as string[]) : [],
  };
}

function toVariant(row: VariantRow): CommerceVariant {
  return {
    sku: row.sku,
    attributes: parseJson<Record<string, string>>(row.attributes, {}),
    priceCents: row.price_cents,
    salePriceCents: row.sale_price_cents,
    onSale: !!row.on_sale,
    qtyInStock: row.qty_in_stock,
    unlimited: !!row.unlimited,
  };
}

function toProduct(
  row: ProductRow,
  collectionSlug: string,
  variants: VariantRow[],
  images: StoredImage[],
  media: Map<string, ResolvedImage>,
): CatalogProduct {
  // An image deleted from the library since the product was saved is left out.
  const shown = images.flatMap((img): { key: string; image: ProductImage }[] => {
    if (!('mediaId' in img)) return [{ key: img.assetUrl, image: img }];
    const resolved = media.get(img.mediaId);
    return resolved ? [{ key: img.mediaId, image: resolved }] : [];
  });
  const variantImages: Record<string, number> = {};
  for (const v of variants) {
    const index = v.image == null ? -1 : shown.findIndex((s) => s.key === v.image);
    if (index >= 0) variantImages[v.sku] = index;
  }
  return {
    id: row.id,
    name: row.name,
    productType: row.product_type as ProductTypeNumber,
    variants: variants.map(toVariant),
    variantOptionOrdering: parseJson<string[]>(row.variant_option_ordering, []),
    onSale: !!row.on_sale,
    isSubscribable: !!row.is_subscribable,
    subscriptionPlan: parseJson<SubscriptionPlan | null>(row.subscription_plan, null),
    additionalFieldsFormId: row.additional_fields_form_id,
    useCustomAddButtonText: !!row.use_custom_add_button_text,
    customAddButtonText: row.custom_add_button_text ?? undefined,
    multipleQuantityAllowed: !!row.multiple_quantity_allowed,
    collectionId: row.collection_id,
    recordType: row.record_type,
    urlSlug: row.url_slug,
    fullUrl: `/${collectionSlug}/p/${row.url_slug}`,
    description: row.description,
    excerpt: row.excerpt,
    images: shown.map((s) => s.image),
    audioAssetUrl: row.audio_asset_url,
    productSubscriptionOptions: parseJson<{ id: string; title?: string }[] | null>(
      row.product_subscription_options,
      null,
    ),
    merchandising: parseJson<Merchandising | null>(row.merchandising, null),
    expressCheckout: !!row.express_checkout,
    donation: parseJson<DonationRules | null>(row.donation ?? null, null),
    categories: parseJson<string[]>(row.categories, []),
    tags: parseJson<string[]>(row.tags, []),
    position: row.position,
    createdAt: row.created_at,
    variantImages,
  };
}

async function withVariants(
  ctx: RequestContext,
  rows: ProductRow[],
  slugOf: (r: ProductRow) => string,
): Promise<CatalogProduct[]> {
  const variants = await listVariants(
    ctx.db,
    rows.map((r) => r.id),
  );
  const byProduct = new Map<string, VariantRow[]>();
  for (const v of variants) {
    const list = byProduct.get(v.product_id);
    if (list) list.push(v);
    else byProduct.set(v.product_id, [v]);
  }
  const images = rows.map((r) => parseJson<StoredImage[]>(r.images, []));
  const mediaIds = images.flat().flatMap((img) => ('mediaId' in img ? [img.mediaId] : []));
  const media = mediaIds.length > 0 ? await resolveImages(ctx, mediaIds) : new Map<string, ResolvedImage>();
  return rows.map((r, i) => toProduct(r, slugOf(r), byProduct.get(r.id) ?? [], images[i], media));
}

export async function getCollections(ctx: RequestContext): Promise<Collection[]> {
  return (await listCollections(ctx.db, ctx.websiteId)).map(toCollection);
}

export interface CollectionInput {
  id: string;
  title: string;
  urlSlug: string;
  type: number;
  typeName: string;
  description?: string | null;
  folder?: boolean;
  folderBehavior?: number | null;
  parentId?: string | null;
  position?: number;
  notLinked?: boolean;
}

/** Adds a collection, or updates the one with this id (content imports make their blog and pages). */
export async function saveCollection(ctx: RequestContext, input: CollectionInput): Promise<Collection> {
  const row = {
    id: input.id,
    website_id: ctx.websiteId,
    type: input.type,
    type_name: input.typeName,
    title: input.title,
    url_slug: input.urlSlug,
    description: input.description ?? null,
    position: input.position ?? 0,
    folder: input.folder ? 1 : 0,
    folder_behavior: input.folderBehavior ?? null,
    parent_id: input.parentId ?? null,
    not_linked: input.notLinked ? 1 : 0,
  };
  await upsertCollection(ctx.db, row);
  // Read back: the collection's paywall products are the owner's and an import leaves them as they were.
  return (await getCollections(ctx)).find((c) => c.id === row.id)!;
}

/** Stores the paywall products (a JSON array, null: none) that open a whole collection (member areas). */
export async function setCollectionMemberProducts(
  ctx: RequestContext,
  collectionId: string,
  memberProducts: string | null,
): Promise<void> {
  await updateCollectionMemberProducts(ctx.db, ctx.websiteId, collectionId, memberProducts);
}

/** Published products whose name or description holds every word, for the site's search. */
export async function searchProducts(ctx: RequestContext, words: readonly string[], limit: number) {
  if (words.length === 0) return [];
  const rows = await searchProductRows(ctx.db, ctx.websiteId, words, limit);
  const collections = new Map((await listCollections(ctx.db, ctx.websiteId)).map((c) => [c.id, c.url_slug]));
  return withVariants(ctx, rows, (r) => collections.get(r.collection_id) ?? '');
}

export async function getCollectionProducts(
  ctx: RequestContext,
  collection: Collection,
): Promise<CatalogProduct[]> {
  const rows = await listProductsInCollection(ctx.db, collection.id);
  return withVariants(ctx, rows, () => collection.urlSlug);
}

export async function getProductBySlug(
  ctx: RequestContext,
  collection: Collection,
  slug: string,
): Promise<CatalogProduct | null> {
  const row = await findProductBySlug(ctx.db, collection.id, slug);
  if (!row) return null;
  const [product] = await withVariants(ctx, [row], () => collection.urlSlug);
  return product;
}

export async function getProductById(ctx: RequestContext, id: string): Promise<CatalogProduct | null> {
  const found = await findProductById(ctx.db, ctx.websiteId, id);
  if (!found) return null;
  const [product] = await withVariants(ctx, [found.row], () => found.collectionSlug ?? '');
  return product;
}

/** Products kept by `pricedProduct`: a store's best sellers. */
const PRICED_PRODUCT_CACHE_SIZE = 256;
const pricedProducts = readCache<CatalogProduct | null>(PRICED_PRODUCT_CACHE_SIZE);

/**
 * `getProductById` as carts and checkout read it on every add and order: kept until this process
 * writes the catalog, and at most READ_CACHE_TTL_MS (db/read-cache.ts; its product and variants
 * were 2 of an add's 3 statements). Its stock may be that old, never an order's: the order takes
 * stock with a conditional decrement. A transaction calls it before it writes the catalog.
 */
export function pricedProduct(ctx: RequestContext, id: string): Promise<CatalogProduct | null> {
  return pricedProducts.get(ctx.db, `${ctx.websiteId}\u0000${id}`, () => getProductById(ctx, id));
}

/**
 * Products by id, published or not (a cart keeps showing a line whose product was unpublished),
 * with their variants and URLs; ids with no product are left out.
 */
export async function getProductsByIds(
  ctx: RequestContext,
  ids: readonly string[],
): Promise<CatalogProduct[]> {
  const rows = await findProductsByIds(ctx.db, [...new Set(ids)]);
  if (rows.length === 0) return [];
  const slugs = new Map(
    (await findCollectionSlugs(ctx.db, [...new Set(rows.map((r) => r.collection_id))])).map((c) => [
      c.id,
      c.url_slug,
    ]),
  );
  return withVariants(ctx, rows, (r) => slugs.get(r.collection_id) ?? '');
}

/** itemId → additional-fields form id, for the products among `itemIds` that have a form. */
export async function getProductFormIds(
  ctx: RequestContext,
  itemIds: readonly string[],
): Promise<Record<string, string>> {
  const rows = await findProductsByIds(ctx.db, [...new Set(itemIds)]);
  const forms: Record<string, string> = {};
  for (const r of rows)
    if (r.website_id === ctx.websiteId && r.additional_fields_form_id)
      forms[r.id] = r.additional_fields_form_id;
  return forms;
}
