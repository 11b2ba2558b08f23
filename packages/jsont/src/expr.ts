import { messageOf } from './errors.js';
import type { Limits } from './limits.js';
import type { JsontErrorType } from './plugin.js';
import { deepEqual, isTruthy } from './values.js';

/**
 * The `{.eval}` / `{.if}` expression language. Parsing turns each expression into steps in
 * reverse Polish order (shunting-yard); evaluation runs the steps on a stack. Expressions are
 * separated by ';' or a top-level ','; the value of the last one is the result.
 */

/** What an expression reads and assigns its variables in, and reports its errors to. */
export interface ExprEnv {
  lookup(path: readonly string[]): unknown;
  assign(name: string, value: unknown): void;
  error(type: JsontErrorType, message: string): void;
}

export type ExprLimits = Pick<Limits, 'exprMaxTokens' | 'exprMaxStringLength'>;

/** One step of an expression: takes its operands from the stack and pushes its result. */
type Step = (stack: unknown[], env: ExprEnv, limits: ExprLimits) => void;

/** An expression in evaluation order: steps, and operands to push (values, references; no functions). */
type Program = unknown[];

/**
 * An operator's function of its operands (both the same for a prefix operator); undefined when they
 * are invalid for it.
 */
type Apply = (a: unknown, b: unknown, limits: ExprLimits) => unknown;

interface Operator {
  /** Precedence as in JavaScript: higher binds tighter. */
  prec: number;
  /**
   * Waiting operators with a higher precedence go first when it arrives: its own for those that
   * group right to left ('**', '=' and prefix operators), one less for the others.
   */
  yields: number;
  step: Step;
}

/**
 * An open parenthesis: it has no precedence, which `release` takes as 0, below every operator. A
 * call's names its function and counts the commas seen so far.
 */
type Paren = { prec?: never } & ({ fn: string; commas: number } | { fn?: never });

/** A failure of ours: an Error with its error type; without one it is the phase's (parse or reduce). */
const failure = (why: string, type?: JsontErrorType) => Object.assign(new Error(why), { type });

/** What an assignment leaves on the stack: not a value, so nothing prints and operators refuse it. */
const ASSIGNED = Symbol('assigned');

/** A variable on the stack, read when an operator or function takes it; an assignment takes its name. */
class Ref {
  constructor(readonly path: string[]) {}
}

const read = (x: unknown, env: ExprEnv): unknown => (x instanceof Ref ? (env.lookup(x.path) ?? null) : x);

export function toNumber(v: unknown): number {
  if (typeof v === 'string') {
    const s = v.trim();
    // Number() reads '0x1f' but not a signed '-0x1f'.
    if (/^[-+]0x/i.test(s)) return (s[0] === '-' ? -1 : 1) * Number(s.slice(1));
    return s ? Number(s) : NaN;
  }
  if (v === null || v === undefined) return 0;
  return typeof v === 'number' || typeof v === 'boolean' ? Number(v) : NaN;
}

export function toStr(v: unknown): string {
  // Objects and null print as JSON, a missing value as null.
  return typeof v === 'object' ? JSON.stringify(v) : String(v ?? null);
}

/** Objects and an assignment's result, which arithmetic and comparison refuse. */
const opaque = (v: unknown) => v === ASSIGNED || (typeof v === 'object' && v !== null);

// An operator's function is made by one of these from its arithmetic, by which operands it takes.
const anything = (f: Apply): Apply => f;

const primitives =
  (f: Apply): Apply =>
  (a, b, limits) =>
    opaque(a) || opaque(b) ? undefined : f(a, b, limits);

const numbers = (f: (x: number, y: number) => unknown) => primitives((a, b) => f(toNumber(a), toNumber(b)));

/**
 * Text compares with text as text, anything else as numbers: JavaScript's own comparison of
 * primitives, which reads booleans and null as toNumber does.
 */
const ordered = (f: (x: number, y: number) => boolean) => primitives(f as Apply);

