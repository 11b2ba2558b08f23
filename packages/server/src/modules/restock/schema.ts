import { z } from 'zod';

/** Spec §3 "Waitlist signup (form)": isJoinMailingList, productId, siteVisitorEmail, variantId, recaptchaEnterpriseV3Token. */
export const restockSignupBody = z.object({
  isJoinMailingList: z.boolean().default(false),
  productId: z.string().min(1, 'productId is required').max(64),
  /** Checked by commerce's validateWaitlistEmail, which words the spec's messages. */
  siteVisitorEmail: z.string().max(1000).nullable().optional(),
  variantId: z.string().min(1, 'variantId is required').max(200),
  recaptchaEnterpriseV3Token: z.string().max(10_000).nullable().optional(),
  /** Spec §3: set when a translation widget is present. */
  language: z.string().max(35).nullable().optional(),
});

export type RestockSignupBody = z.infer<typeof restockSignupBody>;

/** POST /api/commerce/restock-notifications: the text the shopper sees once signed up. */
export const restockSignupReply = z.object({ message: z.string() });
