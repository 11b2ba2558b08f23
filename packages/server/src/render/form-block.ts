/**
 * The site form block (spec §3 block type form 9): server-rendered by the theme's form.block,
 * made interactive by the SiteForm island, and working as a plain HTML form without JavaScript.
 * `renderFormBlock` is what any page places for a block of type 9.
 */
import {
  characterCounter,
  FORM_PART_LABELS,
  FORM_PART_ORDER,
  formInputName,
  LIKERT_LABELS,
  LIKERT_MAX,
  LIKERT_MIN,
  PHONE_COUNTRY_LABEL,
} from '@storefront/commerce';
import type { CaptchaWidget } from '../modules/captcha/provider.js';
import type { FormField } from '../modules/catalog/import-schema.js';
import type { FormSettings } from '../modules/forms/service.js';
import { CAPTCHA_ERROR_KEY, HONEYPOT_FIELD } from '../modules/forms/submissions.js';
import type { SiteFormProps } from './site-form-schema.js';
import type { Theme } from './theme.js';

/** Spec §3 block types: "form 9". */
export const FORM_BLOCK_TYPE = 9;
/** Shown after a submission when the owner wrote no success text. */
export const DEFAULT_SUCCESS_TEXT = 'Thank you! Your submission has been received.';
export const SUBMIT_TEXT = 'Submit';
export const NEWSLETTER_SUBMIT_TEXT = 'Sign Up';
/** A newsletter form's success text when the owner wrote none: the sign-up waits for the emailed link. */
export const NEWSLETTER_SUCCESS_TEXT =
  'Thank you! Check your inbox and open the link we sent to confirm your subscription.';

/** What a visitor reads once the form is accepted. */
export function successTextOf(form: Pick<FormSettings, 'successText' | 'mailingListId'>): string {
  return form.successText ?? (form.mailingListId !== null ? NEWSLETTER_SUCCESS_TEXT : DEFAULT_SUCCESS_TEXT);
}
/** Where the form posts without JavaScript. */
export const formActionPath = (formId: string) => `/api/form/submit/${encodeURIComponent(formId)}`;

/** Autocomplete hints of the parts browsers can fill in. */
const PART_AUTOCOMPLETE: Record<string, Record<string, string>> = {
  name: { first: 'given-name', last: 'family-name' },
  address: {
    line1: 'address-line1',
    line2: 'address-line2',
    city: 'address-level2',
    region: 'address-level1',
    postalCode: 'postal-code',
    country: 'country-name',
  },
  phone: { country: 'tel-country-code', number: 'tel-national' },
};

/** What a page passes in: the crumb, the captcha, and after a refused plain POST its values and errors. */
export interface FormBlockOptions {
  crumb: string;
  captcha: CaptchaWidget;
  values?: Record<string, unknown>;
  errors?: Record<string, string>;
  notice?: string;
  /** Where the notice stands: above the fields (a page loaded at its top) or by the button. */
  noticePosition?: 'above' | 'below';
  /** Starts the fields' ids: another than the default where the same form may show twice (the footer's). */
  idPrefix?: string;
  /** The island loads at the visitor's first use of the form, not with the page (the footer's, on every page). */
  onIntent?: boolean;
}

/** The fields' ids start with this unless the page says otherwise. */
export const FORM_ID_PREFIX = 'sf';
const idPrefixOf = (options: FormBlockOptions) => options.idPrefix ?? FORM_ID_PREFIX;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

