/**
 * Site form submissions (spec §7 FormSubmissionKey / SaveFormSubmission, §8 "Form submission"):
 * a single-use, expiring key, then the answers validated by the one rule set, stored and queued
 * for the notification email in the transaction that uses the key up.
 */
import {
  type FormFieldSummary,
  type FormSummaryField,
  MESSAGES,
  summarizeFormField,
} from '@storefront/commerce';
import type { RequestContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { newId, newToken, sha256 } from '../../platform/ids.js';
import type { SiteContext } from '../../services.js';
import { type CaptchaProvider, spendCaptchaAnswer, type VerifiedAnswer } from '../captcha/service.js';
import type { FormField } from '../catalog/import-schema.js';
import { enqueueEmail } from '../email/service.js';
import { signUp } from '../newsletter/service.js';
import { checkAnswers } from './answers.js';
import {
  consumeSubmissionKey,
  deleteExpiredSubmissionKeys,
  findForm,
  insertSubmission,
  insertSubmissionKey,
} from './repo.js';

/** How long a submission key works: a visitor filling a long form by hand finishes well within it. */
export const SUBMISSION_KEY_TTL_MS = 30 * 60_000;
/** Random bytes of a key (hex on the wire): unguessable. */
const SUBMISSION_KEY_BYTES = 32;

/**
 * The honeypot: a field hidden from people that bots fill in. Field ids start with a letter or
 * digit, so it never names a real field. Filled in, the submission is answered as accepted and
 * dropped; empty, it is ignored (docs/api.md).
 */
export const HONEYPOT_FIELD = '_website';
/** Where data.errors carries the captcha's message (not a field id: those start with a letter or digit). */
export const CAPTCHA_ERROR_KEY = '_captcha';

/** Issues a key for one submission; only its hash is stored. */
export async function issueSubmissionKey(ctx: RequestContext): Promise<string> {
  const now = ctx.clock.now();
  const key = newToken(SUBMISSION_KEY_BYTES);
  await deleteExpiredSubmissionKeys(ctx.db, now);
  await insertSubmissionKey(ctx.db, {
    key_hash: sha256(key),
    website_id: ctx.websiteId,
    created_at: now,
    expires_at: now + SUBMISSION_KEY_TTL_MS,
  });
  return key;
}

export interface SubmissionRequest {
  formId: string;
  /** The answers keyed by field id (an object, checked by the route). */
  form: Record<string, unknown>;
  key: string | undefined;
  /** The captcha's answer, when the form has a captcha. */
  captchaKey?: string;
}

/** What the visitor sees once the submission is accepted (spec §4 form handler "Success"). */
export interface SubmissionOutcome {
  successText: string | null;
  postSubmitHtml: string | null;
  successRedirect: string | null;
}

/** Spec §8: a verify endpoint that fails is the server's problem, not the visitor's answer. */
async function verifyCaptcha(
  captcha: CaptchaProvider,
  answer: string | undefined,
  now: number,
): Promise<VerifiedAnswer | null> {
  if (!answer) return null;
  try {
    return await captcha.verify(answer, now);
  } catch {
    throw new HttpError(500, MESSAGES.formServerError);
  }
}

function captchaRefused(): HttpError {
  return new HttpError(400, MESSAGES.captchaIncomplete, undefined, {
    [CAPTCHA_ERROR_KEY]: MESSAGES.captchaIncomplete,
  });
}

/** What the summaries read of multi-part answers: our part names → the summary's (commerce forms.ts). */
const SUMMARY_PARTS: Partial<Record<FormField['type'], Record<string, string>>> = {
  name: { first: 'First', last: 'Last' },
  date: { year: 'Year', month: 'Month', day: 'Day' },
  time: { hour: 'Hour', minute: 'Minute', ampm: 'Ampm' },
  // The summary splits a number into area code, prefix and line; ours is one part, shown whole.
  phone: { country: 'Country', number: 'Areacode' },
  address: {
    line1: 'Line1',
    line2: 'Line2',
    city: 'City',
    region: 'State',
    postalCode: 'Zip',
    country: 'Country',
  },
};

type Scalar = string | number;
const isScalar = (v: unknown): v is Scalar => typeof v === 'string' || typeof v === 'number';

/** One validated answer as a form summary field. */
export function summaryField(field: FormField, value: unknown): FormSummaryField {
  const base = { type: field.type, rawTitle: field.title };
  if (Array.isArray(value)) return { ...base, values: value.filter(isScalar) };
  if (typeof value === 'object' && value !== null) {
    const names = SUMMARY_PARTS[field.type];
    const values: Record<string, Scalar> = {};
    for (const [part, v] of Object.entries(value)) {
      if (isScalar(v)) values[names?.[part] ?? part] = v;
    }
    return { ...base, values };
  }
  return { ...base, value: isScalar(value) ? value : null };
}

function summaries(fields: readonly FormField[], answers: Record<string, unknown>): FormFieldSummary[] {
  return fields
    .filter((f) => f.type !== 'section')
    .map((f) => summarizeFormField(summaryField(f, Object.hasOwn(answers, f.id) ? answers[f.id] : null)));
}

/** The answers to keep: the form's own fields only, email addresses trimmed (spec §5). */
function storedAnswers(fields: readonly FormField[], form: Record<string, unknown>): Record<string, unknown> {
  const entries: [string, unknown][] = [];
  for (const field of fields) {
    if (field.type === 'section' || !Object.hasOwn(form, field.id)) continue;
    const value = form[field.id];
    entries.push([field.id, field.type === 'email' && typeof value === 'string' ? value.trim() : value]);
  }
  return Object.fromEntries(entries);
}

/**
 * Checks and stores one submission. Throws 404 for an unknown form, 401 for a missing, used or
 * expired key, 400 with per-field errors. The key is used up, the submission stored and its
 * emails queued (and a newsletter form's sign-up made) in one transaction: once this returns,
 * all are durable.
 */
export async function saveFormSubmission(
  ctx: SiteContext,
  captcha: CaptchaProvider,
  request: SubmissionRequest,
  /** The site's address, for the links of a newsletter form's confirmation email. */
  linkBase: string,
): Promise<SubmissionOutcome> {
  const row = await findForm(ctx.db, ctx.websiteId, request.formId);
  if (!row) throw new HttpError(404, MESSAGES.formNotConfigured);
  if (!request.key) throw new HttpError(401, MESSAGES.formUnauthorized);
  const fields = JSON.parse(row.fields) as FormField[];
  const recipients = JSON.parse(row.notification_emails) as string[];
  const keyHash = sha256(request.key);
  const { [HONEYPOT_FIELD]: honeypot, ...form } = request.form;
  const trapped = typeof honeypot === 'string' ? honeypot.trim() !== '' : honeypot != null;

  const now = ctx.clock.now();
  const outcome: SubmissionOutcome = {
    successText: row.success_text,
    postSubmitHtml: row.post_submit_html,
    successRedirect: row.success_redirect,
  };
  let captchaAnswer: VerifiedAnswer | null = null;
  if (!trapped) {
    const errors = checkAnswers(fields, form);
    if (row.captcha_enabled) {
      captchaAnswer = await verifyCaptcha(captcha, request.captchaKey, now);
      if (!captchaAnswer) errors[CAPTCHA_ERROR_KEY] = MESSAGES.captchaIncomplete;
    }
    const problems = Object.keys(errors);
    if (problems.length === 1 && problems[0] === CAPTCHA_ERROR_KEY) throw captchaRefused();
    if (problems.length > 0) throw new HttpError(400, MESSAGES.formInvalid, undefined, errors);
  }
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await consumeSubmissionKey(trx, ctx.websiteId, keyHash, now))) {
      throw new HttpError(401, MESSAGES.formUnauthorized);
    }
    // A bot that filled the honeypot sees the same answer as a person and leaves nothing behind.
    if (trapped) return;
    // A solved captcha lets one submission through; the key goes back unused when it was spent.
    if (captchaAnswer && !(await spendCaptchaAnswer(trx, ctx.websiteId, captchaAnswer, now))) {
      throw captchaRefused();
    }
    const id = newId('fs');
    await insertSubmission(trx, {
      id,
      website_id: ctx.websiteId,
      form_id: row.id,
      answers: JSON.stringify(storedAnswers(fields, form)),
      created_at: now,
    });
    const data = {
      siteTitle: ctx.site.website.siteTitle,
      formName: row.name,
      answers: summaries(fields, form),
    };
    for (const to of recipients) {
      await enqueueEmail(ctx, trx, { to, template: 'form-submission', data, ref: `form-submission:${id}` });
    }
    // A newsletter form signs its (validated) email address up, asking the address to confirm.
    const emailField = fields.find((f) => f.type === 'email');
    const email = emailField ? form[emailField.id] : undefined;
    if (row.mailing_list_id && typeof email === 'string' && email.trim() !== '') {
      await signUp(ctx, trx, { listId: row.mailing_list_id, email, source: 'form', linkBase });
    }
  });
  return outcome;
}
