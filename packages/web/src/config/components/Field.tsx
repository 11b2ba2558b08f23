import type { ReactNode } from 'react';
import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';

export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FrameProps {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  /** A checkbox sits before its label. */
  inline?: boolean;
  /** The label is read out but not shown (a table's cell, whose column header says it). */
  hideLabel?: boolean;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/** The label, hint and error around one control, tied to it by `for` and aria-describedby. */
export function FieldFrame({ id, label, hint, error, inline, hideLabel, className, children }: FrameProps) {
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  const control = children({
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
  });
  return (
    <div className={`cfg-field${inline ? ' cfg-field-inline' : ''}${className ? ` ${className}` : ''}`}>
      {inline && control}
      <label htmlFor={id} className={hideLabel ? 'cfg-visually-hidden' : undefined}>
        {label}
      </label>
      {!inline && control}
      {hintId && (
        <p id={hintId} className="cfg-hint">
          {hint}
        </p>
      )}
      {errorId && (
        <p id={errorId} className="cfg-error">
          {error}
        </p>
      )}
    </div>
  );
}

export interface Option {
  value: string;
  label: string;
}

type Kind =
  | 'text'
  | 'email'
  | 'password'
  | 'number'
  | 'url'
  | 'date'
  | 'datetime-local'
  | 'search'
  | 'textarea'
  | 'select'
  | 'checkbox';

export interface FieldProps<T extends FieldValues> {
  // The values a form submits (after its schema's transforms) do not matter to a field.
  form: UseFormReturn<T, unknown, any>;
  name: Path<T>;
  label: string;
  kind?: Kind;
  hint?: string;
  options?: readonly Option[];
  autoComplete?: string;
  placeholder?: string;
  /** Decimal amounts keep their text; counts are read as numbers. */
  step?: string;
  min?: number;
  disabled?: boolean;
  hideLabel?: boolean;
  className?: string;
  /** Id prefix when the same form appears more than once on a screen. */
  idPrefix?: string;
}

/**
 * One form field bound to react-hook-form: label, hint, the control and its inline error, the
 * error read from the form's state by the field's own typed path.
 */
export function Field<T extends FieldValues>(props: FieldProps<T>) {
  const { form, name, label, kind = 'text', hint, options, className, idPrefix = 'f' } = props;
  const { error } = form.getFieldState(name, form.formState);
  const id = `${idPrefix}-${name.replaceAll('.', '-')}`;
  const rules: RegisterOptions<T, Path<T>> = kind === 'number'
    ? { setValueAs: (v: unknown) => (v === '' || v === null ? undefined : Number(v)) }
    : {};
  const registered = form.register(name, rules);
  const common = { ...registered, disabled: props.disabled };
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      error={error?.message}
      inline={kind === 'checkbox'}
      hideLabel={props.hideLabel}
      className={className}
    >
      {(control) => {
        if (kind === 'textarea')
          return <textarea {...control} {...common} rows={4} placeholder={props.placeholder} />;
        if (kind === 'select')
          return (
            <select {...control} {...common}>
              {options?.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          );
        if (kind === 'checkbox') return <input {...control} {...common} type="checkbox" />;
        return (
          <input
            {...control}
            {...common}
            type={kind}
            autoComplete={props.autoComplete}
            placeholder={props.placeholder}
            step={props.step}
            min={props.min}
            inputMode={kind === 'number' ? (props.step === 'any' ? 'decimal' : 'numeric') : undefined}
          />
        );
      }}
    </FieldFrame>
  );
}
