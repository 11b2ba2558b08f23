import { ProductType } from '@storefront/commerce';
import { z } from 'zod';
import { cartPricingReply, moneyReply } from '../pricing/schema.js';

const PRODUCT_TYPES = Object.values(ProductType);

/** Longest answers (a JSON string) one cart line keeps: a long form's text, not a file. */
export const ADDITIONAL_FIELDS_MAX_LENGTH = 10_000;

/** Spec §7: POST /api/commerce/shopping-cart/entries — itemId, sku, quantity, additionalFields (JSON string). */
const jsonString = z
  .string()
  .max(
    ADDITIONAL_FIELDS_MAX_LENGTH,
    `additionalFields must be at most ${ADDITIONAL_FIELDS_MAX_LENGTH} characters`,
  )
  .refine((s) => {
    try {
      JSON.parse(s);
      return true;
    } catch {
      return false;
    }
  }, 'additionalFields must be a JSON string');

export const addEntryBody = z.object({
  itemId: z.string().min(1, 'itemId is required').max(64),
  sku: z.string().min(1).max(200).optional(),
  /** Checked by the commerce rules, which word the spec's quantity messages. */
  quantity: z.union([z.number(), z.string()]).optional(),
  additionalFields: jsonString.nullable().optional(),
  /** A donation's typed amount ('25', '25.50'): checked by commerce parseDonationAmount. */
  amount: z.union([z.string().max(40), z.number()]).optional(),
  /** Plain-form posts name the variant by its options instead of the sku. */
  selection: z.record(z.string(), z.string()).optional(),
});

export type AddEntryBody = z.infer<typeof addEntryBody>;

const flag = (name: string) =>
  z
    .enum(['true', 'false'], `${name} must be true or false`)
    .transform((v) => v === 'true')
    .optional();

/** Spec §7 GET /api/commerce/shopping-cart query: mock, timecode, calculateSubtotal. */
export const cartQuery = z.object({
  mock: flag('mock'),
  timecode: z
    .string()
    .regex(/^\d{1,20}$/, 'timecode must be a number (ms)')
    .optional(),
  calculateSubtotal: flag('calculateSubtotal'),
});

/** Spec §7: PUT /api/commerce/shopping-cart/entries/{entryId}/additionalFields — itemId, sku, additionalFields. */
export const updateEntryFieldsBody = z.object({
  itemId: z.string().min(1, 'itemId is required').max(64),
  sku: z.string().min(1, 'sku is required').max(200),
  additionalFields: jsonString,
});

export type UpdateEntryFieldsBody = z.infer<typeof updateEntryFieldsBody>;

/** Spec §3 "Cart entry", plus what the cart page shows. */
export const cartEntryReply = z
  .object({
    id: z.string(),
    itemId: z.string(),
    quantity: z.number(),
    chosenVariant: z.object({ sku: z.string(), attributes: z.record(z.string(), z.string()) }),
    title: z.string(),
    subTotal: moneyReply,
    purchasePriceCents: z.number(),
    /** The add-to-cart answers, a JSON string. */
    additionalFields: z.string().nullable(),
    /** Spec §3 product type (1 physical … 5 paywall); null when the product is gone. */
    productType: z.literal(PRODUCT_TYPES).nullable(),
    url: z.string().nullable(),
    imageUrl: z.string().nullable(),
    /** Most of this line one order may hold: 1 for a digital product's licence (its box is fixed). */
    maxQuantity: z.number(),
  })
  .meta({ id: 'CartEntry' });

/** Spec §3 "Cart": GET /api/commerce/shopping-cart and every cart change. */
export const cartReply = z
  .object({
    id: z.string().nullable(),
    websiteId: z.string(),
    orderId: z.string().nullable(),
    created: z.number().nullable(),
    isPurchased: z.boolean(),
    currency: z.string(),
    entries: z.array(cartEntryReply),
    ...cartPricingReply.shape,
  })
  .meta({ id: 'Cart' });

export type CartReply = z.infer<typeof cartReply>;
export type CartEntryReply = z.infer<typeof cartEntryReply>;

/** Cart changes answer the whole cart. */
export const shoppingCartReply = z.object({ shoppingCart: cartReply });

/** Spec §7: POST …/entries answers the cart and the entry just added. */
export const addEntryReply = z.object({ shoppingCart: cartReply, newlyAdded: cartEntryReply });

/** Spec §7: PUT …/entries/{entryId}/additionalFields answers the cart and the entry changed. */
export const updateEntryFieldsReply = z.object({ shoppingCart: cartReply, updatedEntry: cartEntryReply });
