import { ArgumentsError, type Formatter, type RenderContext } from '../../plugin.js';
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

/** A `get` argument resolves with the value itself as the innermost scope, then as usual. */
function argument(ctx: RenderContext, value: unknown, path: string): unknown {
  if (path[0] !== '@') {
    const parts = splitDots(path);
    if (getChild(value, parts[0]) !== undefined) return getPath(value, parts);
  }
  return ctx.resolve(path);
}

function count(v: unknown): number {
  if (Array.isArray(v)) return v.length;
  if (typeof v === 'string') return v.length;
  if (v !== null && typeof v === 'object') return Object.keys(v).length;
  return 0;
}

function indexOfFrame(ctx: RenderContext): unknown {
  return ctx.resolve('@index');
}

export const dataFormatters: Record<string, Formatter> = {
  get: {
    apply(ctx, args, vars) {
      if (args.length === 0) return;
      const v = vars[0].value;
      vars[0].value = follow(
        v,
        args.map((a) => argument(ctx, v, a)),
        false,
      );
    },
  },
  prop: {
    apply(_ctx, args, vars) {
      vars[0].value = follow(vars[0].value, args.flatMap(splitDots), true);
    },
  },
  lookup: {
    apply(ctx, args, vars) {
      const key = args.length ? ctx.resolve(args[0]) : undefined;
      vars[0].value =
        typeof key === 'string' || typeof key === 'number'
          ? follow(vars[0].value, splitDots(String(key)), true)
          : undefined;
    },
  },
  'key-by': {
    apply(_ctx, args, vars) {
      const v = vars[0].value;
      if (!Array.isArray(v) || args.length === 0) {
        vars[0].value = undefined;
        return;
      }
      const path = splitDots(args[0]);
      const out: Record<string, unknown> = {};
      for (const item of v) {
        const key = getPath(item, path);
        if (key !== undefined && key !== null && typeof key !== 'object') out[String(key)] = item;
      }
      vars[0].value = out;
    },
  },
  count: mapValue((value) => count(value)),
  iter: mapValue((_value, _args, ctx) => indexOfFrame(ctx)),
  cycle: {
    apply(_ctx, args, vars) {
      const n = toNumber(vars[0].value);
      if (!args.length || !Number.isInteger(n)) {
        vars[0].value = undefined;
        return;
      }
      const i = (((n - 1) % args.length) + args.length) % args.length;
      vars[0].value = args[i];
    },
  },
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
  pluralize: {
    apply(_ctx, args, vars) {
      const singular = args.length > 1 ? args[0] : '';
      const plural = args.length > 1 ? args[1] : args.length === 1 ? args[0] : 's';
      vars[0].value = toNumber(vars[0].value) === 1 ? singular : plural;
    },
  },
  format: {
    apply(ctx, args, vars) {
      const values = args.map((a) => ctx.resolve(a));
      vars[0].value = toOutput(vars[0].value).replace(/\{(\d+)\}/g, (_m, d: string) => {
        const i = Number.parseInt(d, 10);
        return i < values.length ? toOutput(values[i]) : '';
      });
    },
  },
};
