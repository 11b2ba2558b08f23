import { z } from 'zod';
import { formFieldSchema, formSchema } from '../catalog/import-schema.js';

/** Submissions per page of the owner's list. */
export const SUBMISSIONS_PAGE_SIZE = 50;
const MAX_SEARCH_LENGTH = 200;

/** The form the builder saves (POST creates, PUT replaces): the import's form without its id. */
export const formBody = formSchema
  .omit({ id: true })
  .refine((f) => new Set(f.fields.map((field) => field.id)).size === f.fields.length, {
    message: 'Each field needs its own id.',
    path: ['fields'],
  })
  .refine((f) => !f.mailingListId || f.fields.some((field) => field.type === 'email' && field.required), {
    message: 'A newsletter form needs a required Email field: it is the address signed up.',
    path: ['mailingListId'],
  });
export type FormBody = z.output<typeof formBody>;

/** GET /api/config/forms/:id/submissions and its .csv. */
export const submissionsQuery = z.object({
  q: z
    .string()
    .trim()
    .max(MAX_SEARCH_LENGTH, `A search is at most ${MAX_SEARCH_LENGTH} characters.`)
    .optional(),
  cursor: z.string().max(200).optional(),
});
export type SubmissionsQuery = z.output<typeof submissionsQuery>;

/** A form as the builder shows it. */
const formSettingsReply = z.object({
  id: z.string(),
  name: z.string(),
  fields: z.array(formFieldSchema),
  successText: z.string().nullable(),
  postSubmitHtml: z.string().nullable(),
  successRedirect: z.string().nullable(),
  captchaEnabled: z.boolean(),
  notificationEmails: z.array(z.string()),
  pageSlug: z.string().nullable(),
  mailingListId: z.string().nullable(),
  newsletterOnFormPages: z.boolean(),
  newsletterPopup: z.boolean(),
});

/** GET /api/config/forms: every form, with how many submissions it has. */
export const formListReply = z.object({
  forms: z.array(z.object({ ...formSettingsReply.shape, submissionCount: z.number() })),
});

/** One form (GET, POST 201, PUT). */
export const formReply = z.object({ form: formSettingsReply });

/** GET /api/config/forms/:id/submissions: a page, newest first, and the cursor of the next (older) one. */
export const submissionsReply = z.object({
  form: formSettingsReply,
  submissions: z.array(
    z.object({
      id: z.string(),
      submittedAt: z.number(),
      answers: z.array(z.object({ title: z.string(), text: z.string() })),
    }),
  ),
  nextCursor: z.string().nullable(),
});
