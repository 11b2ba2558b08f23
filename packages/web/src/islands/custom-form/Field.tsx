import { characterCounter, LIKERT_LABELS } from '@storefront/commerce';
import type { ChangeEvent, ReactNode } from 'react';
import {
  dateParts,
  type FieldState,
  type FormSchemaField,
  isoDate,
  isPartsType,
  LIKERT_VALUES,
  PARTS,
} from './schema';

export interface FieldProps {
  field: FormSchemaField;
  state: FieldState;
  error: string | null;
  onChange: (next: FieldState) => void;
}

/** Input types of the single-value fields the schema may name; anything else is plain text. */
const INPUT_TYPES: Record<string, string> = { email: 'email', number: 'number', website: 'url' };

/** The time field's half of the day: the value sent and the text shown. */
const MERIDIEMS = [
  ['am', 'AM'],
  ['pm', 'PM'],
] as const;

/** Parts typed as digits, so phones show a number pad. */
const NUMERIC_PARTS = new Set(['month', 'day', 'year', 'hour', 'minute']);

const controlId = (field: FormSchemaField, part?: string) =>
  part === undefined ? `custom-form-${field.id}` : `custom-form-${field.id}-${part}`;
const errorId = (field: FormSchemaField) => `custom-form-${field.id}-error`;
const counterId = (field: FormSchemaField) => `custom-form-${field.id}-counter`;

/** The empty first choice of a select, so it never looks blank. */
const CHOOSE_TEXT = 'Choose…';

function Title({ field }: { field: FormSchemaField }) {
  return (
    <>
      {field.title}
      {field.required && <span aria-hidden="true"> *</span>}
    </>
  );
}

function Description({ field }: { field: FormSchemaField }) {
  return field.description ? <p className="custom-form-description">{field.description}</p> : null;
}

function ErrorText({ field, error }: { field: FormSchemaField; error: string | null }) {
  return error ? (
    <p className="custom-form-error" id={errorId(field)}>
      {error}
    </p>
  ) : null;
}

/** Several inputs under one legend; the error describes each of them. */
function Group({
  field,
  error,
  children,
}: {
  field: FormSchemaField;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <fieldset
      className={`custom-form-field custom-form-${field.type}`}
      aria-describedby={error ? errorId(field) : undefined}
    >
      <legend>
        <Title field={field} />
      </legend>
      <Description field={field} />
      {children}
      <ErrorText field={field} error={error} />
    </fieldset>
  );
}

/** One field of the additional-fields form (spec §3 form field types). */
export function Field({ field, state, error, onChange }: FieldProps) {
  const invalid = error ? true : undefined;
  const described = error ? errorId(field) : undefined;

  if (field.type === 'section') {
    return (
      <div className="custom-form-section">
        <h3>{field.title}</h3>
        <Description field={field} />
      </div>
    );
  }

  if (field.type === 'date') {
    const parts = state as Record<string, string>;
    return (
      <div className={`custom-form-field custom-form-${field.type}`}>
        <label htmlFor={controlId(field)}>
          <Title field={field} />
        </label>
        <Description field={field} />
        <input
          id={controlId(field)}
          type="date"
          value={isoDate(parts)}
          aria-invalid={invalid}
          aria-describedby={described}
          required={field.required}
          onChange={(e) => onChange(dateParts(e.target.value))}
        />
        <ErrorText field={field} error={error} />
      </div>
    );
  }

  if (isPartsType(field.type)) {
    const parts = state as Record<string, string>;
    return (
      <Group field={field} error={error}>
        {PARTS[field.type].map(([key, label]) => {
          const part = {
            id: controlId(field, key),
            value: parts[key] ?? '',
            'aria-invalid': invalid,
            onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
              onChange({ ...parts, [key]: e.target.value }),
          };
          return (
            <div className="custom-form-part" key={key}>
              <label htmlFor={part.id}>{label}</label>
              {key === 'ampm' ? (
                <select {...part}>
                  <option value="">{CHOOSE_TEXT}</option>
                  {MERIDIEMS.map(([value, text]) => (
                    <option value={value} key={value}>
                      {text}
                    </option>
                  ))}
                </select>
              ) : (
                <input {...part} type="text" inputMode={NUMERIC_PARTS.has(key) ? 'numeric' : undefined} />
              )}
            </div>
          );
        })}
      </Group>
    );
  }

  if (field.type === 'checkbox' || field.type === 'radio') {
    const multiple = field.type === 'checkbox';
    const chosen = multiple ? (state as string[]) : [state as string];
    return (
      <Group field={field} error={error}>
        {(field.options ?? []).map((option, i) => (
          <div className="custom-form-choice" key={option}>
            <input
              id={controlId(field, String(i))}
              type={field.type}
              name={controlId(field)}
              value={option}
              checked={chosen.includes(option)}
              aria-invalid={invalid}
              onChange={(e) => {
                if (!multiple) return onChange(option);
                const list = state as string[];
                onChange(e.target.checked ? [...list, option] : list.filter((o) => o !== option));
              }}
            />
            <label htmlFor={controlId(field, String(i))}>{option}</label>
          </div>
        ))}
      </Group>
    );
  }

  if (field.type === 'likert') {
    const answers = state as Record<string, string>;
    return (
      <Group field={field} error={error}>
        {(field.options ?? []).map((statement, q) => (
          <fieldset className="custom-form-likert-statement" key={statement}>
            <legend>{statement}</legend>
            {LIKERT_VALUES.map((value) => {
              const id = controlId(field, `${q}-${value}`);
              return (
                <span className="custom-form-choice" key={value}>
                  <input
                    id={id}
                    type="radio"
                    name={controlId(field, String(q))}
                    value={value}
                    checked={answers[statement] === String(value)}
                    aria-invalid={invalid}
                    onChange={() => onChange({ ...answers, [statement]: String(value) })}
                  />
                  <label htmlFor={id}>{LIKERT_LABELS[value]}</label>
                </span>
              );
            })}
          </fieldset>
        ))}
      </Group>
    );
  }

  const value = state as string;
  const common = {
    id: controlId(field),
    value,
    'aria-invalid': invalid,
    'aria-describedby': described,
    'aria-required': field.required || undefined,
  };
  let control: ReactNode;
  if (field.type === 'select') {
    control = (
      <select {...common} onChange={(e) => onChange(e.target.value)}>
        <option value="">{CHOOSE_TEXT}</option>
        {(field.options ?? []).map((option) => (
          <option value={option} key={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (field.type === 'textarea') {
    const counter = field.maxLength === undefined ? null : characterCounter(value, field.maxLength);
    control = (
      <>
        <textarea
          {...common}
          aria-describedby={[described, counter && counterId(field)].filter(Boolean).join(' ') || undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {counter && (
          <p className="custom-form-counter" id={counterId(field)} data-over={counter.over || undefined}>
            {counter.text}
          </p>
        )}
      </>
    );
  } else {
    control = (
      <input
        {...common}
        type={INPUT_TYPES[field.type] ?? 'text'}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <div className={`custom-form-field custom-form-${field.type}`}>
      <label htmlFor={controlId(field)}>
        <Title field={field} />
      </label>
      <Description field={field} />
      {control}
      <ErrorText field={field} error={error} />
    </div>
  );
}
