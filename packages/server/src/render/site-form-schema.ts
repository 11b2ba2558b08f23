/** The wire contract of the SiteForm island's props (packages/web/src/islands/site-form/types.ts imports its types). */
import { z } from 'zod';
import { captchaWidgetSchema } from '../modules/captcha/provider.js';
import { formFieldSchema } from '../modules/catalog/import-schema.js';

/** The props a form block hands its island, in the page and in GET /api/newsletter/popup. */
export const siteFormPropsSchema = z.object({
  formId: z.string(),
  fields: z.array(formFieldSchema),
  /** Where the form posts without JavaScript. */
  action: z.string(),
  successText: z.string(),
  postSubmitHtml: z.string().nullable(),
  successRedirect: z.string().nullable(),
  captcha: captchaWidgetSchema.nullable(),
  submitText: z.string(),
  honeypotName: z.string(),
  captchaErrorKey: z.string(),
  /** After a refused plain POST: the answers as sent, by field id. */
  values: z.record(z.string(), z.unknown()),
  /** After a refused plain POST: each field's problem, by field id. */
  errors: z.record(z.string(), z.string()),
  notice: z.string(),
  /** A newsletter form (it signs up to a mailing list): compact, never the scroll notice. */
  newsletter: z.boolean(),
  /** The form's name, shown as a newsletter block's heading (empty where a dialog names it). */
  title: z.string(),
  /** Starts the fields' ids ('sf'; the footer's copy of a form has its own, so ids stay unique). */
  idPrefix: z.string(),
});
export type SiteFormProps = z.output<typeof siteFormPropsSchema>;

/** GET /api/newsletter/popup: the newsletter form the owner offers in the popup overlay, or null. */
export const newsletterPopupReply = z.object({
  data: z
    .object({
      /** Spec §2: the popup overlay's page type, 104. */
      pageType: z.number().int(),
      title: z.string(),
      form: siteFormPropsSchema,
    })
    .nullable(),
});
