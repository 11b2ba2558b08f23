/**
 * Server-side validation of form answers (spec §5 "Custom forms": "The server validates again
 * and returns per-field messages"). The spec's rules come from @storefront/commerce; this file
 * adds the shape of each field type's answer, which the spec leaves open (docs/api.md).
 */
import {
  type FieldValue,
  FORM_ANSWER_PARTS,
  LIKERT_MAX,
  LIKERT_MIN,
  validateEmail,
  validateFormField,
} from '@storefront/commerce';
import type { FormField } from '../catalog/import-schema.js';

/** Messages for answers of the wrong shape (the spec gives none; shown beside the field). */
export const ANSWER_MESSAGES = {
  notText: 'Enter text.',
  notANumber: 'Enter a number.',
  notAnOption: 'Choose one of the listed options.',
  notOptions: 'Choose from the listed options.',
  badParts: 'This answer is not in the expected format.',
  badLikert: 'Answer each statement from Strongly Disagree to Strongly Agree.',
  badDate: 'Enter a valid date.',
  badTime: 'Enter a valid time.',
  badPhone: 'Enter a valid phone number.',
  unknownField: 'This form has no such field.',
} as const;

/** A time answer's hour is on the 12-hour clock, minutes 0–59. */
const HOUR_MIN = 1;
const HOUR_MAX = 12;
const MINUTE_MAX = 59;
const PHONE_NUMBER_RE = /^[0-9 ().-]{4,20}$/;
const PHONE_COUNTRY_RE = /^\+?[0-9]{1,3}$/;

type Parts = Record<string, string>;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A multi-part answer as strings, or null when it has unknown parts or non-scalar values. */
function readParts(value: unknown, names: readonly string[]): Parts | null {
  if (!isRecord(value)) return null;
  const out: Parts = {};
  for (const [key, part] of Object.entries(value)) {
    if (!names.includes(key)) return null;
    if (part === null || part === undefined) continue;
    if (typeof part !== 'string' && typeof part !== 'number') return null;
    out[key] = String(part).trim();
  }
  return out;
}

const isBlank = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

function wholeIn(text: string | undefined, min: number, max: number): number | null {
  if (text === undefined || !/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

function checkDate(p: Parts): string | null {
  const year = wholeIn(p.year, 1, 9999);
  const month = wholeIn(p.month, 1, 12);
  const day = wholeIn(p.day, 1, 31);
  if (year === null || month === null || day === null) return ANSWER_MESSAGES.badDate;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 ? null : ANSWER_MESSAGES.badDate;
}

function checkTime(p: Parts): string | null {
  const ok =
    wholeIn(p.hour, HOUR_MIN, HOUR_MAX) !== null &&
    wholeIn(p.minute ?? '0', 0, MINUTE_MAX) !== null &&
    /^(am|pm)$/i.test(p.ampm ?? '');
  return ok ? null : ANSWER_MESSAGES.badTime;
}

function checkPhone(p: Parts): string | null {
  const ok =
    PHONE_NUMBER_RE.test(p.number ?? '') &&
    /[0-9]/.test(p.number ?? '') &&
    (p.country === undefined || p.country === '' || PHONE_COUNTRY_RE.test(p.country));
  return ok ? null : ANSWER_MESSAGES.badPhone;
}

function hasAnyPart(p: Parts): boolean {
  return Object.values(p).some((v) => v !== '');
}

/** The message for one field's answer, or null when it is acceptable. */
export function checkAnswer(field: FormField, value: unknown): string | null {
  switch (field.type) {
    case 'section':
      return null;
    case 'text':
    case 'email':
    case 'textarea':
    case 'number':
    case 'website': {
      if (isBlank(value)) return validateFormField(field, null);
      if (typeof value !== 'string' && !(field.type === 'number' && typeof value === 'number'))
        return ANSWER_MESSAGES.notText;
      const text = String(value);
      const rule = validateFormField(field, text);
      if (rule) return rule;
      if (field.type === 'email') {
        const email = validateEmail(text, { required: field.required });
        return email.ok ? null : email.message;
      }
      if (field.type === 'number' && !Number.isFinite(Number(text.trim()))) return ANSWER_MESSAGES.notANumber;
      return null;
    }
    case 'select':
    case 'radio': {
      if (isBlank(value)) return validateFormField(field, null);
      if (typeof value !== 'string' || !field.options.includes(value)) return ANSWER_MESSAGES.notAnOption;
      return null;
    }
    case 'checkbox': {
      if (value === null || value === undefined) return validateFormField(field, null);
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !field.options.includes(v)))
        return ANSWER_MESSAGES.notOptions;
      return validateFormField(field, value as string[]);
    }
    case 'likert': {
      const answers: Parts = {};
      if (value !== null && value !== undefined) {
        if (!isRecord(value)) return ANSWER_MESSAGES.badLikert;
        for (const [statement, answer] of Object.entries(value)) {
          if (answer === null || answer === undefined || answer === '') continue;
          const n = Number(answer);
          const valid =
            field.options.includes(statement) &&
            (typeof answer === 'number' || typeof answer === 'string') &&
            Number.isInteger(n) &&
            n >= LIKERT_MIN &&
            n <= LIKERT_MAX;
          if (!valid) return ANSWER_MESSAGES.badLikert;
          answers[statement] = String(n);
        }
      }
      return validateFormField({ ...field, questions: field.options }, answers);
    }
    case 'name':
    case 'address':
    case 'date':
    case 'time':
    case 'phone': {
      if (value === null || value === undefined) return validateFormField(field, null);
      const parts = readParts(value, FORM_ANSWER_PARTS[field.type]);
      if (!parts) return ANSWER_MESSAGES.badParts;
      const rule = validateFormField(field, parts as FieldValue);
      if (rule || !hasAnyPart(parts)) return rule;
      if (field.type === 'date') return checkDate(parts);
      if (field.type === 'time') return checkTime(parts);
      if (field.type === 'phone') return checkPhone(parts);
      return null;
    }
  }
}

/**
 * Every problem of a whole answer set `{ [fieldId]: value }`, keyed by field id (empty when the
 * answers are acceptable). Answers for ids the form does not have are refused too.
 */
export function checkAnswers(fields: readonly FormField[], answers: unknown): Record<string, string> {
  // Entries, not assignments: `errors.__proto__ = …` would set no key, and a `__proto__` answer
  // (JSON.parse makes it an own key) would pass unrefused.
  const errors: [string, string][] = [];
  const given = isRecord(answers) ? answers : {};
  const known = new Set(fields.map((f) => f.id));
  for (const field of fields) {
    const value = Object.hasOwn(given, field.id) ? given[field.id] : undefined;
    const message = checkAnswer(field, value);
    if (message) errors.push([field.id, message]);
  }
  for (const key of Object.keys(given)) {
    if (!known.has(key)) errors.push([key, ANSWER_MESSAGES.unknownField]);
  }
  return Object.fromEntries(errors);
}
