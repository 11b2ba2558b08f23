import { useEffect, useRef } from 'react';
import { type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { Field } from '../../../components/Field';
import { TEXTS } from '../../../texts';
import { FORM_FIELD_TYPES, hasChoices, newFormField, type ProductFormValues } from './form-model';

const TYPE_OPTIONS = FORM_FIELD_TYPES.map((t) => ({ value: t, label: TEXTS.questionKinds[t] }));

interface Props {
  form: UseFormReturn<ProductFormValues>;
  /** Other products whose form this is (editing it changes theirs). */
  sharedWith: string[];
}

/**
 * The additional-fields form (spec §3 form field types): the questions shoppers answer in the
 * lightbox before the product goes in the cart, each with its kind, label, required flag and,
 * for choice kinds, its choices.
 */
export function AdditionalFieldsSection({ form, sharedWith }: Props) {
  const fields = useFieldArray({ control: form.control, name: 'additionalFieldsForm.fields' });
  const [enabled, values] = useWatch({
    control: form.control,
    name: ['additionalFieldsForm.enabled', 'additionalFieldsForm.fields'],
  });
  // Turning the form on starts it with a first, empty question to fill.
  const wasEnabled = useRef(enabled);
  useEffect(() => {
    if (enabled && !wasEnabled.current && fields.fields.length === 0) fields.append(newFormField());
    wasEnabled.current = enabled;
  }, [enabled, fields]);
  return (
    <fieldset className="cfg-section">
      <legend>{TEXTS.additionalFields}</legend>
      <p className="cfg-hint">{TEXTS.additionalFieldsHint}</p>
      <Field
        form={form}
        name="additionalFieldsForm.enabled"
        label={TEXTS.useAdditionalFields}
        kind="checkbox"
      />
      {enabled && (
        <>
          {sharedWith.length > 0 && (
            <p className="cfg-notice">{TEXTS.formSharedWith(sharedWith.join(', '))}</p>
          )}
          <ol className="cfg-form-fields">
            {fields.fields.map((field, i) => {
              const n = i + 1;
              const type = values?.[i]?.type ?? field.type;
              const p = `q${i}`;
              return (
                <li key={field.id} className="cfg-form-field">
                  <fieldset className="cfg-plain">
                    <legend className="cfg-form-field-title">{TEXTS.formField(n)}</legend>
                    <div className="cfg-question-grid">
                      <Field
                        form={form}
                        name={`additionalFieldsForm.fields.${i}.title`}
                        label={TEXTS.questionLabel}
                        idPrefix={p}
                      />
                      <Field
                        form={form}
                        name={`additionalFieldsForm.fields.${i}.type`}
                        label={TEXTS.questionKind}
                        kind="select"
                        options={TYPE_OPTIONS}
                        idPrefix={p}
                      />
                    </div>
                    {hasChoices(type) && (
                      <Field
                        form={form}
                        name={`additionalFieldsForm.fields.${i}.options`}
                        label={TEXTS.questionOptions}
                        hint={TEXTS.questionOptionsHint}
                        kind="textarea"
                        idPrefix={p}
                      />
                    )}
                    {type !== 'section' && (
                      <Field
                        form={form}
                        name={`additionalFieldsForm.fields.${i}.required`}
                        label={TEXTS.questionRequired}
                        kind="checkbox"
                        idPrefix={p}
                      />
                    )}
                    <div className="cfg-actions">
                      <button
                        type="button"
                        className="cfg-button cfg-button-quiet"
                        aria-label={TEXTS.moveFieldUp(n)}
                        disabled={i === 0}
                        onClick={() => fields.move(i, i - 1)}
                      >
                        {TEXTS.up}
                      </button>
                      <button
                        type="button"
                        className="cfg-button cfg-button-quiet"
                        aria-label={TEXTS.moveFieldDown(n)}
                        disabled={i === fields.fields.length - 1}
                        onClick={() => fields.move(i, i + 1)}
                      >
                        {TEXTS.down}
                      </button>
                      <button
                        type="button"
                        className="cfg-button cfg-button-quiet"
                        aria-label={TEXTS.removeFormField(n)}
                        onClick={() => fields.remove(i)}
                      >
                        {TEXTS.remove}
                      </button>
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <div>
            <button type="button" className="cfg-button" onClick={() => fields.append(newFormField())}>
              {TEXTS.addFormField}
            </button>
          </div>
        </>
      )}
    </fieldset>
  );
}
