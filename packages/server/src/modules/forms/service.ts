import { type AnswerLine, formAnswerLines, MESSAGES, type TrackedErrorType } from '@storefront/commerce';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { RequestContext } from '../../platform/context.js';
import { csvRow } from '../../platform/csv.js';
import { HttpError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { FormField } from '../catalog/import-schema.js';
import { checkAnswers } from './answers.js';
import {
  countSubmissionsByForm,
  deleteFormRow,
  type FormRow,
  findForm,
  findFormByPageSlug,
  findFormRow,
  insertForm,
  insertFormRow,
  listFormRows,
  listSubmissionRows,
  updateFormFields,
  updateFormRow,
} from './repo.js';

/** Submissions read per query while writing the CSV. */
const CSV_BATCH = 500;

/** GET /api/template/GetTemplateSchema answer: the stored field list as imported. */
export interface FormSchema {
  id: string;
  name: string;
  fields: FormField[];
}

export async function getFormSchema(ctx: RequestContext, formId: string): Promise<FormSchema | null> {
  const row = await findForm(ctx.db, ctx.websiteId, formId);
  return row ? { id: row.id, name: row.name, fields: JSON.parse(row.fields) as FormField[] } : null;
}

/**
 * Saves a product's additional-fields form (the product editor): the fields go into form `formId`
 * when the product has one, otherwise into a new form named after the product. Answers the id.
 */
export async function saveProductFormFields(
  ctx: Pick<RequestContext, 'db' | 'websiteId'>,
  formId: string | undefined,
  productName: string,
  fields: FormField[],
): Promise<string> {
  const json = JSON.stringify(fields);
  if (formId) {
    await updateFormFields(ctx.db, ctx.websiteId, formId, json);
    return formId;
  }
  const id = newId('form');
  await insertForm(ctx.db, {
    id,
    website_id: ctx.websiteId,
    name: `${productName}: additional fields`,
    fields: json,
  });
  return id;
}

/** Per-field problems of `answers` against the form, keyed by field id; empty when valid. */
export async function validateFormAnswers(
  ctx: RequestContext,
  formId: string,
  answers: unknown,
): Promise<Record<string, string>> {
  const form = await getFormSchema(ctx, formId);
  if (!form) throw new HttpError(404, MESSAGES.formNotConfigured);
  return checkAnswers(form.fields, answers);
}

/**
 * Spec §4 step 5 on the server: a product with an additional-fields form needs answers that pass
 * it (a missing answer set counts as empty, so a form with required fields refuses it).
 * `additionalFields` is the JSON string of the cart and subscription calls. Throws 400 with the
 * per-field `errors`; returns the answers' JSON to store (null for products without a form).
 */
export async function checkProductForm(
  ctx: RequestContext,
  product: { additionalFieldsFormId?: string | null },
  additionalFields: string | null | undefined,
  type?: TrackedErrorType,
): Promise<string | null> {
  const formId = product.additionalFieldsFormId;
  if (!formId) return additionalFields ?? null;
  const answers: unknown = additionalFields ? JSON.parse(additionalFields) : {};
  if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) {
    throw new HttpError(400, 'additionalFields must be a JSON object keyed by field id.', type);
  }
  const errors = await validateFormAnswers(ctx, formId, answers);
  if (Object.keys(errors).length > 0) throw new HttpError(400, MESSAGES.formInvalid, type, errors);
  return additionalFields ?? '{}';
}

/** A form as the owner's builder edits it (and the form block renders it). */
export interface FormSettings {
  id: string;
  name: string;
  fields: FormField[];
  successText: string | null;
  postSubmitHtml: string | null;
  successRedirect: string | null;
  captchaEnabled: boolean;
  notificationEmails: string[];
  pageSlug: string | null;
  mailingListId: string | null;
  newsletterOnFormPages: boolean;
  newsletterPopup: boolean;
}

export type FormInput = Omit<FormSettings, 'id'>;

