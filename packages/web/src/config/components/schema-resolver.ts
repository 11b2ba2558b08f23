import { minorFromDecimal } from '@storefront/commerce';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

/**
 * Inline validation with a server schema: the form's text becomes the API body (`toBody`), the
 * server's schema judges that body, and each problem shows at the field its path names
 * (`fieldOf` folds list paths such as countries.2 onto their field), in the server's words as a
 * sentence. A valid form submits the body itself, as the server will parse it.
 */
export function schemaResolver<V extends FieldValues, B>(
  schema: z.ZodType,
  toBody: (values: V) => B,
  fieldOf: (path: string) => string = (path) => path,
): Resolver<V, unknown, B> {
  return async (values) => {
    const body = toBody(values);
    const parsed = schema.safeParse(body);
    if (parsed.success) return { values: body, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path.join('.')) || Object.keys(values)[0];
      errors[field] ??= { type: 'validate', message: sentence(issue.message) };
    }
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}

/** Text typed into a field: empty is "not set". */
export const blank = (v: string) => v.trim() === '';

/** A count typed as text; what is not a number stays NaN for the schema to refuse. */
export const countOrUndefined = (v: string) => (blank(v) ? undefined : Number(v));

/** An amount typed in the currency ("12.50") as minor units; NaN when it is not an amount. */
export function centsOrUndefined(v: string, currency: string): number | undefined {
  if (blank(v)) return undefined;
  try {
    return minorFromDecimal(v, currency);
  } catch {
    return Number.NaN;
  }
}
