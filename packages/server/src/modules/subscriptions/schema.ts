import { z } from 'zod';
import { decimalMoneyReply } from '../orders/view.js';

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

/** POST /api/3/commerce/cart/subscription: the subscription cart checkout goes on with. */
export const subscriptionCartReply = z.object({ data: z.object({ cartToken: z.string() }) });

/** Spec §3 subscriptionPlan. */
export const subscriptionPlanReply = z
  .object({
    billingPeriod: z.object({ value: z.number(), unit: z.enum(['WEEK', 'MONTH', 'YEAR']) }),
    numBillingCycles: z.number().nullable().optional(),
  })
  .meta({ id: 'SubscriptionPlan' });

export const SUBSCRIPTION_STATUSES = ['active', 'paused', 'past_due', 'cancelled', 'completed'] as const;

/** A subscription as its status link and the account page show it (billing-service's SubscriptionView). */
export const subscriptionReply = z
  .object({
    id: z.string(),
    orderId: z.string(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    productName: z.string(),
    sku: z.string(),
    quantity: z.number(),
    price: decimalMoneyReply,
    plan: subscriptionPlanReply,
    planText: z.string(),
    cyclesBilled: z.number(),
    cyclesLeft: z.number().nullable(),
    nextBillingDate: z.string().nullable(),
    nextBillingDateText: z.string(),
    created: z.number(),
    cancelled: z.number().nullable(),
    statusUrl: z.string(),
    cancelUrl: z.string(),
  })
  .meta({ id: 'Subscription' });

/** GET /api/commerce/subscriptions/{id} and its cancel call. */
export const subscriptionStatusReply = z.object({ subscription: subscriptionReply });
