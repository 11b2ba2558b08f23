/** Form field rules and answer summaries (spec §3 form field types, §5 custom/site forms, §8, §9). */
import { characterCounterText, MESSAGES, NO_ANSWER } from './messages.js';

/** Spec §9: "Likert scale -2 to 2: Strongly Disagree, Disagree, Neutral, Agree, Strongly Agree." */
export const LIKERT_MIN = -2;
export const LIKERT_MAX = 2;
export const LIKERT_LABELS: Readonly<Record<number, string>> = {
  [-2]: 'Strongly Disagree',
  [-1]: 'Disagree',
  0: 'Neutral',
  1: 'Agree',
  2: 'Strongly Agree',
};

/** Label of a likert answer ('1' or 1 → 'Agree'); null outside −2..2. */
export function likertLabel(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  // Only the whole numbers −2..2 are keys of the table.
  return LIKERT_LABELS[Number(value)] ?? null;
}

export type FormFieldType =
  | 'date'
  | 'name'
  | 'time'
  | 'address'
  | 'checkbox'
  | 'likert'
  | 'radio'
  | 'select'
  | 'phone'
  | 'section'
  | 'textarea'
  | string;

/** Spec §3: "A form summary field has type, rawTitle, value, values." */
export interface FormSummaryField {
  type: FormFieldType;
  rawTitle: string;
  value?: string | number | null;
  values?: Record<string, string | number | null | undefined> | (string | number)[] | null;
}

export type FormFieldSummary =
  | { kind: 'text'; title: string; text: string }
  | { kind: 'lines'; title: string; lines: string[] }
  | { kind: 'pairs'; title: string; pairs: { label: string; value: string }[] };

type Parts = Record<string, string | number | null | undefined>;

const str = (v: string | number | null | undefined): string =>
  v === null || v === undefined ? '' : String(v).trim();
const joinPresent = (parts: string[], sep: string): string => parts.filter((p) => p !== '').join(sep);

/** 'M/D/YYYY' as entered: { Month: '11', Day: '23', Year: '2010' } → '11/23/2010'. */
export function formatDateAnswer(v: Parts): string {
  return joinPresent([str(v.Month), str(v.Day), str(v.Year)], '/');
}

/** { First: 'John', Last: 'Doe' } → 'John Doe'. */
export function formatNameAnswer(v: Parts): string {
  return joinPresent([str(v.First), str(v.Last)], ' ');
}

/** { Country: '1', Areacode: '646', Prefix: '123', Line: '0000' } → '+1 646-123-0000'. */
export function formatPhoneAnswer(v: Parts): string {
  const number = joinPresent([str(v.Areacode), str(v.Prefix), str(v.Line)], '-');
  const country = str(v.Country);
  return country ? `+${country} ${number}` : number;
}

const pad2 = (v: string | number | null | undefined): string => str(v).padStart(2, '0');

/**
 * 'H:MM:SS ampm': { Hour: 9, Minute: 15, Second: 31, Ampm: 'am' } → '9:15:31 am'. A missing
 * hour reads '00'; missing minutes and seconds read '00'.
 */
export function formatTimeAnswer(v: Parts): string {
  return joinPresent([`${str(v.Hour) || '00'}:${pad2(v.Minute)}:${pad2(v.Second)}`, str(v.Ampm)], ' ');
}

/** Address lines: line 1, line 2 (if any), then 'City, State Zip Country'. */
export function formatAddressAnswer(v: Parts): string[] {
  const cityLine = joinPresent(
    [joinPresent([str(v.City), str(v.State)], ', '), str(v.Zip), str(v.Country)],
    ' ',
  );
  return [str(v.Line1), str(v.Line2), cityLine].filter((line) => line !== '');
}

function isParts(values: FormSummaryField['values']): values is Parts {
  return typeof values === 'object' && values !== null && !Array.isArray(values);
}

/**
 * Spec §2 form-answer summaries. Empty answers read 'N/A' (or the localized text passed as
 * `noAnswer`). Likert answers are their scale labels.
 */
export function summarizeFormField(field: FormSummaryField, noAnswer: string = NO_ANSWER): FormFieldSummary {
  const title = field.rawTitle;
  const text = (t: string): FormFieldSummary => ({ kind: 'text', title, text: t === '' ? noAnswer : t });
  const { values } = field;
  if (isParts(values)) {
    switch (field.type) {
      case 'address': {
        const lines = formatAddressAnswer(values);
        return lines.length ? { kind: 'lines', title, lines } : text('');
      }
      case 'date':
        return text(formatDateAnswer(values));
      case 'name':
        return text(formatNameAnswer(values));
      case 'phone':
        return text(formatPhoneAnswer(values));
      case 'time':
        return text(formatTimeAnswer(values));
      case 'likert': {
        const pairs = Object.entries(values).map(([label, v]) => ({
          label,
          value: likertLabel(v) ?? noAnswer,
        }));
        return pairs.length ? { kind: 'pairs', title, pairs } : text('');
      }
    }
  }
  if (Array.isArray(values) && values.length > 0) return text(values.map((v) => str(v)).join(', '));
  return text(str(field.value));
}