/** Logic and equality take objects but not an assignment's result. */
const settled =
  (f: Apply): Apply =>
  (a, b, limits) =>
    a === ASSIGNED || b === ASSIGNED ? undefined : f(a, b, limits);

/** The language's '==' is loose ("1" == 1, true == 1); objects compare deeply. Only `settled` calls it. */
const looseEqual = (a: unknown, b: unknown) =>
  // biome-ignore lint/suspicious/noDoubleEquals: deliberate loose equality
  opaque(a) || opaque(b) ? deepEqual(a, b) : a == b;

/** Prefix operators take one operand and bind tightest. */
const PREFIX = 14;

const invalid = (name: string) => failure(`Invalid arguments to operator ${name}`, 'EXPRESSION_ARGS_INVALID');

function operator<F>(name: string, prec: number, wrap: (f: F) => Apply, f: F): Operator {
  const arity = prec === PREFIX ? 1 : 2;
  const apply = wrap(f);
  return {
    prec,
    yields: prec < 13 ? prec - 1 : prec,
    step: (stack, env, limits) => {
      if (stack.length < arity) throw invalid(name);
      const b = read(stack.pop(), env);
      const v = apply(arity > 1 ? read(stack.pop(), env) : b, b, limits);
      if (v === undefined) throw invalid(name);
      stack.push(v);
    },
  };
}

/** Binary operators and the prefix ones that have no binary meaning, by symbol. */
const OPERATORS: Record<string, Operator> = {
  '!': operator('logical not', PREFIX, anything, (a) => !isTruthy(a)),
  '~': operator('bitwise not', PREFIX, numbers, (x) => ~x),
  '**': operator('exponent', 13, numbers, (x, y) => x ** y),
  '*': operator('multiply', 12, numbers, (x, y) => x * y),
  '/': operator('divide', 12, numbers, (x, y) => x / y),
  '%': operator('modulus', 12, numbers, (x, y) => x % y),
  '+': operator('add', 11, primitives, (a, b, limits) => {
    if (typeof a !== 'string' && typeof b !== 'string') return toNumber(a) + toNumber(b);
    const s = toStr(a) + toStr(b);
    if (s.length > limits.exprMaxStringLength) {
      throw failure(
        `String concatenation exceeds the maximum length of ${limits.exprMaxStringLength}`,
        'EXPRESSION_CONCAT_LIMIT',
      );
    }
    return s;
  }),
  '-': operator('subtract', 11, numbers, (x, y) => x - y),
  '<<': operator('shift left', 10, numbers, (x, y) => x << y),
  '>>': operator('shift right', 10, numbers, (x, y) => x >> y),
  '<': operator('less than', 9, ordered, (x, y) => x < y),
  '<=': operator('less than or equal', 9, ordered, (x, y) => x <= y),
  '>': operator('greater than', 9, ordered, (x, y) => x > y),
  '>=': operator('greater than or equal', 9, ordered, (x, y) => x >= y),
  '==': operator('equal', 8, settled, looseEqual),
  '!=': operator('not equal', 8, settled, (a, b) => !looseEqual(a, b)),
  '===': operator('strict equal', 8, settled, deepEqual),
  '!==': operator('strict not equal', 8, settled, (a, b) => !deepEqual(a, b)),
  '&': operator('bitwise and', 7, numbers, (x, y) => x & y),
  '^': operator('bitwise xor', 6, numbers, (x, y) => x ^ y),
  '|': operator('bitwise or', 5, numbers, (x, y) => x | y),
  '&&': operator('logical and', 4, settled, (a, b) => isTruthy(a) && isTruthy(b)),
  '||': operator('logical or', 3, settled, (a, b) => isTruthy(a) || isTruthy(b)),
  '=': {
    prec: 1,
    yields: 1,
    step: (stack, env) => {
      const value = stack.pop();
      const target = stack.pop();
      if (!(target instanceof Ref) || target.path[0][0] !== '@') throw invalid('assign');
      env.assign(target.path.join('.'), read(value, env));
      stack.push(ASSIGNED);
    },
  },
};

