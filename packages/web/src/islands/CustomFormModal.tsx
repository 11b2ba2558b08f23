import { MESSAGES } from '@storefront/commerce';
import { type FormEvent, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ApiError, requestJson } from '../api';
import { Dialog } from '../ui';
import { Field } from './custom-form/Field';
import { type FieldState, type FormSchema, fieldError, initialState, wireValues } from './custom-form/schema';
import { postForAnswer } from './product-form/api';

/** Spec §7: the form schema of a custom product form. */
export const FORM_SCHEMA_PATH = '/api/template/GetTemplateSchema';
/** Spec §7: server validation of the field values. */
export const formValidatePath = (formId: string) => `/api/rest/forms/validate/${encodeURIComponent(formId)}`;
/** Spec §9: "Lightbox margin is 50 px when the content is taller than the window." */
export const LIGHTBOX_MARGIN_PX = 50;

export interface CustomFormModalProps {
  formId: string;
  /** The submit button's text: the product's add-to-cart text. */
  submitText: string;
  /** Where focus goes when the lightbox closes (the add-to-cart button). */
  returnFocus: RefObject<HTMLElement | null>;
  /** The values passed validation: the JSON string to send as additionalFields. */
  onSubmit: (additionalFields: string) => void;
  /** Closed by Escape, the close button or a click outside. */
  onCancel: () => void;
  /** The schema could not be loaded ('Unable to open form'). */
  onLoadError: () => void;
}

function isSchema(value: unknown): value is FormSchema {
  const v = value as FormSchema | null;
  return Boolean(v && typeof v.id === 'string' && typeof v.name === 'string' && Array.isArray(v.fields));
}

/** Spec §2 modal lightbox for the additional-fields form (spec §4 step 5, §5 custom forms). */
export default function CustomFormModal(props: CustomFormModalProps) {
  const { formId, submitText, returnFocus } = props;
  const [schema, setSchema] = useState<FormSchema | null>(null);
  const [states, setStates] = useState<Record<string, FieldState>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formMessage, setFormMessage] = useState('');
  const [submitting, setSubmitting] = useState(false);
  // Counts refused submits: focus moves to the first invalid field after a submit, not while typing.
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    let live = true;
    requestJson<unknown>('GET', `${FORM_SCHEMA_PATH}?${new URLSearchParams({ type: 'form', formId })}`).then(
      (body) => {
        if (!live) return;
        if (!isSchema(body)) return latest.current.onLoadError();
        setSchema(body);
        setStates(Object.fromEntries(body.fields.map((f) => [f.id, initialState(f)])));
      },
      () => {
        if (live) latest.current.onLoadError();
      },
    );
    return () => {
      live = false;
    };
  }, [formId]);

  // Content taller than the window keeps the spec's margin around the lightbox; measured again
  // whenever the content changes (schema loaded, error texts shown).
  // biome-ignore lint/correctness/useExhaustiveDependencies: schema and errors change the content height
  useLayoutEffect(() => {
    const panel = formRef.current?.closest<HTMLElement>('.sf-dialog');
    if (!panel) return;
    const fit = () => {
      const tall = panel.scrollHeight > window.innerHeight;
      panel.style.marginBlock = tall ? `${LIGHTBOX_MARGIN_PX}px` : '';
      panel.style.maxHeight = tall ? `calc(100% - ${2 * LIGHTBOX_MARGIN_PX}px)` : '';
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [schema, errors]);

  useEffect(() => {
    if (refusals === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  if (!schema) return null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!schema || submitting) return;
    const found: Record<string, string> = {};
    for (const field of schema.fields) {
      const error = fieldError(field, states[field.id]);
      if (error) found[field.id] = error;
    }
    setFormMessage('');
    setErrors(found);
    if (Object.keys(found).length > 0) return setRefusals((n) => n + 1);

    const values = wireValues(schema, states);
    setSubmitting(true);
    try {
      const answer = await postForAnswer(formValidatePath(schema.id), values);
      if (answer.ok) return latest.current.onSubmit(JSON.stringify(values));
      const serverErrors = answer.body.errors;
      if (serverErrors && typeof serverErrors === 'object' && Object.keys(serverErrors).length > 0) {
        setErrors(serverErrors as Record<string, string>);
        setRefusals((n) => n + 1);
      } else {
        const message = answer.body.message;
        setFormMessage(typeof message === 'string' && message !== '' ? message : MESSAGES.tryAgain);
      }
    } catch (error) {
      setFormMessage(error instanceof ApiError ? error.message : MESSAGES.tryAgain);
    }
    setSubmitting(false);
  }

  return (
    <Dialog
      open
      onClose={() => latest.current.onCancel()}
      title={schema.name}
      returnFocus={returnFocus}
      className="custom-form-lightbox"
    >
      <form ref={formRef} className="custom-form" noValidate onSubmit={submit}>
        {schema.fields.map((field) => (
          <Field
            key={field.id}
            field={field}
            state={states[field.id] ?? initialState(field)}
            error={errors[field.id] ?? null}
            onChange={(next) => {
              setStates((prev) => ({ ...prev, [field.id]: next }));
              // Spec §5: the character limit is marked as the shopper types; other errors wait
              // for the next submit.
              const over =
                field.type === 'textarea' && fieldError(field, next) === MESSAGES.characterLimitExceeded
                  ? MESSAGES.characterLimitExceeded
                  : null;
              setErrors(({ [field.id]: _, ...rest }) => (over ? { ...rest, [field.id]: over } : rest));
            }}
          />
        ))}
        <p className="custom-form-message" role="alert">
          {formMessage}
        </p>
        <button type="submit" className="custom-form-submit" aria-disabled={submitting || undefined}>
          {submitText}
        </button>
      </form>
    </Dialog>
  );
}