/** A field as the form validator sees it. */
export interface FormFieldRule {
  type: FormFieldType;
  required?: boolean;
  maxLength?: number;
  /** Likert questions that need an answer. */
  questions?: string[];
}

export type FieldValue = string | string[] | Record<string, string | null | undefined> | null | undefined;

function isEmpty(value: FieldValue): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every((v) => v.trim() === '');
  return Object.values(value).every((v) => v === null || v === undefined || v.trim() === '');
}

/**
 * Spec §5 custom and site forms: section fields are skipped; a required empty field is
 * 'Required'; a required likert with an unanswered question is the survey message; a textarea
 * over its maximum is the character-limit message. Returns null when valid.
 */
export function validateFormField(field: FormFieldRule, value: FieldValue): string | null {
  if (field.type === 'section') return null;
  if (field.type === 'likert') {
    if (!field.required) return null;
    const answers = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
    const questions = field.questions ?? Object.keys(answers);
    const missing = questions.length === 0 || questions.some((q) => likertLabel(answers[q]) === null);
    return missing ? MESSAGES.likertMissing : null;
  }
  if (isEmpty(value)) return field.required ? MESSAGES.required : null;
  if (
    field.maxLength !== undefined &&
    typeof value === 'string' &&
    Array.from(value).length > field.maxLength
  ) {
    return MESSAGES.characterLimitExceeded;
  }
  return null;
}

/** Spec §5: the textarea counter 'n / max' and whether it is over the limit. */
export function characterCounter(value: string, max: number): { text: string; over: boolean } {
  const length = Array.from(value).length;
  return { text: characterCounterText(length, max), over: length > max };
}

/**
 * Spec §8: the whole-form problem notice. Shown above the form it says to scroll down to the
 * fields, shown below it says to scroll up; newsletter forms show neither.
 */
export function formProblemMessage(noticePosition: 'above' | 'below', newsletter = false): string | null {
  if (newsletter) return null;
  return noticePosition === 'above' ? MESSAGES.formProblemScrollDown : MESSAGES.formProblemScrollUp;
}

/** A field as the answer summary needs it: its id, title and type (and likert statements). */
export interface AnswerField {
  id: string;
  title: string;
  type: FormFieldType;
}

/** One answered field, as the cart line shows it: 'Engraving text: J & O'. */
export interface AnswerLine {
  title: string;
  text: string;
}

type WireParts = Record<string, unknown>;
const part = (v: WireParts, key: string): string =>
  typeof v[key] === 'string' || typeof v[key] === 'number' ? String(v[key]).trim() : '';

/** The text of one stored answer (the wire values of the custom form), '' when unanswered. */
function answerText(type: FormFieldType, value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  if (Array.isArray(value))
    return value
      .map((v) => String(v).trim())
      .filter((v) => v !== '')
      .join(', ');
  if (!value || typeof value !== 'object') return '';
  const v = value as WireParts;
  switch (type) {
    case 'date':
      return formatDateAnswer({ Month: part(v, 'month'), Day: part(v, 'day'), Year: part(v, 'year') });
    case 'name':
      return formatNameAnswer({ First: part(v, 'first'), Last: part(v, 'last') });
    case 'time':
      return part(v, 'hour') === ''
        ? ''
        : joinPresent([`${part(v, 'hour')}:${part(v, 'minute').padStart(2, '0')}`, part(v, 'ampm')], ' ');
    case 'phone':
      return joinPresent([part(v, 'country') && `+${part(v, 'country')}`, part(v, 'number')], ' ');
    case 'likert':
      return Object.entries(v)
        .map(([statement, answer]) => {
          const label = likertLabel(answer as number | string);
          return label ? `${statement}: ${label}` : '';
        })
        .filter((t) => t !== '')
        .join('; ');
    default:
      return joinPresent(
        Object.values(v).map((p) => (typeof p === 'string' || typeof p === 'number' ? String(p).trim() : '')),
        ', ',
      );
  }
}

/**
 * The answers of a cart entry's custom form (its additionalFields JSON string), in the form's
 * order, answered fields only; sections and unknown or broken JSON give nothing.
 */
