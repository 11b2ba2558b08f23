import type { Predicate, RenderContext } from '../../plugin.js';
import { deepEqual, isTruthy } from '../../values.js';

/** Generic predicates: comparisons, parity, counts and flags. */

const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
/** A quoted string or `true`/`false`/`null`: JSON literals (a quoted string JSON rejects is its inside). */
const LITERAL = /^(?:".*"|true|false|null)$/s;

/**
 * A predicate argument: a quoted string or a number is a literal, `true`/`false`/`null` too;
 * anything else is a path resolved against the current scope.
 */
function argValue(ctx: RenderContext, arg: string): unknown {
  if (LITERAL.test(arg)) {
    try {
      return JSON.parse(arg);
    } catch {
      return arg.slice(1, -1);
    }
  }
  return NUMBER.test(arg) ? Number(arg) : ctx.resolve(arg);
}

/** Equality where a missing value counts as null. */
const same = (a: unknown, b: unknown): boolean => deepEqual(a ?? null, b ?? null);

/**
 * Orders two operands: a missing, null or structured left side sorts first, a structured right
 * side last; text on the left compares as text; otherwise JavaScript comparison, where an
 * incomparable pair counts as greater.
 */
function compare(a: unknown, b: unknown): number {
  if (a == null || typeof a === 'object') return -1;
  if (b == null || typeof b === 'object') return 1;
  // Text on the left compares as text: '10' is less than 9, 'a' greater than 1.
  const x = a as number;
  const y = (typeof a === 'string' ? String(b) : b) as number;
  // biome-ignore lint/suspicious/noDoubleEquals: templates compare numbers and numeric text alike.
  return x < y ? -1 : x == y ? 0 : 1;
}

/**
 * A predicate on two operands, false without arguments; with one argument the current node is
 * compared to it.
 */
const binary = (test: (a: unknown, b: unknown) => boolean): Predicate => ({
  test(ctx, args) {
    if (args.length === 0) return false;
    if (args.length === 1) return test(ctx.node, argValue(ctx, args[0]));
    return test(argValue(ctx, args[0]), argValue(ctx, args[1]));
  },
});

const comparison = (test: (c: number) => boolean): Predicate => binary((a, b) => test(compare(a, b)));

/** A predicate on its subject: the first argument if given, else the current node. */
const unary = (test: (v: unknown) => boolean): Predicate => ({
  test: (ctx, args) => test(args.length ? argValue(ctx, args[0]) : ctx.node),
});

/** The value as an integer (numeric text included), else NaN, which no remainder test passes. */
const integer = (v: unknown): number => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) ? n : Number.NaN;
};

export const corePredicates: Record<string, Predicate> = {
  'equal?': binary(same),
  'notEqual?': binary((a, b) => !same(a, b)),
  'greaterThan?': comparison((c) => c > 0),
  'greaterThanOrEqual?': comparison((c) => c >= 0),
  'lessThan?': comparison((c) => c < 0),
  'lessThanOrEqual?': comparison((c) => c <= 0),
  'even?': unary((v) => integer(v) % 2 === 0),
  'odd?': unary((v) => Math.abs(integer(v) % 2) === 1),
  /** Spec §5: "The nth predicate needs integer operands and a non-zero divisor." Else the remainder is NaN. */
  'nth?': {
    test(ctx, args) {
      if (args.length === 0) return false;
      const value = integer(args.length > 1 ? argValue(ctx, args[0]) : ctx.node);
      return value % integer(argValue(ctx, args[args.length - 1])) === 0;
    },
  },
  'plural?': unary((v) => Number(v) > 1),
  'singular?': unary((v) => Number(v) === 1),
  'debug?': { test: (ctx) => isTruthy(ctx.resolve('debug')) },
  'has-multiple?': unary((v) =>
    Array.isArray(v) ? v.length > 1 : v !== null && typeof v === 'object' && Object.keys(v).length > 1,
  ),
};
