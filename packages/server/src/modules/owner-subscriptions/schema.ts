/** The owner's subscription screens' wire contract (GET/POST /api/config/subscriptions…): zod only, no Node imports. */
import { z } from 'zod';
import { optionalParam } from '../owner-orders/schema.js';
import { SUBSCRIPTION_STATUSES } from '../subscriptions/schema.js';

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
