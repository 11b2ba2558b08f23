/** Small value helpers shared by the content, image and social plugins. */

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a dotted path from a JSON value; undefined when any step is missing. */
export function field(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Json)[key];
  }
  return current;
}

/** JSON-T truthiness: empty strings, zero, false, null, empty arrays and empty objects are false. */
export function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (isObject(value)) return Object.keys(value).length > 0;
  return Boolean(value);
}

/** Text form of a scalar; anything else (missing, objects) is empty. */
export function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : '';
}

const ATTR_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Escapes a value for use inside a double-quoted HTML attribute. */
export function attr(value: unknown): string {
  return text(value).replace(/[&<>"]/g, (c) => ATTR_ESCAPES[c]!);
}

/** Lower-case, dash-separated class-name form: 'Bar Baz!' becomes 'bar-baz'. */
export function slug(value: unknown): string {
  return text(value)
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

/** Replaces every markup tag with one space (no collapsing, so the text keeps its positions). */
export function stripTags(value: string): string {
  return value.replace(/<[^>]*>/g, ' ');
}
