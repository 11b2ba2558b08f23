import { getPath, isTruthy } from '../../values.js';
import { str as text } from '../core/scalar.js';
import { escapeAttr } from '../core/text.js';

/** Small value helpers shared by the content, image and social plugins. */

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a dotted path of own properties; undefined when any step is missing. */
export function field(value: unknown, path: string): unknown {
  return getPath(value, path.split('.'));
}

/** JSON-T truthiness (the engine's own rule). */
export { isTruthy as truthy };

/** Text form of a scalar; anything else (missing, objects) is empty. */
export { text };

/** Escapes a value for use inside a double-quoted HTML attribute. */
export function attr(value: unknown): string {
  return escapeAttr(text(value));
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
