import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../api/client';

/**
 * Puts the server's per-field messages (a 400's or 409's `errors`) on the form's own fields.
 * Answers whether any landed, so the caller shows the general message only when none did.
 */
export function showServerErrors<T extends FieldValues>(
  // The values a form submits (after its schema's transforms) do not matter to a field.
  form: UseFormReturn<T, unknown, any>,
  error: unknown,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  for (const [path, message] of Object.entries(error.fieldErrors)) {
    const field = fields.find((f) => f === path);
    if (field) {
      form.setError(field, { type: 'server', message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown;
}
