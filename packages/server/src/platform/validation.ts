import type { z } from 'zod';
import { HttpError } from './errors.js';

/**
 * Parses a request part with its zod schema, or throws 400 with the first problem as `message`
 * and every field's first problem in `errors` (field path → message), so a form can show each
 * beside its field.
 */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.') || 'body';
    errors[field] ??= issue.message;
  }
  throw new HttpError(400, parsed.error.issues[0].message, undefined, errors);
}
