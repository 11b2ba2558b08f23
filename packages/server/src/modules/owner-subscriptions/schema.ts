/** The owner's subscription screens' wire contract (GET/POST /api/config/subscriptions…): zod only, no Node imports. */
import { z } from 'zod';
import { ORDER_PAYMENT_STATUSES, optionalParam } from '../owner-orders/schema.js';
import { SUBSCRIPTION_STATUSES, subscriptionReply } from '../subscriptions/schema.js';

export { SUBSCRIPTION_STATUSES };

/** Subscriptions per page of GET /api/config/subscriptions. */
export const SUBSCRIPTIONS_PAGE_SIZE = 50;
const MAX_PAGE = 100_000;
const SEARCH_MAX_LENGTH = 200;

export const subscriptionsQuery = z.object({
  status: optionalParam(z.enum(SUBSCRIPTION_STATUSES, `Choose one of ${SUBSCRIPTION_STATUSES.join(', ')}.`)),
  q: optionalParam(z.string().trim().max(SEARCH_MAX_LENGTH)),
  page: optionalParam(z.coerce.number().int().min(1).max(MAX_PAGE)),
});
export type SubscriptionsQuery = z.output<typeof subscriptionsQuery>;

/** A subscription as the owner sees it: the shopper's view, who bought it and what failed last. */
const ownerSubscriptionReply = z.object({
  ...subscriptionReply.shape,
  email: z.string(),
  currency: z.string(),
  failedAttempts: z.number(),
  lastError: z.string().nullable(),
});

/** GET /api/config/subscriptions. */
export const subscriptionListReply = z.object({
  subscriptions: z.array(ownerSubscriptionReply),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** GET /api/config/subscriptions/:id and its cancel: with the orders its renewals placed. */
export const subscriptionDetailReply = z.object({
  subscription: z.object({
    ...ownerSubscriptionReply.shape,
    renewals: z.array(
      z.object({
        orderId: z.string(),
        orderNumber: z.string(),
        created: z.number(),
        /** 'reserved' while the renewal's payment is being authorized. */
        status: z.enum([...ORDER_PAYMENT_STATUSES, 'reserved']),
        grandTotalCents: z.number(),
        amountPaidCents: z.number(),
        currency: z.string(),
      }),
    ),
  }),
});
