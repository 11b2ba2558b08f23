import {
  characterCounter,
  type FieldValue,
  FORM_PART_LABELS,
  FORM_PART_ORDER,
  formAnswersFromEntries,
  formInputName,
  formProblemMessage,
  LIKERT_LABELS,
  LIKERT_MAX,
  LIKERT_MIN,
  MESSAGES,
  PHONE_COUNTRY_LABEL,
  validateEmail,
  validateFormField,
} from '@storefront/commerce';
import { type FormEvent, lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { trackPixel } from '../analytics/pixel-events';
import { runPostSubmitHtml, saveSubmission } from './site-form/submit';
import type { CaptchaHandle, SiteFormField, SiteFormProps } from './site-form/types';

export type { SiteFormProps } from './site-form/types';

// Each captcha's code loads only on pages whose form asks for one.
const AltchaCaptcha = lazy(() =>
  import('./site-form/AltchaCaptcha').then((m) => ({ default: m.AltchaCaptcha })),
);
const RecaptchaCaptcha = lazy(() =>
  import('./site-form/RecaptchaCaptcha').then((m) => ({ default: m.RecaptchaCaptcha })),
);

type Values = Record<string, string | string[]>;
type Phase = 'idle' | 'submitting' | 'success';

const LIKERT_SCALE = Array.from({ length: LIKERT_MAX - LIKERT_MIN + 1 }, (_, i) => LIKERT_MIN + i);
const NUMERIC_PARTS = new Set(['year', 'month', 'day', 'hour', 'minute']);
const AUTOCOMPLETE: Record<string, string> = {
  'name.first': 'given-name',
  'name.last': 'family-name',
  'address.line1': 'address-line1',
  'address.line2': 'address-line2',
  'address.city': 'address-level2',
  'address.region': 'address-level1',
  'address.postalCode': 'postal-code',
  'address.country': 'country-name',
  'phone.country': 'tel-country-code',
  'phone.number': 'tel-national',
};
const INPUT_TYPES: Record<string, string> = { email: 'email', number: 'number', website: 'url' };

function valuesOf(entries: [string, string][], fields: SiteFormField[]): Values {
  const checkboxes = new Set(fields.filter((f) => f.type === 'checkbox').map((f) => f.id));
  const values: Values = {};
  for (const [name, value] of entries) {
    if (checkboxes.has(name)) values[name] = [...((values[name] as string[] | undefined) ?? []), value];
    else values[name] = value;
  }
  return values;
}

function entriesOf(values: Values): [string, string][] {
  return Object.entries(values).flatMap(([name, v]) =>
    (Array.isArray(v) ? v : [v]).map((x): [string, string] => [name, x]),
  );
}

/** Spec §5 site-form checks before sending, from the same rules the server applies. */
export function siteFormErrors(
  fields: SiteFormField[],
  answers: Record<string, unknown>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (field.type === 'section') continue;
    const value = answers[field.id];
    let message = validateFormField(
      {
        type: field.type,
        required: field.required,
        maxLength: 'maxLength' in field ? field.maxLength : undefined,
        questions: 'options' in field ? field.options : undefined,
      },
      value as FieldValue,
    );
    if (!message && field.type === 'email' && typeof value === 'string') {
      const email = validateEmail(value, { required: field.required });
      if (!email.ok) message = email.message;
    }
    if (message) errors[field.id] = message;
  }
  return errors;
}

function Title({ field }: { field: SiteFormField }) {
  return (
    <>
      {field.title}
      {field.type !== 'section' && field.required && (
        <>
          {' '}
          <span className="site-form-required" aria-hidden="true">
            *
          </span>
        </>
      )}
    </>
  );
}

function Description({ field }: { field: SiteFormField }) {
  return field.description ? <p className="site-form-description">{field.description}</p> : null;
}

interface FieldProps {
  /** Starts the field's ids (SiteFormProps.idPrefix). */
  prefix: string;
  field: SiteFormField;
  values: Values;
  error: string | undefined;
  set: (name: string, value: string | string[]) => void;
}

