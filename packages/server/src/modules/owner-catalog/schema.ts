/**
 * The wire contract of the owner's catalog calls. Browser-safe (zod and commerce only): the
 * config screens import these schemas for their forms. A product is validated by the same
 * rules as the catalog import (catalog/import-schema.ts for shapes, catalog/product-rules.ts
 * for how fields relate); only what the editor adds is defined here.
 */
import { z } from 'zod';
import { formFieldSchema, imageSchema, PRODUCT_TYPES, productSchema } from '../catalog/import-schema.js';

/** An uploaded image of the media library (POST /api/config/media answers its id). */
const MEDIA_ID_RE = /^img_[0-9a-f]{20}$/;

export const mediaImageSchema = z.strictObject({
  mediaId: z.string().regex(MEDIA_ID_RE, 'must be the id of an uploaded image'),
});

/** A custom form is for a few questions at add-to-cart, not a survey. */
export const FORM_FIELDS_MAX = 50;
/** Subscription options a product offers (e.g. monthly, quarterly). */
export const SUBSCRIPTION_OPTIONS_MAX = 20;

/** Each item's `id` once in the list; a repeat is reported at its own index. */
function uniqueIds(noun: string) {
  return (items: { id: string }[], ctx: z.RefinementCtx) => {
    const seen = new Map<string, number>();
    items.forEach((item, i) => {
      const first = seen.get(item.id);
      if (first === undefined) seen.set(item.id, i);
      else
        ctx.addIssue({
          code: 'custom',
          path: [i, 'id'],
          message: `is already the id of another ${noun} (${first + 1}); ids must be unique`,
        });
    });
  };
}

/**
 * The additional-fields form as the product editor edits it (spec §3 form field types): the
 * fields shoppers fill before the product goes in the cart. The form row behind it is the
 * product's additionalFieldsFormId.
 */
export const additionalFieldsFormSchema = z.strictObject({
  fields: z
    .array(formFieldSchema)
    .min(1, 'must have at least one field')
    .max(FORM_FIELDS_MAX, `must have at most ${FORM_FIELDS_MAX} fields`)
    .superRefine(uniqueIds('field')),
});

export type AdditionalFieldsForm = z.output<typeof additionalFieldsFormSchema>;

/**
 * The product editor's payload (POST /api/config/products, PUT /api/config/products/:id): the
 * import format's product without its id (the URL or the server gives it), whose images are
 * uploaded images by id or, for imported products, image URLs. `additionalFieldsForm` edits the
 * form's fields: given, they are saved into the product's form (a new one when it has none);
 * null, the product has no form; left out, `additionalFieldsFormId` is kept as given.
 */
export const productEditorSchema = productSchema.omit({ id: true }).extend({
  images: z.array(z.union([mediaImageSchema, imageSchema])).default([]),
  productSubscriptionOptions: productSchema.shape.productSubscriptionOptions
    .unwrap()
    .max(SUBSCRIPTION_OPTIONS_MAX, `must list at most ${SUBSCRIPTION_OPTIONS_MAX} options`)
    .superRefine(uniqueIds('subscription option'))
    .optional(),
  additionalFieldsForm: additionalFieldsFormSchema.nullable().optional(),
});

export type ProductEditorInput = z.input<typeof productEditorSchema>;
export type ProductEditorPayload = z.output<typeof productEditorSchema>;

export const STOCK_FILTERS = ['in', 'low', 'out'] as const;

/** Products per page of the owner's list. */
export const PRODUCTS_PAGE_SIZE = 25;
/** Longest search text: a product name or SKU, not a paragraph. */
const SEARCH_MAX_LENGTH = 200;

/** GET /api/config/products?search=&type=&stock=&page= */
export const productListQuerySchema = z.object({
  search: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  type: z.coerce
    .number()
    .int()
    .refine((n) => (PRODUCT_TYPES as readonly number[]).includes(n), {
      message: 'must be 1 (physical), 2 (digital), 3 (service), 4 (gift card) or 5 (paywall)',
    })
    .optional(),
  stock: z.enum(STOCK_FILTERS, 'must be in, low or out').optional(),
  page: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').default(1),
});