export function formAnswerLines(
  fields: readonly AnswerField[],
  additionalFields: string | null,
): AnswerLine[] {
  if (!additionalFields) return [];
  let answers: unknown;
  try {
    answers = JSON.parse(additionalFields);
  } catch {
    return [];
  }
  if (!answers || typeof answers !== 'object' || Array.isArray(answers)) return [];
  const byId = answers as Record<string, unknown>;
  return fields
    .filter((f) => f.type !== 'section' && Object.hasOwn(byId, f.id))
    .map((f) => ({ title: f.title, text: answerText(f.type, byId[f.id]) }))
    .filter((line) => line.text !== '');
}

/**
 * How a site form's inputs are named in HTML, so the page without JavaScript, the island and
 * the server read one scheme: a single value is `{fieldId}`; a part of a name, address, date,
 * time or phone is `{fieldId}.{part}`; each ticked checkbox repeats `{fieldId}`; a likert answer
 * is `{fieldId}.{statement index}`.
 */
export const FORM_ANSWER_PARTS = {
  name: ['first', 'last'],
  address: ['line1', 'line2', 'city', 'region', 'postalCode', 'country'],
  date: ['year', 'month', 'day'],
  time: ['hour', 'minute', 'ampm'],
  phone: ['country', 'number'],
} as const;

/** The parts in the order a site form shows them (dates as M/D/YYYY) and the label of each. */
// Written out, not spread from FORM_ANSWER_PARTS: a spread is kept by tree-shaking, and the
// engine's browser bundle (which imports this module) has a byte budget.
export const FORM_PART_ORDER: Record<keyof typeof FORM_ANSWER_PARTS, readonly string[]> = {
  name: ['first', 'last'],
  address: ['line1', 'line2', 'city', 'region', 'postalCode', 'country'],
  date: ['month', 'day', 'year'],
  time: ['hour', 'minute', 'ampm'],
  phone: ['country', 'number'],
};
export const FORM_PART_LABELS: Readonly<Record<string, string>> = {
  first: 'First name',
  last: 'Last name',
  line1: 'Address line 1',
  line2: 'Address line 2',
  city: 'City',
  region: 'State / region',
  postalCode: 'Postal code',
  country: 'Country',
  year: 'Year',
  month: 'Month',
  day: 'Day',
  hour: 'Hour',
  minute: 'Minute',
  ampm: 'AM / PM',
  number: 'Number',
};
/** The phone's country part is a calling code, not a country name. */
export const PHONE_COUNTRY_LABEL = 'Country code';

/** A field as the answer reader needs it. */
export interface NamedField {
  id: string;
  type: FormFieldType;
  options?: readonly string[];
}

export function formInputName(fieldId: string, part?: string | number): string {
  return part === undefined ? fieldId : `${fieldId}.${part}`;
}

/**
 * The answers of a submitted HTML form, keyed by field id, from its entries (name, value) in
 * document order. Blank inputs are left out, so a blank optional field passes and a blank
 * required one reads as missing.
 */
export function formAnswersFromEntries(
  fields: readonly NamedField[],
  entries: Iterable<readonly [string, string]>,
): Record<string, unknown> {
  const byName = new Map<string, string[]>();
  for (const [name, value] of entries) {
    const list = byName.get(name) ?? [];
    list.push(value);
    byName.set(name, list);
  }
  const first = (name: string) => {
    const v = byName.get(name)?.[0];
    return v === undefined || v.trim() === '' ? undefined : v;
  };
  const answers: [string, unknown][] = [];
  for (const field of fields) {
    if (field.type === 'section') continue;
    const parts = (FORM_ANSWER_PARTS as Record<string, readonly string[]>)[field.type];
    if (parts) {
      const value = Object.fromEntries(
        parts.flatMap((p) => {
          const v = first(formInputName(field.id, p));
          return v === undefined ? [] : [[p, v]];
        }),
      );
      if (Object.keys(value).length > 0) answers.push([field.id, value]);
    } else if (field.type === 'checkbox') {
      const ticked = (byName.get(field.id) ?? []).filter((v) => v !== '');
      if (ticked.length > 0) answers.push([field.id, ticked]);
    } else if (field.type === 'likert') {
      const value = Object.fromEntries(
        (field.options ?? []).flatMap((statement, i) => {
          const v = first(formInputName(field.id, i));
          return v === undefined ? [] : [[statement, Number(v)]];
        }),
      );
      if (Object.keys(value).length > 0) answers.push([field.id, value]);
    } else {
      const v = first(field.id);
      if (v !== undefined) answers.push([field.id, v]);
    }
  }
  return Object.fromEntries(answers);
}

/** Spec §9: "Captcha size is compact under 320 px width." */
export const CAPTCHA_COMPACT_BELOW_PX = 320;
