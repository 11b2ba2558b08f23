import { z } from 'zod';

/** The store's installment context (spec §3). */
export const installmentContextReply = z.object({
  afterPayAvailable: z.boolean(),
  afterPayMin: z.number(),
  afterPayMax: z.number(),
  shopperLanguage: z.string(),
  stripeAccountCountry: z.string(),
});

/** GET /api/context/config: what the browser needs of the store (spec §3 store settings). */
export const contextConfigReply = z.object({
  websiteId: z.string(),
  currency: z.string(),
  locale: z.string(),
  timeZone: z.string(),
  /** How the merchant sends waitlists is not the browser's business, so it is left out. */
  storeSettings: z.object({
    useLightCart: z.boolean(),
    restockNotificationsSuccessText: z.string().nullable(),
    displayNativeProductReviewsEnabled: z.boolean(),
    displayImportedProductReviewsEnabled: z.boolean(),
    multipleQuantityAllowedForServices: z.boolean(),
  }),
  cartUrl: z.string(),
  installments: installmentContextReply,
});
export type ContextConfig = z.infer<typeof contextConfigReply>;