function FieldControl({ prefix, field, values, error, set }: FieldProps) {
  const domId = `${prefix}-${field.id}`;
  const errorId = `${prefix}-${field.id}-error`;
  const described = error ? errorId : undefined;
  const value = (name: string) => {
    const v = values[name];
    return typeof v === 'string' ? v : '';
  };
  const legend = (
    <legend>
      <Title field={field} />
    </legend>
  );

  const parts = (FORM_PART_ORDER as Record<string, readonly string[]>)[field.type];
  if (parts) {
    return (
      <fieldset className={`site-form-parts site-form-parts--${field.type}`} aria-describedby={described}>
        {legend}
        <Description field={field} />
        <div className="site-form-parts-row">
          {parts.map((part) => {
            const name = formInputName(field.id, part);
            const id = `${prefix}-${field.id}-${part}`;
            const label =
              field.type === 'phone' && part === 'country' ? PHONE_COUNTRY_LABEL : FORM_PART_LABELS[part];
            return (
              <label className={`site-form-part site-form-part--${part}`} htmlFor={id} key={part}>
                <span>{label}</span>
                {part === 'ampm' ? (
                  <select id={id} name={name} value={value(name)} onChange={(e) => set(name, e.target.value)}>
                    <option value="" />
                    <option value="am">AM</option>
                    <option value="pm">PM</option>
                  </select>
                ) : (
                  <input
                    id={id}
                    type="text"
                    name={name}
                    value={value(name)}
                    aria-invalid={error ? true : undefined}
                    autoComplete={AUTOCOMPLETE[`${field.type}.${part}`] ?? 'off'}
                    inputMode={NUMERIC_PARTS.has(part) ? 'numeric' : part === 'number' ? 'tel' : 'text'}
                    onChange={(e) => set(name, e.target.value)}
                  />
                )}
              </label>
            );
          })}
        </div>
      </fieldset>
    );
  }

  if (field.type === 'radio' || field.type === 'checkbox') {
    const chosen = values[field.id];
    const list = Array.isArray(chosen) ? chosen : chosen ? [chosen] : [];
    return (
      <fieldset className="site-form-choices" aria-describedby={described}>
        {legend}
        <Description field={field} />
        {(field.options ?? []).map((option, i) => (
          <label className="site-form-choice" htmlFor={`${prefix}-${field.id}-${i}`} key={option}>
            <input
              id={`${prefix}-${field.id}-${i}`}
              type={field.type}
              name={field.id}
              value={option}
              checked={list.includes(option)}
              onChange={(e) =>
                field.type === 'radio'
                  ? set(field.id, option)
                  : set(field.id, e.target.checked ? [...list, option] : list.filter((o) => o !== option))
              }
            />{' '}
            {option}
          </label>
        ))}
      </fieldset>
    );
  }

  if (field.type === 'likert') {
    return (
      <fieldset className="site-form-likert" aria-describedby={described}>
        {legend}
        <Description field={field} />
        {(field.options ?? []).map((statement, i) => {
          const name = formInputName(field.id, i);
          return (
            <fieldset className="site-form-likert-row" key={statement}>
              <legend>{statement}</legend>
              {LIKERT_SCALE.map((n) => (
                <label className="site-form-likert-choice" key={n}>
                  <input
                    type="radio"
                    name={name}
                    value={String(n)}
                    checked={value(name) === String(n)}
                    onChange={() => set(name, String(n))}
                  />{' '}
                  {LIKERT_LABELS[n]}
                </label>
              ))}
            </fieldset>
          );
        })}
      </fieldset>
    );
  }

  const label = (
    <label className="site-form-label" htmlFor={domId}>
      <Title field={field} />
    </label>
  );
  const common = {
    id: domId,
    name: field.id,
    value: value(field.id),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
  };
  if (field.type === 'select') {
    return (
      <>
        {label}
        <Description field={field} />
        <select {...common} onChange={(e) => set(field.id, e.target.value)}>
          <option value="">Select…</option>
          {(field.options ?? []).map((o) => (
            <option value={o} key={o}>
              {o}
            </option>
          ))}
        </select>
      </>
    );
  }
  if (field.type === 'textarea') {
    const counter = field.maxLength ? characterCounter(value(field.id), field.maxLength) : null;
    return (
      <>
        {label}
        <Description field={field} />
        <textarea {...common} rows={5} onChange={(e) => set(field.id, e.target.value)} />
        {counter && (
          <p
            className={`site-form-counter${counter.over ? ' site-form-counter--over' : ''}`}
            aria-live="polite"
          >
            {counter.text}
          </p>
        )}
      </>
    );
  }
  return (
    <>
      {label}
      <Description field={field} />
      <input
        {...common}
        type={INPUT_TYPES[field.type] ?? 'text'}
        placeholder={'placeholder' in field ? (field.placeholder ?? '') : ''}
        autoComplete={field.type === 'email' ? 'email' : 'off'}
        onChange={(e) => set(field.id, e.target.value)}
      />
    </>
  );
}

/**
 * Spec §4 form handler: idle → submitting (locked, "Submitting…") → success (the success text,
 * the post-submit HTML run, or the redirect) or failure (each field's message, the whole-form
 * notice, the form unlocked and the captcha reset).
 */