/** '-' and '+' where no operand precedes them. */
const SIGNS: Record<string, Operator> = {
  '-': operator('minus', PREFIX, numbers, (x) => -x),
  '+': operator('plus', PREFIX, numbers, (x) => x),
};

const CONSTANTS: Record<string, unknown> = {
  true: true,
  false: false,
  null: null,
  NaN: NaN,
  Infinity: Infinity,
};

/**
 * Each returns undefined (pushes nothing) when called without arguments. Names are looked up as
 * plain properties, as they always were, so inherited ones (toString) resolve too.
 */
const FUNCTIONS: Record<string, (args: unknown[]) => unknown> = {
  max: (a) => (a.length ? Math.max(...a.map(toNumber)) : undefined),
  min: (a) => (a.length ? Math.min(...a.map(toNumber)) : undefined),
  abs: (a) => (a.length ? Math.abs(toNumber(a[0])) : undefined),
  num: (a) => (a.length ? toNumber(a[0]) : undefined),
  str: (a) => (a.length ? toStr(a[0]) : undefined),
  bool: (a) => (a.length ? isTruthy(a[0]) : undefined),
};

const call =
  (name: string, argc: number): Step =>
  (stack, env) => {
    if (stack.length < argc) throw failure(`Invalid arguments to function ${name}`);
    const v = FUNCTIONS[name](stack.splice(stack.length - argc).map((x) => read(x, env)));
    if (v !== undefined) stack.push(v);
  };

/**
 * One token per match (sticky, letters in any case): blanks; a number; a name, with the '(' of a
 * call after it; an operator, longest first; punctuation; a string (its text, and its closing quote
 * unless missing).
 */
