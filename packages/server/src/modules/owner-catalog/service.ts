/**
 * The owner's catalog: list, read, create and edit products of every type, publish them, and
 * attach a digital product's file. A product is checked by the catalog import's own rules
 * (catalog/import-schema.ts, catalog/product-rules.ts), then against what is stored.
 */
import type { Readable } from 'node:stream';
import {
  MESSAGES,
  ProductType,
  type ProductTypeNumber,
  type StockLevel,
  stockLevel,
} from '@storefront/commerce';
import type { Insertable, Selectable, Transaction } from 'kysely';
import type { DB, ProductTable, VariantTable } from '../../db/schema.js';
import type { RequestContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { type AuditActor, recordAudit } from '../audit/service.js';
import { formatPath, PRODUCTS_TYPE_NAME } from '../catalog/import.js';
import { asObject, checkProductRules, productRow, variantRows } from '../catalog/product-rules.js';
import { upsertVariants } from '../catalog/service.js';
import { getFormSchema, saveProductFormFields } from '../forms/service.js';
import {
  getFiles,
  type MediaFile,
  type ResolvedImage,
  removeMedia,
  resolveImages,
  uploadFile,
} from '../media/service.js';
import type { MediaStorage } from '../media/storage.js';
import {
  countProducts,
  deleteProduct as deleteProductRows,
  deleteVariantsNotIn,
  findCollection,
  findProduct,
  findSkuHolders,
  findSlugHolder,
  formExists,
  hasSales,
  insertProduct,
  listCollectionsOfType,
  listProducts as listProductRows,
  nextPosition,
  productsUsingForm,
  productsUsingMedia,
  setDigitalFile,
  setPublished,
  updateProduct as updateProductRow,
  variantsOf,
} from './repo.js';
import {
  type AdditionalFieldsForm,
  PRODUCTS_PAGE_SIZE,
  type ProductEditorInput,
  type ProductEditorPayload,
  type ProductListQuery,
  productEditorSchema,
} from './schema.js';

type ProductRow = Selectable<ProductTable> & { collection_slug: string };
type VariantRow = Selectable<VariantTable>;

/** A row of the owner's product list. */
export interface ProductSummary {
  id: string;
  name: string;
  productType: number;
  urlSlug: string;
  fullUrl: string;
  published: boolean;
  /** The first image's small variant (or its URL), for the list's thumbnail. */
  thumbnailUrl: string | null;
  skus: string[];
  /** The lowest price among the variants, in minor units. */
  priceCents: number | null;
  stock: { level: StockLevel /** null when any variant is unlimited. */; total: number | null };
  updatedAt: number;
}

/** A product as the editor loads it: the payload it saves back, plus what it shows beside it. */
export type ProductDetail = ProductEditorInput & {
  id: string;
  published: boolean;
  fullUrl: string;
  /** A digital product's file, delivered by its download links. */
  digitalFile: MediaFile | null;
  /** Other products whose additional-fields form is this one's: editing it changes theirs. */
  formSharedWith: string[];
  /** The images with their URLs, in the payload's order, for previews. */
  imagePreviews: { mediaId: string | null; url: string; thumbnailUrl: string; altText: string }[];
  createdAt: number;
  updatedAt: number;
};

/** The list's thumbnail: the 300w variant fills a 150 px cell on a 2× screen. */
const THUMBNAIL_WIDTH = '300';

const fullUrlOf = (row: ProductRow) => `/${row.collection_slug}/p/${row.url_slug}`;

type StoredImage = { mediaId: string } | { assetUrl: string; altText?: string; originalSize?: string };

type Preview = ProductDetail['imagePreviews'][number];

async function previews(ctx: RequestContext, rows: ProductRow[]): Promise<Preview[][]> {
  const images = rows.map((r) => JSON.parse(r.images) as StoredImage[]);
  const ids = images.flat().flatMap((i) => ('mediaId' in i ? [i.mediaId] : []));
  const media = ids.length > 0 ? await resolveImages(ctx, ids) : new Map<string, ResolvedImage>();
  return images.map((list) =>
    list.flatMap((img): Preview[] => {
      if (!('mediaId' in img))
        return [{ mediaId: null, url: img.assetUrl, thumbnailUrl: img.assetUrl, altText: img.altText ?? '' }];
      const resolved = media.get(img.mediaId);
      if (!resolved) return [];
      const hasThumbnail = resolved.systemDataVariants.split(',').includes(`${THUMBNAIL_WIDTH}w`);
      return [
        {
          mediaId: img.mediaId,
          url: resolved.assetUrl,
          thumbnailUrl: hasThumbnail ? `${resolved.assetUrl}?format=${THUMBNAIL_WIDTH}w` : resolved.assetUrl,
          altText: resolved.altText ?? '',
        },
      ];
    }),
  );
}

function byProduct(variants: VariantRow[]): Map<string, VariantRow[]> {
  const map = new Map<string, VariantRow[]>();
  for (const v of variants) map.set(v.product_id, [...(map.get(v.product_id) ?? []), v]);
  return map;
}

function stockOf(variants: VariantRow[]): ProductSummary['stock'] {
  const levels = variants.map((v) => stockLevel({ unlimited: !!v.unlimited, qtyInStock: v.qty_in_stock }));
  const level: StockLevel = levels.every((l) => l === 'out') ? 'out' : levels.includes('low') ? 'low' : 'in';
  const total = variants.some((v) => v.unlimited) ? null : variants.reduce((n, v) => n + v.qty_in_stock, 0);
  return { level, total };
}

export async function listProducts(ctx: RequestContext, query: ProductListQuery) {
  const filter = { search: query.search, type: query.type, stock: query.stock };
  const [rows, total] = await Promise.all([
    listProductRows(ctx.db, ctx.websiteId, {
      ...filter,
      limit: PRODUCTS_PAGE_SIZE,
      offset: (query.page - 1) * PRODUCTS_PAGE_SIZE,
    }),
    countProducts(ctx.db, ctx.websiteId, filter),
  ]);
  const variants = byProduct(
    await variantsOf(
      ctx.db,
      rows.map((r) => r.id),
    ),
  );
  const images = await previews(ctx, rows);
  const products: ProductSummary[] = rows.map((row, i) => {
    const own = variants.get(row.id) ?? [];
    return {
      id: row.id,
      name: row.name,
      productType: row.product_type,
      urlSlug: row.url_slug,
      fullUrl: fullUrlOf(row),
      published: !!row.published,
      thumbnailUrl: images[i][0]?.thumbnailUrl ?? null,
      skus: own.map((v) => v.sku),
      priceCents: own.length > 0 ? Math.min(...own.map((v) => v.price_cents)) : null,
      stock: stockOf(own),
      updatedAt: row.updated_at,
    };
  });
  return { products, total, page: query.page, pageSize: PRODUCTS_PAGE_SIZE };
}

/** A stored variant as the editor payload writes it, holding only the fields its type allows. */
function variantPayload(v: VariantRow, type: number) {
  const giftCard = type === ProductType.GIFT_CARD;
  const counted = type !== ProductType.DIGITAL && !giftCard;
  return {
    sku: v.sku,
    attributes: JSON.parse(v.attributes) as Record<string, string>,
    priceCents: v.price_cents,
    ...(counted ? { onSale: !!v.on_sale } : {}),
    ...(!giftCard && (v.sale_price_cents > 0 || v.on_sale) ? { salePriceCents: v.sale_price_cents } : {}),
    ...(counted ? (v.unlimited ? { unlimited: true } : { qtyInStock: v.qty_in_stock }) : {}),
    ...(v.image != null ? { image: v.image } : {}),
  };
}

const parse = <T>(text: string | null): T | undefined => (text == null ? undefined : (JSON.parse(text) as T));

interface ProductForm {
  fields: AdditionalFieldsForm['fields'];
  sharedWith: string[];
}

function toDetail(
  row: ProductRow,
  variants: VariantRow[],
  imagePreviews: ProductDetail['imagePreviews'],
  digitalFile: MediaFile | null,
  form: ProductForm | null,
): ProductDetail {
  const type = row.product_type as ProductTypeNumber;
  const payload: ProductEditorInput = {
    collectionId: row.collection_id,
    urlSlug: row.url_slug,
    name: row.name,
    productType: type,
    description: row.description ?? '',
    ...(row.excerpt != null ? { excerpt: row.excerpt } : {}),
    images: JSON.parse(row.images),
    ...(type === ProductType.DIGITAL ? { onSale: !!row.on_sale } : {}),
    isSubscribable: !!row.is_subscribable,
    ...(row.subscription_plan ? { subscriptionPlan: parse(row.subscription_plan) } : {}),
    ...(row.product_subscription_options
      ? { productSubscriptionOptions: parse(row.product_subscription_options) }
      : {}),
    ...(row.additional_fields_form_id ? { additionalFieldsFormId: row.additional_fields_form_id } : {}),
    ...(form ? { additionalFieldsForm: { fields: form.fields } } : {}),
    useCustomAddButtonText: !!row.use_custom_add_button_text,
    ...(row.custom_add_button_text != null ? { customAddButtonText: row.custom_add_button_text } : {}),
    ...(row.audio_asset_url ? { audioAssetUrl: row.audio_asset_url } : {}),
    variantOptionOrdering: JSON.parse(row.variant_option_ordering) as string[],
    ...(row.merchandising ? { merchandising: parse(row.merchandising) } : {}),
    expressCheckout: !!row.express_checkout,
    ...(row.donation ? { donation: parse(row.donation) } : {}),
    ...(type === ProductType.DIGITAL ? { multipleQuantityAllowed: !!row.multiple_quantity_allowed } : {}),
    categories: JSON.parse(row.categories) as string[],
    tags: JSON.parse(row.tags) as string[],
    variants: variants.map((v) => variantPayload(v, type)),
  };
  return {
    id: row.id,
    ...payload,
    published: !!row.published,
    fullUrl: fullUrlOf(row),
    digitalFile,
    formSharedWith: form?.sharedWith ?? [],
    imagePreviews,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

async function productForm(ctx: RequestContext, row: ProductRow): Promise<ProductForm | null> {
  const formId = row.additional_fields_form_id;
  if (!formId) return null;
  const [form, sharing] = await Promise.all([
    getFormSchema(ctx, formId),
    productsUsingForm(ctx.db, ctx.websiteId, formId, row.id),
  ]);
  return form ? { fields: form.fields, sharedWith: sharing.map((p) => p.name) } : null;
}

export async function getProduct(ctx: RequestContext, id: string): Promise<ProductDetail | null> {
  const row = await findProduct(ctx.db, ctx.websiteId, id);
  if (!row) return null;
  const [variants, [images], files, form] = await Promise.all([
    variantsOf(ctx.db, [id]),
    previews(ctx, [row]),
    row.digital_file_id
      ? getFiles(ctx, [row.digital_file_id])
      : Promise.resolve(new Map<string, MediaFile>()),
    productForm(ctx, row),
  ]);
  const file = (row.digital_file_id && files.get(row.digital_file_id)) || null;
  return toDetail(row, variants, images, file, form);
}

/**
 * The form id the product row keeps: the editor's fields saved into the product's form (made
 * when it has none), none when the editor removed it, or the id as given.
 */
async function saveForm(ctx: RequestContext, p: ProductEditorPayload): Promise<string | undefined> {
  if (p.additionalFieldsForm === undefined) return p.additionalFieldsFormId;
  if (p.additionalFieldsForm === null) return undefined;
  return saveProductFormFields(ctx, p.additionalFieldsFormId, p.name, p.additionalFieldsForm.fields);
}

/** A field error map ({ 'variants[0].sku': '…' }) as a 400 with the spec's whole-form message. */
function invalid(errors: Record<string, string>): HttpError {
  return new HttpError(400, MESSAGES.formInvalid, undefined, errors);
}

/** Shape and the import's product rules, every problem at once, keyed by path. */
function validate(input: unknown, currency: string): ProductEditorPayload {
  const errors: Record<string, string> = {};
  const add = (path: string, message: string) => {
    errors[path] ??= message;
  };
  const parsed = productEditorSchema.safeParse(input, {
    error: (issue) =>
      issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : undefined,
  });
  if (!parsed.success) for (const issue of parsed.error.issues) add(formatPath(issue.path), issue.message);
  checkProductRules(
    asObject(input) ?? {},
    '',
    currency,
    { seen: new Map(), scope: 'within the product' },
    add,
  );
  if (!parsed.success || Object.keys(errors).length > 0) throw invalid(errors);
  return parsed.data;
}

/** What only the stored catalog can tell: the collection, the form, slug, SKUs and images in use. */
async function checkStored(ctx: RequestContext, id: string, p: ProductEditorPayload): Promise<void> {
  const errors: Record<string, string> = {};
  const collection = await findCollection(ctx.db, ctx.websiteId, p.collectionId);
  if (!collection) errors.collectionId = `refers to collection "${p.collectionId}", which does not exist`;
  else if (collection.type_name !== PRODUCTS_TYPE_NAME)
    errors.collectionId = `refers to collection "${p.collectionId}", which is not a products collection`;
  if (p.additionalFieldsFormId && !(await formExists(ctx.db, ctx.websiteId, p.additionalFieldsFormId)))
    errors.additionalFieldsFormId = `refers to form "${p.additionalFieldsFormId}", which does not exist`;
  const holder = collection ? await findSlugHolder(ctx.db, p.collectionId, p.urlSlug, id) : undefined;
  if (holder)
    errors.urlSlug = `"${p.urlSlug}" is already used by product "${holder.name}" in this collection`;
  const skus = p.variants.map((v) => v.sku.trim());
  const taken = new Map((await findSkuHolders(ctx.db, ctx.websiteId, skus, id)).map((h) => [h.sku, h.name]));
  skus.forEach((sku, i) => {
    const owner = taken.get(sku);
    if (owner !== undefined) errors[`variants[${i}].sku`] = `"${sku}" is already used by product "${owner}"`;
  });
  const mediaIds = p.images.flatMap((img) => ('mediaId' in img ? [img.mediaId] : []));
  const known = mediaIds.length > 0 ? await resolveImages(ctx, mediaIds) : new Map();
  p.images.forEach((img, i) => {
    if ('mediaId' in img && !known.has(img.mediaId))
      errors[`images[${i}].mediaId`] = `refers to image "${img.mediaId}", which is not in the media library`;
  });
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** Makes the product's variants exactly `rows`: those whose SKU is gone are deleted, the others upserted. */
async function replaceVariants(
  trx: Transaction<DB>,
  websiteId: string,
  productId: string,
  rows: Insertable<DB['variants']>[],
): Promise<void> {
  await deleteVariantsNotIn(
    trx,
    websiteId,
    productId,
    rows.map((r) => r.sku),
  );
  await upsertVariants(trx, rows);
}

/** Creates a product from the editor payload; it starts unpublished (a draft). */
export async function createProduct(
  ctx: RequestContext,
  actor: AuditActor,
  currency: string,
  input: unknown,
): Promise<string> {
  const payload = validate(input, currency);
  const id = newId('prod');
  const now = ctx.clock.now();
  const product = { ...payload, id };
  // Checked inside the write's transaction, so a SKU or slug cannot be taken in between.
  await ctx.db.transaction().execute(async (trx) => {
    await checkStored({ ...ctx, db: trx }, id, payload);
    const position = await nextPosition(trx, payload.collectionId);
    const additionalFieldsFormId = await saveForm({ ...ctx, db: trx }, payload);
    await insertProduct(trx, {
      ...productRow({ ...product, additionalFieldsFormId }, ctx.websiteId, position, now),
      published: 0,
    });
    await replaceVariants(trx, ctx.websiteId, id, variantRows(product, ctx.websiteId, currency));
    await recordAudit({ db: trx, clock: ctx.clock }, actor, 'product.create', id, { name: payload.name });
  });
  return id;
}

/** Saves the editor payload over a product (its publication and digital file stay as they are). */
export async function updateProduct(
  ctx: RequestContext,
  actor: AuditActor,
  currency: string,
  id: string,
  input: unknown,
): Promise<void> {
  if (!(await findProduct(ctx.db, ctx.websiteId, id))) throw new HttpError(404, 'No product has that id.');
  const payload = validate(input, currency);
  const product = { ...payload, id };
  await ctx.db.transaction().execute(async (trx) => {
    await checkStored({ ...ctx, db: trx }, id, payload);
    const additionalFieldsFormId = await saveForm({ ...ctx, db: trx }, payload);
    await updateProductRow(
      trx,
      productRow({ ...product, additionalFieldsFormId }, ctx.websiteId, 0, ctx.clock.now()),
    );
    await replaceVariants(trx, ctx.websiteId, id, variantRows(product, ctx.websiteId, currency));
    await recordAudit({ db: trx, clock: ctx.clock }, actor, 'product.update', id, { name: payload.name });
  });
}

export async function publishProduct(
  ctx: RequestContext,
  actor: AuditActor,
  id: string,
  published: boolean,
): Promise<void> {
  const found = await ctx.db.transaction().execute(async (trx) => {
    if (!(await setPublished(trx, ctx.websiteId, id, published, ctx.clock.now()))) return false;
    await recordAudit(
      { db: trx, clock: ctx.clock },
      actor,
      published ? 'product.publish' : 'product.unpublish',
      id,
    );
    return true;
  });
  if (!found) throw new HttpError(404, 'No product has that id.');
}

/** Why a sold product is not erased, and what to do instead (docs/api.md "Delete a product"). */
export const PRODUCT_HAS_SALES =
  'This product has orders or subscriptions, so it is kept for their records. Unpublish it to take it off the store.';

/**
 * Erases a product that was never sold. A sold one is refused (409): its orders, downloads and
 * subscriptions name it, and a merchant takes it off the store by unpublishing it instead.
 */
export async function deleteProduct(ctx: RequestContext, actor: AuditActor, id: string): Promise<void> {
  const row = await findProduct(ctx.db, ctx.websiteId, id);
  if (!row) throw new HttpError(404, 'No product has that id.');
  await ctx.db.transaction().execute(async (trx) => {
    if (await hasSales(trx, id)) throw new HttpError(409, PRODUCT_HAS_SALES);
    await deleteProductRows(trx, ctx.websiteId, id);
    await recordAudit({ db: trx, clock: ctx.clock }, actor, 'product.delete', id, { name: row.name });
  });
}

/** Deletes an image or file of the media library unless a product still shows or delivers it. */
export async function deleteMediaItem(
  ctx: RequestContext,
  actor: AuditActor,
  storage: MediaStorage,
  id: string,
): Promise<void> {
  await removeMedia(ctx, actor, storage, id, async (db) =>
    (await productsUsingMedia(db, ctx.websiteId, id)).map((p) => p.name),
  );
}

/**
 * Stores a digital product's file and makes it the one its download links deliver (links
 * already sent deliver the new file: the shopper bought the product, not one upload of it).
 */
export async function attachDigitalFile(
  ctx: RequestContext,
  actor: AuditActor,
  storage: MediaStorage,
  id: string,
  upload: { fileName: string; contentType: string; stream: Readable },
): Promise<MediaFile> {
  const row = await findProduct(ctx.db, ctx.websiteId, id);
  if (!row) throw new HttpError(404, 'No product has that id.');
  if (row.product_type !== ProductType.DIGITAL)
    throw new HttpError(400, MESSAGES.formInvalid, undefined, {
      file: 'only digital products deliver a file',
    });
  const file = await uploadFile(ctx, actor, storage, upload);
  await ctx.db.transaction().execute(async (trx) => {
    await setDigitalFile(trx, ctx.websiteId, id, file.id, ctx.clock.now());
    await recordAudit({ db: trx, clock: ctx.clock }, actor, 'product.file', id, { fileId: file.id });
  });
  return file;
}

/** The digital file a product delivers, for its download links; null when it has none. */
export async function digitalFileIdOf(ctx: RequestContext, productId: string): Promise<string | null> {
  return (await findProduct(ctx.db, ctx.websiteId, productId))?.digital_file_id ?? null;
}

/** The collections products may go in, for the editor's picker. */
export async function listProductCollections(ctx: RequestContext) {
  const rows = await listCollectionsOfType(ctx.db, ctx.websiteId, PRODUCTS_TYPE_NAME);
  return rows.map((c) => ({ id: c.id, title: c.title, fullUrl: `/${c.url_slug}` }));
}
