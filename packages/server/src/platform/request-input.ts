import { z } from 'zod';
import { HttpError } from './errors.js';

/** Longest id, token or code a path or query carries; real ones are far shorter. */
export const MAX_ID_LENGTH = 200;

/**
 * One text value of a query or path: given once (a repeated query key arrives as an array and
 * is refused), at most `max` characters.
 */
export function text(max = MAX_ID_LENGTH) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be given once, as text') })
    .max(max, `must be at most ${max} characters`);
}

/** Schema of a path naming one record by `id`. */
export const idParams = z.object({ id: text() });

/** Schema of a query with one optional `token` (order and subscription links). */
export const tokenQuery = z.object({ token: text().optional() });

/**
 * A request's query or path parameters through their schema; a bad one answers 400 naming the
 * parameter, so no route reaches its service with an array where it expects text.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HttpError(400, `${issue.path.join('.') || 'query'}: ${issue.message}`);
  }
  return parsed.data;
}

/** Deepest nesting scanned for NUL; bodies deeper than any form or order are refused too. */
const MAX_SCAN_DEPTH = 32;

function holdsNul(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  if (depth > MAX_SCAN_DEPTH) return true;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL text cannot hold a NUL character, and no shopper types one: a request carrying
 * one anywhere (query, path, cookies, body) answers 400 before any route reads it.
 */
export function refuseNul(request: {
  query: unknown;
  params: unknown;
  cookies: unknown;
  body: unknown;
}): void {
  for (const part of [request.query, request.params, request.cookies, request.body]) {
    if (holdsNul(part, 0))
      throw new HttpError(400, 'The request holds a NUL character, which no field accepts.');
  }
}