export function formSettingsOf(row: FormRow): FormSettings {
  return {
    id: row.id,
    name: row.name,
    fields: JSON.parse(row.fields) as FormField[],
    successText: row.success_text,
    postSubmitHtml: row.post_submit_html,
    successRedirect: row.success_redirect,
    captchaEnabled: row.captcha_enabled === 1,
    notificationEmails: JSON.parse(row.notification_emails) as string[],
    pageSlug: row.page_slug,
    mailingListId: row.mailing_list_id,
    newsletterOnFormPages: row.newsletter_on_form_pages === 1,
    newsletterPopup: row.newsletter_popup === 1,
  };
}

function formColumns(input: FormInput, now: number) {
  return {
    name: input.name,
    fields: JSON.stringify(input.fields),
    success_text: input.successText,
    post_submit_html: input.postSubmitHtml,
    success_redirect: input.successRedirect,
    captcha_enabled: input.captchaEnabled ? 1 : 0,
    notification_emails: JSON.stringify(input.notificationEmails),
    page_slug: input.pageSlug,
    mailing_list_id: input.mailingListId,
    newsletter_on_form_pages: input.newsletterOnFormPages ? 1 : 0,
    newsletter_popup: input.newsletterPopup ? 1 : 0,
    updated_at: now,
  };
}

const PAGE_SLUG_TAKEN = 'Another form is already published at that address.';

/** A page slug must be the form's own: the page at /{slug} shows exactly one form. */
async function checkPageSlug(ctx: RequestContext, slug: string | null, formId: string | null): Promise<void> {
  if (!slug) return;
  const other = await findFormByPageSlug(ctx.db, ctx.websiteId, slug);
  if (other && other.id !== formId) {
    throw new HttpError(409, PAGE_SLUG_TAKEN, undefined, { pageSlug: PAGE_SLUG_TAKEN });
  }
}

export async function listFormSettings(
  ctx: RequestContext,
): Promise<(FormSettings & { submissionCount: number })[]> {
  const [rows, counts] = await Promise.all([
    listFormRows(ctx.db, ctx.websiteId),
    countSubmissionsByForm(ctx.db, ctx.websiteId),
  ]);
  const byForm = new Map(counts.map((c) => [c.form_id, Number(c.n)]));
  return rows.map((r) => ({ ...formSettingsOf(r), submissionCount: byForm.get(r.id) ?? 0 }));
}

export async function getFormSettings(ctx: RequestContext, id: string): Promise<FormSettings> {
  const row = await findFormRow(ctx.db, ctx.websiteId, id);
  if (!row) throw new HttpError(404, MESSAGES.formNotConfigured);
  return formSettingsOf(row);
}

/** The forms published on pages of their own, as navigation links. */
export async function listFormPages(ctx: RequestContext): Promise<{ title: string; url: string }[]> {
  const rows = await listFormRows(ctx.db, ctx.websiteId);
  return rows.flatMap((r) => (r.page_slug ? [{ title: r.name, url: `/${r.page_slug}` }] : []));
}

/** The newsletter forms placed under form pages, or offered in the popup overlay. */
export async function listNewsletterForms(
  ctx: RequestContext,
  placement: 'form-pages' | 'popup',
): Promise<FormSettings[]> {
  const rows = await listFormRows(ctx.db, ctx.websiteId);
  return rows
    .filter(
      (r) =>
        r.mailing_list_id !== null &&
        (placement === 'popup' ? r.newsletter_popup === 1 : r.newsletter_on_form_pages === 1),
    )
    .map(formSettingsOf);
}

/**
 * The newsletter form every page's footer offers: the first form with a mailing list, in the
 * owner's list order (by name); null without one. Read with the site (its cache), so a plain db.
 */
export async function footerNewsletterForm(db: Kysely<DB>, websiteId: string): Promise<FormSettings | null> {
  const row = (await listFormRows(db, websiteId)).find((r) => r.mailing_list_id !== null);
  return row ? formSettingsOf(row) : null;
}

