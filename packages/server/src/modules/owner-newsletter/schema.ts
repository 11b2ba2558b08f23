import { isValidEmail } from '@storefront/commerce';
import { z } from 'zod';

const MAX_SEARCH_LENGTH = 200;
const SUBSCRIBER_STATUSES = ['pending', 'subscribed', 'unsubscribed'] as const;
/** A CSV import's size: about 20,000 rows of addresses. */
export const MAX_IMPORT_CHARS = 1_000_000;

export const mailingListBody = z.strictObject({
  name: z.string().trim().min(1, 'Name the list.').max(200, 'A list name is at most 200 characters.'),
  description: z.string().trim().max(2000, 'A description is at most 2,000 characters.').default(''),
});
export type MailingListBody = z.output<typeof mailingListBody>;

export const subscribersQuery = z.object({
  q: z
    .string()
    .trim()
    .max(MAX_SEARCH_LENGTH, `A search is at most ${MAX_SEARCH_LENGTH} characters.`)
    .optional(),
  status: z.enum(SUBSCRIBER_STATUSES).optional(),
  cursor: z.string().max(256).optional(),
});

export const importBody = z.strictObject({
  csv: z
    .string()
    .min(1, 'Choose a CSV file of email addresses.')
    .max(MAX_IMPORT_CHARS, 'The file is too large: import at most 1 MB at a time.'),
});

/** A draft campaign as the editor saves it; the list and subject are asked for when it is sent. */
export const campaignBody = z.strictObject({
  listId: z.string().min(1).max(64).nullable().default(null),
  subject: z.string().max(300, 'A subject is at most 300 characters.').default(''),
  body: z.string().max(100_000, 'The text is at most 100,000 characters.').default(''),
  trackOpens: z.boolean().default(false),
});
export type CampaignBody = z.output<typeof campaignBody>;

export const testSendBody = z.strictObject({
  to: z.string().trim().refine(isValidEmail, 'Please enter a valid email'),
});

const mailingListReply = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  createdAt: z.number(),
  /** Subscribers by status. */
  counts: z.object({ pending: z.number(), subscribed: z.number(), unsubscribed: z.number() }),
});

export const mailingListsReply = z.object({ lists: z.array(mailingListReply) });
export const oneMailingListReply = z.object({ list: mailingListReply });

/** GET …/lists/:id/subscribers: a page, and the cursor of the next. */
export const subscribersReply = z.object({
  list: mailingListReply,
  subscribers: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      status: z.enum(SUBSCRIBER_STATUSES),
      source: z.string(),
      createdAt: z.number(),
      confirmedAt: z.number().nullable(),
      unsubscribedAt: z.number().nullable(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

/** POST …/subscribers/import. */
export const importReply = z.object({
  result: z.object({
    added: z.number(),
    /** Already on the list (an address that unsubscribed stays unsubscribed). */
    existing: z.number(),
    /** Line numbers (1-based) whose address is not valid. */
    invalidLines: z.array(z.number()),
  }),
});

const campaignReply = z.object({
  id: z.string(),
  listId: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  trackOpens: z.boolean(),
  status: z.enum(['draft', 'sent']),
  recipientCount: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
  sentAt: z.number().nullable(),
  /** Mails the outbox has sent so far, and opens (counted only when tracked). */
  sentCount: z.number(),
  openedCount: z.number(),
});

export const campaignsReply = z.object({ campaigns: z.array(campaignReply) });
export const oneCampaignReply = z.object({ campaign: campaignReply });
export const testSentReply = z.object({ sent: z.literal(true) });
