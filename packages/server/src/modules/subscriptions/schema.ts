import { z } from 'zod';

/** Spec §3 "Subscription request" / §7: itemId, sku, qty (or additionalFields as a JSON string), optional subscriptionOptionId. */
export const subscriptionBody = z.object({
  itemId: z.string().min(1, 'itemId is required').max(64),
  sku: z.string().min(1).max(200).optional(),
  /** Checked by the commerce rules, which word the spec's quantity messages. */
  qty: z.union([z.number(), z.string()]).nullable().optional(),
  additionalFields: z
    .string()
    .max(20_000)
    .refine((s) => {
      try {
        JSON.parse(s);
        return true;
      } catch {
        return false;
      }
    }, 'additionalFields must be a JSON string')
    .nullable()
    .optional(),
  subscriptionOptionId: z.string().min(1).max(64).nullable().optional(),
});

export type SubscriptionBody = z.infer<typeof subscriptionBody>;