/** Whether the owner offers a newsletter sign-up in the popup overlay: pages without one load none of its code. */
export async function newsletterPopupOffered(ctx: RequestContext): Promise<boolean> {
  return (await listNewsletterForms(ctx, 'popup')).length > 0;
}

/** The form published on its own page at /{slug}, if any. */
export async function getFormByPageSlug(ctx: RequestContext, slug: string): Promise<FormSettings | null> {
  const row = await findFormByPageSlug(ctx.db, ctx.websiteId, slug);
  return row ? formSettingsOf(row) : null;
}

export async function createForm(ctx: RequestContext, input: FormInput): Promise<FormSettings> {
  await checkPageSlug(ctx, input.pageSlug, null);
  const id = newId('form');
  await insertFormRow(ctx.db, { id, website_id: ctx.websiteId, ...formColumns(input, ctx.clock.now()) });
  return { id, ...input };
}

export async function updateForm(ctx: RequestContext, id: string, input: FormInput): Promise<FormSettings> {
  await checkPageSlug(ctx, input.pageSlug, id);
  if (!(await updateFormRow(ctx.db, ctx.websiteId, id, formColumns(input, ctx.clock.now())))) {
    throw new HttpError(404, MESSAGES.formNotConfigured);
  }
  return { id, ...input };
}

export async function deleteForm(ctx: RequestContext, id: string): Promise<void> {
  if (!(await deleteFormRow(ctx.db, ctx.websiteId, id))) throw new HttpError(404, MESSAGES.formNotConfigured);
}

/** One submission as the owner reads it: each answered field's title and text, in form order. */
export interface SubmissionView {
  id: string;
  submittedAt: number;
  answers: AnswerLine[];
}

const BAD_CURSOR = 'That page of submissions does not exist.';

function encodeCursor(at: number, id: string): string {
  return Buffer.from(`${at}:${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: number; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split(':');
  if (!/^\d+$/.test(at ?? '') || !id) throw new HttpError(400, BAD_CURSOR);
  return { at: Number(at), id };
}

/** One page of a form's submissions, newest first, with the cursor of the next (older) page. */
export async function listSubmissions(
  ctx: RequestContext,
  formId: string,
  query: { q?: string; cursor?: string },
  pageSize: number,
): Promise<{ form: FormSettings; submissions: SubmissionView[]; nextCursor: string | null }> {
  const form = await getFormSettings(ctx, formId);
  const rows = await listSubmissionRows(ctx.db, ctx.websiteId, formId, {
    search: query.q || undefined,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: pageSize + 1,
  });
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    form,
    submissions: page.map((r) => ({
      id: r.id,
      submittedAt: Number(r.created_at),
      answers: formAnswerLines(form.fields, r.answers),
    })),
    nextCursor: rows.length > pageSize && last ? encodeCursor(Number(last.created_at), last.id) : null,
  };
}

/** Every submission of a form matching the search as CSV: when, then a column per field. */
export async function submissionsCsv(
  ctx: RequestContext,
  formId: string,
  q: string | undefined,
): Promise<string> {
  const form = await getFormSettings(ctx, formId);
  const fields = form.fields.filter((f) => f.type !== 'section');
  let out = csvRow(['Submitted at', ...fields.map((f) => f.title)]);
  let after: { at: number; id: string } | undefined;
  for (;;) {
    const rows = await listSubmissionRows(ctx.db, ctx.websiteId, formId, {
      search: q || undefined,
      after,
      limit: CSV_BATCH,
    });
    for (const r of rows) {
      const byTitle = new Map(
        fields.map((f) => [f.id, formAnswerLines([f], r.answers)[0]?.text ?? ''] as const),
      );
      out += csvRow([new Date(Number(r.created_at)).toISOString(), ...fields.map((f) => byTitle.get(f.id))]);
    }
    if (rows.length < CSV_BATCH) return out;
    const last = rows[rows.length - 1];
    after = { at: Number(last.created_at), id: last.id };
  }
}
