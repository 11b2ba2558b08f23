/** Value helpers shared by the engine and plugins: truthiness, equality, output text. */

/** Template truthiness: empty strings, 0, NaN, false, null, missing, [] and {} are false. */
export function isTruthy(v: unknown): boolean {
  if (v === null || v === undefined || v === false) return false;
  if (typeof v === 'string') return v.length > 0;
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') {
    for (const _ in v) return true;
    // A number kept with its written form (parseJson) counts as its value.
    return v instanceof Number && isTruthy(v.valueOf());
  }
  return true;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Number || b instanceof Number) return numberOf(a) === numberOf(b);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ob = b as Record<string, unknown>;
  const oa = a as Record<string, unknown>;
  return ka.every((k) => Object.hasOwn(ob, k) && deepEqual(oa[k], ob[k]));
}

/**
 * How a value prints: objects print nothing; arrays print their items as JavaScript's String()
 * does (null as 'null', nested arrays flattened, objects as '[object Object]'), joined with ','.
 */
export function toOutput(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (Array.isArray(v)) return v.map(itemText).join(',');
  // A number kept with its written form (parseJson) prints as written.
  return v instanceof Number ? String(v) : '';
}

/** The number of a number or a number kept with its written form; NaN for anything else. */
const numberOf = (v: unknown): number =>
  typeof v === 'number' ? v : v instanceof Number ? v.valueOf() : Number.NaN;

/** An object without a prototype has no String(): it prints nothing, as in the reference. */
const itemText = (x: unknown): string =>
  x !== null && typeof x === 'object' && !Array.isArray(x) && Object.getPrototypeOf(x) === null
    ? ''
    : String(x);

/** A leading decimal number, as number formatters read text: '3abc' is 3, '1e3' is 1, 'x' is NaN. */
const LEADING_NUMBER = /^\s*([-+]?(?:\d+(?:\.\d*)?|\.\d+))/;

/** Numeric view of a value for number formatters: text is read up to its first non-number character; anything else not numeric is 0. */
export function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    const m = LEADING_NUMBER.exec(v);
    return m ? Number(m[1]) : Number.NaN;
  }
  if (v instanceof Number) return v.valueOf();
  return v === true ? 1 : 0;
}

/** One step of a path: array index or own property; anything else is missing (undefined). */
export function getChild(node: unknown, key: string): unknown {
  if (node === null || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) {
    const i = Number(key);
    return Number.isInteger(i) && i >= 0 && String(i) === key ? node[i] : undefined;
  }
  return Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
}

export function getPath(node: unknown, path: readonly string[], from = 0): unknown {
  let cur = node;
  for (let i = from; i < path.length && cur !== undefined; i++) cur = getChild(cur, path[i]);
  return cur;
}
