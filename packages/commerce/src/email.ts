/** Email and form field rules (spec §5 "Waitlist", "Site forms", §9). */
import { emailFormatMessage, MESSAGES } from './messages.js';

/** Spec §9: "Email length is 3 to 256." */
export const EMAIL_MIN_LENGTH = 3;
export const EMAIL_MAX_LENGTH = 256;

/** Example address shown in the site-form email message. */
export const EMAIL_FORMAT_EXAMPLE = 'user@domain.com';

/**
 * The spec's "user@domain form", as RFC 5322's addr-spec in its dot-atom form (RFC 6531 lets the
 * atoms hold non-ASCII letters): no quotes, commas, angle brackets, semicolons or other characters
 * a mail library would read as a second recipient or a header; dots only between atoms.
 */
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~\\u0080-\\uFFFF-]+";
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?';
const EMAIL_RE = new RegExp(`^${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})*$`, 'u');

/** Spec §5: trimmed, length 3 to 256, user@domain form. */
export function isValidEmail(input: string): boolean {
  const email = input.trim();
  return email.length >= EMAIL_MIN_LENGTH && email.length <= EMAIL_MAX_LENGTH && EMAIL_RE.test(email);
}

export type EmailValidation = { ok: true; email: string } | { ok: false; message: string };

/**
 * Site-form email check: an empty optional field passes; an empty required field is
 * 'Required'; otherwise the format message.
 */
export function validateEmail(
  input: string | null | undefined,
  opts: { required?: boolean } = {},
): EmailValidation {
  const email = (input ?? '').trim();
  if (email === '') return opts.required ? { ok: false, message: MESSAGES.required } : { ok: true, email };
  return isValidEmail(email)
    ? { ok: true, email }
    : { ok: false, message: emailFormatMessage(EMAIL_FORMAT_EXAMPLE) };
}

/** Waitlist (restock) email check: 'Email cannot be blank' / 'Email is invalid'. */
export function validateWaitlistEmail(input: string | null | undefined): EmailValidation {
  const email = (input ?? '').trim();
  if (email === '') return { ok: false, message: MESSAGES.emailBlank };
  return isValidEmail(email) ? { ok: true, email } : { ok: false, message: MESSAGES.emailInvalid };
}