export type ProductListQuery = z.output<typeof productListQuerySchema>;

/** Most variants one inventory call may change: a whole catalog page, one transaction. */
export const INVENTORY_BATCH_MAX = 500;
/** A stock count fits the integer column with room to spare. */
const STOCK_MAX = 1_000_000_000;

/**
 * One variant's change in PATCH /api/config/inventory: `set` a count, `adjust` by a signed
 * amount, or make it `unlimited` (true) or counted again (false, with `set`).
 */
export const inventoryChangeSchema = z
  .strictObject({
    sku: z.string().trim().min(1, 'must not be empty'),
    set: z.number().int('must be a whole number').min(0, 'must not be negative').max(STOCK_MAX).optional(),
    adjust: z.number().int('must be a whole number').min(-STOCK_MAX).max(STOCK_MAX).optional(),
    unlimited: z.boolean().optional(),
  })
  .superRefine((c, ctx) => {
    const given = [c.set, c.adjust, c.unlimited === true ? true : undefined].filter((v) => v !== undefined);
    if (given.length !== 1)
      ctx.addIssue({
        code: 'custom',
        path: ['set'],
        message: 'give exactly one of set, adjust or unlimited: true',
      });
  });

export const inventoryPatchSchema = z.strictObject({
  changes: z
    .array(inventoryChangeSchema)
    .min(1, 'must list at least one change')
    .max(INVENTORY_BATCH_MAX, `must list at most ${INVENTORY_BATCH_MAX} changes`),
});

export type InventoryChange = z.output<typeof inventoryChangeSchema>;

/** Stock levels a list shows. */
const stockLevelReply = z.enum(STOCK_FILTERS);

/** GET /api/config/products: one page of the owner's products. */
export const productListReply = z.object({
  products: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      productType: z.number(),
      urlSlug: z.string(),
      fullUrl: z.string(),
      published: z.boolean(),
      /** The first image's small variant (or its URL), for the list's thumbnail. */
      thumbnailUrl: z.string().nullable(),
      skus: z.array(z.string()),
      /** The lowest price among the variants, in minor units. */
      priceCents: z.number().nullable(),
      /** `total` is null when any variant is unlimited. */
      stock: z.object({ level: stockLevelReply, total: z.number().nullable() }),
      updatedAt: z.number(),
    }),
  ),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** An uploaded file: a digital product's download. */
export const mediaFileReply = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
});

/**
 * A product as the editor loads it: the editor's payload (the request schema of POST
 * /api/config/products, kept whole) plus what the editor shows beside it.
 */
export const productDetailReply = z.object({
  product: z.looseObject({
    id: z.string(),
    published: z.boolean(),
    fullUrl: z.string(),
    /** A digital product's file, delivered by its download links. */
    digitalFile: mediaFileReply.nullable(),
    /** Other products whose additional-fields form is this one's: editing it changes theirs. */
    formSharedWith: z.array(z.string()),
    /** The images with their URLs, in the payload's order, for previews. */
    imagePreviews: z.array(
      z.object({
        mediaId: z.string().nullable(),
        url: z.string(),
        thumbnailUrl: z.string(),
        altText: z.string(),
      }),
    ),
    createdAt: z.number(),
    updatedAt: z.number(),
  }),
});

/** POST /api/config/products/:id/file (201). */
export const productFileReply = z.object({ file: mediaFileReply });

/** GET /api/config/collections: the product collections a product can belong to. */
export const productCollectionsReply = z.object({
  collections: z.array(z.object({ id: z.string(), title: z.string(), fullUrl: z.string() })),
});

/** GET and PATCH /api/config/inventory: every variant's stock. */
export const inventoryReply = z.object({
  variants: z.array(
    z.object({
      productId: z.string(),
      productName: z.string(),
      productType: z.number(),
      sku: z.string(),
      attributes: z.record(z.string(), z.string()),
      qtyInStock: z.number(),
      unlimited: z.boolean(),
      level: stockLevelReply,
      /** False for digital and gift-card variants, whose stock is unlimited by type. */
      editable: z.boolean(),
    }),
  ),
});
