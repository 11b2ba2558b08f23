/**
 * The owner's restock tools (spec §7 "Restock account notifications"): zod only, no Node
 * imports. Cursors are opaque: pass back the nextPageCursor a page answered.
 */
import { z } from 'zod';
import { optionalParam } from '../owner-orders/schema.js';

/** Waitlists per page of …/restock/groups and signups per page of …/restock. */
export const RESTOCK_PAGE_SIZE = 50;
/** One send-all request covers at most this many variants. */
export const MAX_SEND_REQUESTS = 100;
const CURSOR_MAX_LENGTH = 500;
const ID_MAX_LENGTH = 200;

const cursor = optionalParam(z.string().max(CURSOR_MAX_LENGTH, 'That page does not exist.'));
const productId = z.string('productId is required').trim().min(1, 'productId is required').max(ID_MAX_LENGTH);
const variantId = z.string('variantId is required').trim().min(1, 'variantId is required').max(ID_MAX_LENGTH);

export const restockGroupsQuery = z.object({ cursor });

export const restockSignupsQuery = z.object({ productId, variantId, cursor });

/** POST …/restock/send. */
export const restockSendBody = z.object({ productId, variantId });
export type RestockSendBody = z.output<typeof restockSendBody>;

/** POST …/restock/send/all (spec §3 "Send-all request"). */
export const restockSendAllBody = z.object({
  sendRequests: z
    .array(restockSendBody, 'sendRequests must be a list of { productId, variantId }')
    .min(1, 'List at least one variant to notify.')
    .max(MAX_SEND_REQUESTS, `Send to at most ${MAX_SEND_REQUESTS} variants at once.`),
});

/** GET …/restock/groups: the waitlists (product × variant) and how many wait. */
export const restockGroupsReply = z.object({
  signUpGroups: z.array(
    z.object({
      productId: z.string(),
      variantId: z.string(),
      sku: z.string(),
      waitingCount: z.number(),
      notifiedCount: z.number(),
      /** Null when the product or variant no longer exists. */
      productName: z.string().nullable(),
      variantText: z.string().nullable(),
      /** False also when the product or variant no longer exists. */
      inStock: z.boolean(),
    }),
  ),
  hasNextPage: z.boolean(),
  nextPageCursor: z.string().nullable(),
});

/** GET …/restock: one variant's signups, oldest first. */
export const restockSignupsReply = z.object({
  signUps: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      isJoinMailingList: z.boolean(),
      language: z.string().nullable(),
      created: z.number(),
      /** When the back-in-stock mail was queued; null while the shopper waits. */
      notified: z.number().nullable(),
    }),
  ),
  hasNextPage: z.boolean(),
  nextPageCursor: z.string().nullable(),
});

/** POST …/restock/send: the mails one variant's waitlist was sent. */
export const restockSentReply = z.object({ productId: z.string(), variantId: z.string(), sent: z.number() });

/** POST …/restock/send/all: each variant's count and the total. */
export const restockSentAllReply = z.object({ results: z.array(restockSentReply), sent: z.number() });