export function SiteForm(props: SiteFormProps) {
  const { fields, captcha } = props;
  const prefix = props.idPrefix ?? 'sf';
  const [values, setValues] = useState<Values>(() => valuesOf(props.initialEntries ?? [], fields));
  const [errors, setErrors] = useState<Record<string, string>>(props.errors);
  const [notice, setNotice] = useState<{ text: string; scroll: boolean }>({
    text: props.notice,
    scroll: false,
  });
  const [phase, setPhase] = useState<Phase>('idle');
  const [failures, setFailures] = useState(0);
  const captchaRef = useRef<CaptchaHandle>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const htmlRef = useRef<HTMLDivElement>(null);

  const set = (name: string, value: string | string[]) => setValues((v) => ({ ...v, [name]: value }));

  // Spec §8: the notice says which way the first problem lies from where the notice stands.
  useLayoutEffect(() => {
    if (failures === 0 || !notice.scroll) return;
    const first = formRef.current?.querySelector('.site-form-field--error, .site-form-captcha--error');
    const at = noticeRef.current;
    if (!first || !at) return;
    const above = first.getBoundingClientRect().top < at.getBoundingClientRect().top;
    const text = formProblemMessage(above ? 'below' : 'above') ?? MESSAGES.formInvalid;
    if (text !== notice.text) setNotice({ text, scroll: true });
  }, [failures, notice]);

  useEffect(() => {
    if (phase === 'success' && props.postSubmitHtml && htmlRef.current) {
      runPostSubmitHtml(htmlRef.current, props.postSubmitHtml);
    }
  }, [phase, props.postSubmitHtml]);

  function fail(fieldErrors: Record<string, string>, message?: string) {
    setErrors(fieldErrors);
    // Spec §8: newsletter forms never show the scroll notice; their field's message says it all.
    setNotice(
      message
        ? { text: message, scroll: false }
        : props.newsletter
          ? { text: '', scroll: false }
          : { text: MESSAGES.formProblemScrollUp, scroll: true },
    );
    setFailures((n) => n + 1);
    setPhase('idle');
    captchaRef.current?.reset();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase !== 'idle') return;
    const answers = formAnswersFromEntries(fields, entriesOf(values));
    const found = siteFormErrors(fields, answers);
    if (Object.keys(found).length > 0) return fail(found);
    setPhase('submitting');
    setErrors({});
    setNotice({ text: '', scroll: false });
    let captchaKey: string | null = null;
    if (captcha) {
      captchaKey = (await captchaRef.current?.answer()) ?? null;
      if (!captchaKey) return fail({ [props.captchaErrorKey]: MESSAGES.captchaIncomplete });
    }
    const trap = formRef.current?.elements.namedItem(props.honeypotName);
    const honeypot =
      trap instanceof HTMLInputElement && trap.value !== '' ? { [props.honeypotName]: trap.value } : {};
    const result = await saveSubmission(props.formId, { ...answers, ...honeypot }, captchaKey);
    if (result.kind === 'invalid') return fail(result.errors);
    if (result.kind === 'failed') return fail({}, result.message);
    // A saved form submission is a lead (spec §7 ad-pixel event).
    trackPixel('Lead', { formId: props.formId });
    props.onSuccess?.();
    if (props.successRedirect) {
      window.location.assign(props.successRedirect);
      return;
    }
    setPhase('success');
  }

  const heading =
    props.newsletter && props.title ? <h2 className="site-form-newsletter-title">{props.title}</h2> : null;
  if (phase === 'success') {
    return (
      <div className="site-form-done">
        {heading}
        <output className="site-form-success">{props.successText}</output>
        <div ref={htmlRef} />
      </div>
    );
  }

  const locked = phase === 'submitting';
  const captchaError = errors[props.captchaErrorKey];
  return (
    <>
      {heading}
      <form
        ref={formRef}
        className="site-form"
        method="post"
        action={props.action}
        noValidate
        onSubmit={onSubmit}
      >
        <div className="site-form-trap" aria-hidden="true">
          <label>
            Leave this empty <input type="text" name={props.honeypotName} tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <fieldset className="site-form-lock" disabled={locked}>
          {fields.map((field) =>
            field.type === 'section' ? (
              <div className="site-form-section" key={field.id}>
                <h3>{field.title}</h3>
                {field.description && <p>{field.description}</p>}
              </div>
            ) : (
              <div
                className={`site-form-field${errors[field.id] ? ' site-form-field--error' : ''}`}
                data-field={field.id}
                key={field.id}
              >
                <FieldControl
                  prefix={prefix}
                  field={field}
                  values={values}
                  error={errors[field.id]}
                  set={set}
                />
                {errors[field.id] && (
                  <p className="site-form-error" id={`${prefix}-${field.id}-error`} role="alert">
                    {errors[field.id]}
                  </p>
                )}
              </div>
            ),
          )}
        </fieldset>
        {captcha && (
          <div className={`site-form-captcha${captchaError ? ' site-form-captcha--error' : ''}`}>
            <Suspense fallback={null}>
              {captcha.kind === 'altcha' ? (
                <AltchaCaptcha ref={captchaRef} challengeUrl={captcha.challengeUrl} />
              ) : (
                <RecaptchaCaptcha ref={captchaRef} siteKey={captcha.siteKey} />
              )}
            </Suspense>
            {captchaError && (
              <p className="site-form-error" role="alert">
                {captchaError}
              </p>
            )}
          </div>
        )}
        {notice.text && (
          <p ref={noticeRef} className="site-form-notice" role="alert">
            {notice.text}
          </p>
        )}
        <button type="submit" className="site-form-submit" disabled={locked} aria-busy={locked || undefined}>
          {locked ? MESSAGES.formSubmitting : props.submitText}
        </button>
      </form>
    </>
  );
}
