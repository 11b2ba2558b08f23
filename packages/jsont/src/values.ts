/** Value helpers shared by the engine and plugins: truthiness, equality, output text. */

/** Template truthiness: empty strings, 0, NaN, false, null, missing, [] and {} are false. */
export function isTruthy(v: unknown): boolean {
  if (v === null || v === undefined || v === false) return false;
  if (typeof v === 'string') return v.length > 0;
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') {
    for (const _ in v) return true;
    return false;
  }
  return true;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
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

/** How a value prints: objects print nothing, arrays join their items with ','. */
export function toOutput(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (Array.isArray(v)) return v.map(arrayItemOutput).join(',');
  return '';
}

/** Array items print the way JavaScript joins them: nested objects as '[object Object]'. */
function arrayItemOutput(v: unknown): string {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) return '[object Object]';
  return toOutput(v);
}

/** Numeric view of a value for number formatters: missing and null are 0, text is parsed. */
export function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === null || v === undefined) return 0;
  if (typeof v === 'string') return v.trim() === '' ? 0 : Number(v);
  return Number.NaN;
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
