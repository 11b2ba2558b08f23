import type { Predicate, RenderContext } from '../../plugin.js';
import { deepEqual, isTruthy } from '../../values.js';

/** Generic predicates: comparisons, parity, counts and flags. */

const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * A predicate argument: a quoted string or a number is a literal, `true`/`false`/`null` too;
 * anything else is a path resolved against the current scope.
 */
export function argValue(ctx: RenderContext, arg: string): unknown {
  if (arg.length >= 2 && arg[0] === '"' && arg[arg.length - 1] === '"') {
    try {
      return JSON.parse(arg);
    } catch {
      return arg.slice(1, -1);
    }
  }
  if (NUMBER.test(arg)) return Number(arg);
  if (arg === 'true') return true;
  if (arg === 'false') return false;
  if (arg === 'null') return null;
  return ctx.resolve(arg);
}

/** Equality where a missing value counts as null. */
const same = (a: unknown, b: unknown): boolean => deepEqual(a ?? null, b ?? null);

/** The two operands: with one argument the current node is compared to it. */
function operands(ctx: RenderContext, args: readonly string[]): [unknown, unknown] {
  if (args.length === 1) return [ctx.node, argValue(ctx, args[0])];
  return [argValue(ctx, args[0]), argValue(ctx, args[1])];
}

/**
 * Orders two operands: a missing, null or structured left side sorts first, a structured right
 * side last; text on the left compares as text; otherwise JavaScript comparison, where an
 * incomparable pair counts as greater.
 */
function compare(a: unknown, b: unknown): number {
  if (a === null || a === undefined || typeof a === 'object') return -1;
  if (b === null || b === undefined || typeof b === 'object') return 1;
  // Text on the left compares as text: '10' is less than 9, 'a' greater than 1.
  if (typeof a === 'string') {
    const t = String(b);
    return a < t ? -1 : a === t ? 0 : 1;
  }
  const x = a as number;
  const y = b as number;
  // biome-ignore lint/suspicious/noDoubleEquals: templates compare numbers and numeric text alike.
  return x < y ? -1 : x == y ? 0 : 1;
}

const comparison = (test: (c: number) => boolean): Predicate => ({
  test(ctx, args) {
    if (args.length === 0) return false;
    const [a, b] = operands(ctx, args);
    return test(compare(a, b));
  },
});

/** The subject of a unary predicate: the first argument if given, else the current node. */
const subject = (ctx: RenderContext, args: readonly string[]): unknown =>
  args.length ? argValue(ctx, args[0]) : ctx.node;

const integer = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) ? n : null;
};

export const corePredicates: Record<string, Predicate> = {
  'equal?': {
    test(ctx, args) {
      if (args.length === 0) return false;
      const [a, b] = operands(ctx, args);
      return same(a, b);
    },
  },
  'notEqual?': {
    test(ctx, args) {
      if (args.length === 0) return false;
      const [a, b] = operands(ctx, args);
      return !same(a, b);
    },
  },
  'greaterThan?': comparison((c) => c > 0),
  'greaterThanOrEqual?': comparison((c) => c >= 0),
  'lessThan?': comparison((c) => c < 0),
  'lessThanOrEqual?': comparison((c) => c <= 0),
  'even?': {
    test(ctx, args) {
      const n = integer(subject(ctx, args));
      return n !== null && n % 2 === 0;
    },
  },
  'odd?': {
    test(ctx, args) {
      const n = integer(subject(ctx, args));
      return n !== null && Math.abs(n % 2) === 1;
    },
  },
  /** Spec §5: "The nth predicate needs integer operands and a non-zero divisor." */
  'nth?': {
    test(ctx, args) {
      if (args.length === 0) return false;
      const value = integer(args.length > 1 ? argValue(ctx, args[0]) : ctx.node);
      const divisor = integer(argValue(ctx, args[args.length - 1]));
      if (value === null || divisor === null || divisor === 0) return false;
      return value % divisor === 0;
    },
  },
  'plural?': {
    test(ctx, args) {
      const n = Number(subject(ctx, args));
      return n > 1;
    },
  },
  'singular?': {
    test(ctx, args) {
      return Number(subject(ctx, args)) === 1;
    },
  },
  'debug?': {
    test(ctx) {
      return isTruthy(ctx.resolve('debug'));
    },
  },
  'has-multiple?': {
    test(ctx, args) {
      const v = subject(ctx, args);
      if (Array.isArray(v)) return v.length > 1;
      return v !== null && typeof v === 'object' && Object.keys(v).length > 1;
    },
  },
};