function fieldContext(field: FormField, value: unknown, error: string | undefined, prefix: string) {
  const base = {
    id: field.id,
    domId: `${prefix}-${field.id}`,
    title: field.title,
    description: field.description ?? '',
    required: field.type !== 'section' && field.required,
    error: error ?? '',
    errorId: `${prefix}-${field.id}-error`,
    name: formInputName(field.id),
  };
  switch (field.type) {
    case 'section':
      return { ...base, isSection: true };
    case 'textarea': {
      const text = str(value);
      const counter = field.maxLength ? characterCounter(text, field.maxLength) : null;
      return { ...base, isTextarea: true, value: text, maxLength: field.maxLength ?? '', counter };
    }
    case 'text':
    case 'email':
    case 'number':
    case 'website':
      return {
        ...base,
        isInput: true,
        inputType:
          field.type === 'email'
            ? 'email'
            : field.type === 'number'
              ? 'number'
              : field.type === 'website'
                ? 'url'
                : 'text',
        autocomplete: field.type === 'email' ? 'email' : 'off',
        placeholder: field.placeholder ?? '',
        value: str(value),
      };
    case 'select':
      return {
        ...base,
        isSelect: true,
        options: field.options.map((o) => ({ value: o, selected: value === o })),
      };
    case 'radio':
    case 'checkbox': {
      const chosen = Array.isArray(value) ? value : [value];
      return {
        ...base,
        isChoices: true,
        inputType: field.type,
        options: field.options.map((o, i) => ({
          value: o,
          optionId: `${prefix}-${field.id}-${i}`,
          checked: chosen.includes(o),
        })),
      };
    }
    case 'likert': {
      const answers = isRecord(value) ? value : {};
      const scale: { value: string; label: string }[] = [];
      for (let n = LIKERT_MIN; n <= LIKERT_MAX; n++)
        scale.push({ value: String(n), label: LIKERT_LABELS[n] });
      return {
        ...base,
        isLikert: true,
        scale,
        statements: field.options.map((statement, i) => ({
          statement,
          name: formInputName(field.id, i),
          choices: scale.map((s) => ({ ...s, checked: str(answers[statement]) === s.value })),
        })),
      };
    }
    case 'name':
    case 'address':
    case 'date':
    case 'time':
    case 'phone': {
      const parts = isRecord(value) ? value : {};
      const names = FORM_PART_ORDER[field.type];
      return {
        ...base,
        isParts: true,
        kind: field.type,
        parts: names.map((p) => ({
          part: p,
          name: formInputName(field.id, p),
          partId: `${prefix}-${field.id}-${p}`,
          label: field.type === 'phone' && p === 'country' ? PHONE_COUNTRY_LABEL : FORM_PART_LABELS[p],
          value: str(parts[p]),
          autocomplete: PART_AUTOCOMPLETE[field.type]?.[p] ?? 'off',
          inputMode: ['year', 'month', 'day', 'hour', 'minute'].includes(p)
            ? 'numeric'
            : p === 'number'
              ? 'tel'
              : 'text',
          isAmPm: p === 'ampm',
          amSelected: str(parts[p]).toLowerCase() === 'am',
          pmSelected: str(parts[p]).toLowerCase() === 'pm',
        })),
      };
    }
  }
}

export function siteFormProps(form: FormSettings, options: FormBlockOptions): SiteFormProps {
  return {
    formId: form.id,
    fields: form.fields,
    action: formActionPath(form.id),
    successText: successTextOf(form),
    postSubmitHtml: form.postSubmitHtml,
    successRedirect: form.successRedirect,
    captcha: form.captchaEnabled ? options.captcha : null,
    submitText: form.mailingListId !== null ? NEWSLETTER_SUBMIT_TEXT : SUBMIT_TEXT,
    honeypotName: HONEYPOT_FIELD,
    captchaErrorKey: CAPTCHA_ERROR_KEY,
    values: options.values ?? {},
    errors: options.errors ?? {},
    notice: options.notice ?? '',
    newsletter: form.mailingListId !== null,
    title: form.name,
    idPrefix: idPrefixOf(options),
  };
}

/** The JSON the theme's form.block renders. */
export function formBlockContext(form: FormSettings, options: FormBlockOptions) {
  const values = options.values ?? {};
  const errors = options.errors ?? {};
  return {
    form: {
      id: form.id,
      name: form.name,
      action: formActionPath(form.id),
      crumb: options.crumb,
      props: JSON.stringify(siteFormProps(form, options)),
      fields: form.fields.map((f) => fieldContext(f, values[f.id], errors[f.id], idPrefixOf(options))),
      onIntent: options.onIntent === true,
      captcha: form.captchaEnabled,
      captchaError: errors[CAPTCHA_ERROR_KEY] ?? '',
      honeypotName: HONEYPOT_FIELD,
      notice: options.notice ?? '',
      noticeAbove: options.noticePosition === 'above' && Boolean(options.notice),
      noticeBelow: options.noticePosition !== 'above' && Boolean(options.notice),
      submitText: form.mailingListId !== null ? NEWSLETTER_SUBMIT_TEXT : SUBMIT_TEXT,
      newsletter: form.mailingListId !== null,
    },
  };
}

/** The footer's copy of a form: ids of its own, beside the same form in a page's content. */
export const FOOTER_FORM_ID_PREFIX = 'sf-footer';

/**
 * Every page's footer sign-up: the site's newsletter form (Site.footerNewsletter) as a form block
 * that posts without JavaScript and loads its island at the visitor's first use; '' for none.
 */
export function footerSignUpHtml(
  theme: Theme,
  form: FormSettings | null,
  options: Pick<FormBlockOptions, 'crumb' | 'captcha'>,
): string {
  if (!form) return '';
  return renderFormBlock(theme, form, { ...options, idPrefix: FOOTER_FORM_ID_PREFIX, onIntent: true });
}

/** The HTML of a form block of type 9, for any page that places one. */
export function renderFormBlock(theme: Theme, form: FormSettings, options: FormBlockOptions): string {
  return theme.render('formBlock', formBlockContext(form, options));
}
