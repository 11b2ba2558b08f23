import { ArgumentsError, type Formatter } from '../../plugin.js';
import { getChild, getPath, toNumber, toOutput } from '../../values.js';
import { mapValue } from './mapvalue.js';

/** Formatters that navigate, count and reshape data. */

/**
 * Follows keys one by one; an array key is a whole path. With `textIndexes` false (`get`, whose
 * keys are values), only numbers index arrays; `prop` keys are written text and always do.
 */
function follow(node: unknown, keys: readonly unknown[], textIndexes: boolean): unknown {
  let cur = node;
  for (const k of keys) {
    if (cur === undefined) return undefined;
    if (Array.isArray(k)) cur = follow(cur, k, textIndexes);
    else if (typeof k === 'number' || (typeof k === 'string' && (textIndexes || !Array.isArray(cur)))) {
      cur = getChild(cur, String(k));
    } else return undefined;
  }
  return cur;
}

const splitDots = (s: string): string[] => s.split('.');

export const dataFormatters: Record<string, Formatter> = {
  /** Each argument resolves with the value itself as the innermost scope, then as usual. */
  get: mapValue((value, args, ctx) => {
    if (!args.length) return value;
    const keys = args.map((path) => {
      if (path[0] !== '@') {
        const parts = splitDots(path);
        if (getChild(value, parts[0]) !== undefined) return getPath(value, parts);
      }
      return ctx.resolve(path);
    });
    return follow(value, keys, false);
  }),
  prop: mapValue((value, args) => follow(value, args.flatMap(splitDots), true)),
  lookup: mapValue((value, args, ctx) => {
    const key = args.length ? ctx.resolve(args[0]) : undefined;
    return typeof key === 'string' || typeof key === 'number'
      ? follow(value, splitDots(String(key)), true)
      : undefined;
  }),
  'key-by': mapValue((value, args) => {
    if (!Array.isArray(value) || args.length === 0) return undefined;
    const path = splitDots(args[0]);
    const out: Record<string, unknown> = {};
    for (const item of value) {
      const key = getPath(item, path);
      if (key !== undefined && key !== null && typeof key !== 'object') out[String(key)] = item;
    }
    return out;
  }),
  count: mapValue((v) => {
    if (Array.isArray(v) || typeof v === 'string') return v.length;
    return v !== null && typeof v === 'object' ? Object.keys(v).length : 0;
  }),
  iter: mapValue((_value, _args, ctx) => ctx.resolve('@index')),
  cycle: mapValue((value, args) => {
    const n = toNumber(value);
    if (!args.length || !Number.isInteger(n)) return undefined;
    return args[(((n - 1) % args.length) + args.length) % args.length];
  }),
  mod: {
    validate(args) {
      const m = args.length ? Number(args[0]) : 2;
      if (!Number.isFinite(m)) throw new ArgumentsError(`expected a number, got '${args[0]}'`);
      return m;
    },
    apply(_ctx, _args, vars, parsed) {
      vars[0].value = toNumber(vars[0].value) % (parsed as number);
    },
  },
  round: mapValue((value) => Math.round(toNumber(value))),
  pluralize: mapValue((value, args) => {
    // One argument is the plural suffix; two are the singular and plural ones.
    const [singular, plural] = args.length > 1 ? args : ['', args[0] ?? 's'];
    return toNumber(value) === 1 ? singular : plural;
  }),
  format: mapValue((value, args, ctx) => {
    const values = args.map((a) => ctx.resolve(a));
    return toOutput(value).replace(/\{(\d+)\}/g, (_m, d: string) => {
      const i = Number(d);
      return i < values.length ? toOutput(values[i]) : '';
    });
  }),
};