const TOKEN =
  /[ \t\n\r\xa0]+|(0x[\da-f]*|(?=\.?\d)\d*\.?\d*(?:e[-+]?\d+)?)|([a-z_$@][\w$@.]*)( *\()?|(===|!==|\*\*|<<|>>|[<>=!]=|&&|\|\||[-*/%+<>&^|!~=])|([(),;])|(["'])((?:\\[\s\S]?|(?!\6)[^\\])*)(\6)?/iy;

const ESCAPE = /\\(?:x([\da-fA-F]{2})?|[uU]([\da-fA-F]{4})?|([\s\S]?))/g;
const CONTROL: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', b: '\b' };

function decodeEscapes(text: string): string {
  return text.replace(ESCAPE, (seq, hex2, hex4, c) => {
    if (c !== undefined) return CONTROL[c] ?? c;
    if (hex2 || hex4) return String.fromCharCode(Number.parseInt(hex2 || hex4, 16));
    throw failure(
      seq === '\\x' ? 'Invalid 2-char hex escape found' : 'Invalid unicode escape found',
      'EXPRESSION_ESCAPE',
    );
  });
}

/** Moves waiting operators that bind tighter than `prec` to `program`; returns the innermost open '('. */
function release(waiting: (Operator | Paren)[], program: Program, prec: number): Paren | undefined {
  while ((waiting.at(-1)?.prec ?? 0) > prec) program.push((waiting.pop() as Operator).step);
  return waiting.at(-1) as Paren | undefined;
}

function parse(src: string, limits: ExprLimits): Program[] {
  const programs: Program[] = [];
  let program: Program = [];
  const waiting: (Operator | Paren)[] = [];
  let tokens = 0;
  /** The previous token: 'x' for an operand, else its text. */
  let last = '';
  /** A misplaced ')', ',' or ';' is reported once the whole text has been read. */
  let misplaced = '';
  TOKEN.lastIndex = 0;
  for (let at = 0; at < src.length; at = TOKEN.lastIndex) {
    const m = TOKEN.exec(src);
    if (!m) throw failure(`Unexpected character '${src[at]}'`);
    const [, number, word, paren, symbol, punct, quote, text, closed] = m;
    if (number) {
      const v = Number(number);
      // Every decimal the pattern reads is a number; only '0x' without digits is not.
      if (Number.isNaN(v)) throw failure('Invalid hex number sequence');
      program.push(v);
    } else if (word) {
      if (paren && word[0] !== '@') {
        if (!FUNCTIONS[word]) throw failure(`Invalid function ${word}`);
        waiting.push({ fn: word, commas: 0 });
      } else {
        if (Object.hasOwn(CONSTANTS, word)) program.push(CONSTANTS[word]);
        else {
          const path = word.split('.');
          if (path.includes('')) throw failure(`Invalid variable reference ${word}`);
          program.push(new Ref(path));
        }
        if (paren) waiting.push({});
      }
    } else if (symbol) {
      const op = (last !== 'x' && last !== ')' && SIGNS[symbol]) || OPERATORS[symbol];
      release(waiting, program, op.yields);
      waiting.push(op);
    } else if (quote) {
      const s = decodeEscapes(text);
      if (!closed) throw failure('Unterminated string', 'EXPRESSION_UNTERMINATED_STRING');
      program.push(s);
    } else if (punct === '(') waiting.push({});
    else if (punct) {
      const inner = release(waiting, program, 0);
      if (punct === ')') {
        if (!inner) misplaced ||= 'Mismatched parenthesis';
        else {
          waiting.pop();
          if (inner.fn) program.push(call(inner.fn, inner.commas + (last === ',' || last === '(' ? 0 : 1)));
        }
      } else if (!inner) {
        if (program.length) programs.push(program);
        program = [];
      } else if (punct === ',' && inner.fn) inner.commas++;
      else misplaced ||= punct === ',' ? 'Unexpected comma' : 'Unexpected semicolon';
    } else continue; // blanks
    // A name with its '(' is two tokens.
    tokens += paren ? 2 : 1;
    if (tokens > limits.exprMaxTokens)
      throw failure(
        `Expression exceeds the maximum number of allowed tokens: ${limits.exprMaxTokens}`,
        'EXPRESSION_TOKEN_LIMIT',
      );
    last = paren ? '(' : symbol || punct || 'x';
  }
  if (release(waiting, program, 0)) misplaced ||= 'Mismatched parenthesis';
  if (misplaced) throw failure(misplaced);
  if (program.length) programs.push(program);
  return programs;
}

export class Expression {
  private readonly programs: Program[] | null = null;
  /** What parsing threw; it is reported at every evaluation. */
  private readonly parseFailure: unknown;

  constructor(
    readonly source: string,
    private readonly limits: ExprLimits,
  ) {
    try {
      this.programs = parse(source, limits);
    } catch (e) {
      this.parseFailure = e;
    }
  }

  /**
   * The value of the last expression; undefined when it leaves nothing to print (empty, an
   * assignment, or a failure, which is reported). No expression has undefined as its value.
   */
  evaluate(env: ExprEnv): unknown {
    if (!this.programs) return this.fail(env, this.parseFailure, 'EXPRESSION_PARSE', 'parsing');
    let last: unknown = ASSIGNED;
    try {
      for (const program of this.programs) {
        const stack: unknown[] = [];
        for (const item of program) {
          if (typeof item === 'function') item(stack, env, this.limits);
          else stack.push(item);
        }
        last = stack.length ? read(stack.pop(), env) : ASSIGNED;
      }
    } catch (e) {
      return this.fail(env, e, 'EXPRESSION_REDUCE', 'reducing');
    }
    return last === ASSIGNED ? undefined : last;
  }

  /** Reports a failed parse or evaluation; limit errors are reported without the expression. */
  private fail(env: ExprEnv, e: unknown, phase: JsontErrorType, doing: string) {
    const type = (e as { type?: JsontErrorType } | null)?.type ?? phase;
    const why = messageOf(e);
    env.error(type, type.endsWith('LIMIT') ? why : `Error ${doing} expression: ${this.source}: ${why}`);
    return undefined;
  }
}
