import type { ReactNode } from 'react';

export interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string | null;
  /** A doubt about the value that does not stop the order (e.g. a ZIP from another state). */
  warning?: string | null;
  /** The control; it gets the id, aria-invalid and aria-describedby from `controlProps`. */
  children: (controlProps: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
  className?: string;
}

/** A labelled control with its hint and error tied by aria-describedby. */
export function Field({ id, label, error, hint, warning, children, className }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const warningId = `${id}-warning`;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null, warning && !error ? warningId : null]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div className={className ? `checkout-field ${className}` : 'checkout-field'}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="checkout-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="checkout-field-error">
          {error}
        </p>
      )}
      {warning && !error && (
        <output id={warningId} className="checkout-field-warning">
          {warning}
        </output>
      )}
    </div>
  );
}
