import { type FieldValue, LIKERT_MAX, LIKERT_MIN, validateFormField } from '@storefront/commerce';

/** `GET /api/template/GetTemplateSchema?type=form&formId=…` (docs/product-form.md). */
export interface FormSchemaField {
  id: string;
  type: string;
  title: string;
  required?: boolean;
  /** Choices of radio, select and checkbox; the statements of a likert. */
  options?: string[];
  description?: string;
  maxLength?: number;
}

export interface FormSchema {
  id: string;
  name: string;
  fields: FormSchemaField[];
}

/** Sub-fields of the multi-part types, in display order, with their labels. */
export const PARTS = {
  name: [
    ['first', 'First Name'],
    ['last', 'Last Name'],
  ],
  address: [
    ['line1', 'Address 1'],
    ['line2', 'Address 2'],
    ['city', 'City'],
    ['region', 'State/Province'],
    ['postalCode', 'ZIP/Postal Code'],
    ['country', 'Country'],
  ],
  date: [
    ['month', 'Month'],
    ['day', 'Day'],
    ['year', 'Year'],
  ],
  time: [
    ['hour', 'Hour'],
    ['minute', 'Minute'],
    ['ampm', 'AM/PM'],
  ],
  phone: [
    ['country', 'Country Code'],
    ['number', 'Number'],
  ],
} as const satisfies Record<string, readonly (readonly [string, string])[]>;

export type PartsType = keyof typeof PARTS;

export function isPartsType(type: string): type is PartsType {
  return Object.hasOwn(PARTS, type);
}

/**
 * The date field is one native date input; its value travels as the date parts the server checks
 * ({ month, day, year }, numbers without leading zeros, as a person types them).
 */
export function dateParts(iso: string): Record<string, string> {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return { month: '', day: '', year: '' };
  const [, year, month, day] = match;
  return { month: String(Number(month)), day: String(Number(day)), year };
}

/** The date input's 'YYYY-MM-DD' value of the parts; empty while any part is missing. */
export function isoDate(parts: Record<string, string>): string {
  const { year = '', month = '', day = '' } = parts;
  if (!/^\d{4}$/.test(year) || !/^\d{1,2}$/.test(month) || !/^\d{1,2}$/.test(day)) return '';
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** What the shopper has entered in a field, before it is turned into the wire value. */
export type FieldState = string | string[] | Record<string, string>;

export function initialState(field: FormSchemaField): FieldState {
  if (field.type === 'checkbox') return [];
  if (isPartsType(field.type)) return Object.fromEntries(PARTS[field.type].map(([key]) => [key, '']));
  if (field.type === 'likert') return Object.fromEntries((field.options ?? []).map((q) => [q, '']));
  return '';
}

/** Likert answers in order: −2 (Strongly Disagree) … 2 (Strongly Agree). */
export const LIKERT_VALUES = Array.from({ length: LIKERT_MAX - LIKERT_MIN + 1 }, (_, i) => LIKERT_MIN + i);

/** Spec §5 client checks through commerce's rule: 'Required' or the likert survey message. */
export function fieldError(field: FormSchemaField, state: FieldState | undefined): string | null {
  return validateFormField(
    { type: field.type, required: field.required, maxLength: field.maxLength, questions: field.options },
    state as FieldValue,
  );
}

export type WireValue = string | string[] | Record<string, string | number>;

/**
 * The values sent to validation and stored as the entry's additionalFields, keyed by field id:
 * multi-part fields as objects, checkbox as a list, likert as { statement: −2…2 } (answered
 * statements only). Sections carry no value.
 */
export function wireValues(
  schema: FormSchema,
  states: Record<string, FieldState>,
): Record<string, WireValue> {
  const out: Record<string, WireValue> = {};
  for (const field of schema.fields) {
    if (field.type === 'section') continue;
    const state = states[field.id] ?? initialState(field);
    if (field.type === 'likert' && typeof state === 'object' && !Array.isArray(state)) {
      out[field.id] = Object.fromEntries(
        Object.entries(state)
          .filter(([, v]) => v !== '')
          .map(([q, v]) => [q, Number(v)]),
      );
    } else {
      out[field.id] = state;
    }
  }
  return out;
}
