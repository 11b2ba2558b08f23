import { isValidEmail } from '@storefront/commerce';
import { z } from 'zod';

const MAX_SEARCH_LENGTH = 200;
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
  status: z.enum(['pending', 'subscribed', 'unsubscribed']).optional(),
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
