import { z } from 'zod';

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
