import { messages } from './errors.js';
import type { JsontErrorType } from './plugin.js';
import { deepEqual, isTruthy } from './values.js';

/**
 * The `{.eval}` / `{.if}` expression language: infix expressions converted once to reverse
 * Polish notation (shunting-yard), then reduced on a stack at render time. Expressions are
 * separated by ';' or a top-level ','; the value of the last one is the result.
 */

export interface ExprError {
  type: JsontErrorType;
  message: string;
}

export interface ExprEnv {
  get(path: readonly string[]): unknown;
  set(name: string, value: unknown): void;
}

export interface ExprLimits {
  maxTokens: number;
  maxStringLength: number;
}

interface Operator {
  desc: string;
  prec: number;
  right: boolean;
  arity: 1 | 2;
}

type Tok =
  | { k: 'val'; v: unknown }
  | { k: 'ref'; path: string[]; name: string }
  | { k: 'op'; op: Operator }
  | { k: 'fn'; name: string; argc: number }
  | { k: 'lp' }
  | { k: 'rp' }
  | { k: 'comma' }
  | { k: 'semi' };

const op = (desc: string, prec: number, arity: 1 | 2 = 2, right = false): Operator => ({
  desc,
  prec,
  right,
  arity,
});

/** Precedence follows JavaScript: higher binds tighter. */
const OPS = {
  lnot: op('logical not', 14, 1, true),
  bnot: op('bitwise not', 14, 1, true),
  neg: op('minus', 14, 1, true),
  pos: op('plus', 14, 1, true),
  pow: op('exponent', 13, 2, true),
  mul: op('multiply', 12),
  div: op('divide', 12),
  mod: op('modulus', 12),
  add: op('add', 11),
  sub: op('subtract', 11),
  shl: op('shift left', 10),
  shr: op('shift right', 10),
  lt: op('less than', 9),
  lte: op('less than or equal', 9),
  gt: op('greater than', 9),
  gte: op('greater than or equal', 9),
  eq: op('equal', 8),
  neq: op('not equal', 8),
  seq: op('strict equal', 8),
  sneq: op('strict not equal', 8),
  band: op('bitwise and', 7),
  bxor: op('bitwise xor', 6),
  bor: op('bitwise or', 5),
  land: op('logical and', 4),
  lor: op('logical or', 3),
  asn: op('assign', 1, 2, true),
};

/** Longest symbols first so '===' wins over '=='. */
const SYMBOLS: [string, Operator][] = [
  ['===', OPS.seq],
  ['!==', OPS.sneq],
  ['**', OPS.pow],
  ['<<', OPS.shl],
  ['>>', OPS.shr],
  ['<=', OPS.lte],
  ['>=', OPS.gte],
  ['==', OPS.eq],
  ['!=', OPS.neq],
  ['&&', OPS.land],
  ['||', OPS.lor],
  ['*', OPS.mul],
  ['/', OPS.div],
  ['%', OPS.mod],
  ['+', OPS.add],
  ['-', OPS.sub],
  ['<', OPS.lt],
  ['>', OPS.gt],
  ['&', OPS.band],
  ['^', OPS.bxor],
  ['|', OPS.bor],
  ['!', OPS.lnot],
  ['~', OPS.bnot],
  ['=', OPS.asn],
];

const CONSTANTS: Record<string, unknown> = {
  true: true,
  false: false,
  null: null,
  NaN: Number.NaN,
  Infinity: Number.POSITIVE_INFINITY,
};

export function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === null || v === undefined) return 0;
  if (typeof v === 'string') {
    const s = v.trim();
    if (/^[-+]?0x[0-9a-f]+$/i.test(s)) {
      const n = Number.parseInt(s.replace(/^[-+]/, ''), 16);
      return s[0] === '-' ? -n : n;
    }
    return s === '' ? Number.NaN : Number(s);
  }
  return Number.NaN;
}

export function toStr(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

const FUNCTIONS: Record<string, (args: unknown[]) => unknown> = {
  max: (a) => (a.length ? Math.max(...a.map(toNumber)) : undefined),
  min: (a) => (a.length ? Math.min(...a.map(toNumber)) : undefined),
  abs: (a) => (a.length ? Math.abs(toNumber(a[0])) : undefined),
  num: (a) => (a.length ? toNumber(a[0]) : undefined),
  str: (a) => (a.length ? toStr(a[0]) : undefined),
  bool: (a) => (a.length ? isTruthy(a[0]) : undefined),
};

class ParseFailure extends Error {
  constructor(
    readonly type: JsontErrorType,
    message: string,
  ) {
    super(message);
  }
}

const IDENT_START = /[a-zA-Z_$@]/;
const IDENT_CHAR = /[a-zA-Z0-9_$@.]/;
const HEX = /^[0-9a-fA-F]+$/;

function tokenize(src: string, limits: ExprLimits): Tok[] {
  const out: Tok[] = [];
  const push = (t: Tok) => {
    out.push(t);
    if (out.length > limits.maxTokens) {
      throw new ParseFailure(
        'EXPRESSION_TOKEN_LIMIT',
        `Expression exceeds the maximum number of allowed tokens: ${limits.maxTokens}`,
      );
    }
  };
  let i = 0;
  const n = src.length;
  while (i < n) {
    const c = src[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\u00a0') {
      i++;
      continue;
    }
    if (c === '(') {
      push({ k: 'lp' });
      i++;
      continue;
    }
    if (c === ')') {
      push({ k: 'rp' });
      i++;
      continue;
    }
    if (c === ',') {
      push({ k: 'comma' });
      i++;
      continue;
    }
    if (c === ';') {
      push({ k: 'semi' });
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      const [s, next] = readString(src, i);
      push({ k: 'val', v: s });
      i = next;
      continue;
    }
    if ((c >= '0' && c <= '9') || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      const [v, next] = readNumber(src, i);
      push({ k: 'val', v });
      i = next;
      continue;
    }
    if (IDENT_START.test(c)) {
      let j = i + 1;
      while (j < n && IDENT_CHAR.test(src[j])) j++;
      const word = src.slice(i, j);
      i = j;
      let k = i;
      while (k < n && src[k] === ' ') k++;
      if (src[k] === '(' && !word.startsWith('@')) {
        if (!FUNCTIONS[word]) throw new ParseFailure('EXPRESSION_PARSE', `Invalid function ${word}`);
        push({ k: 'fn', name: word, argc: 0 });
        continue;
      }
      if (Object.hasOwn(CONSTANTS, word)) {
        push({ k: 'val', v: CONSTANTS[word] });
        continue;
      }
      if (word.endsWith('.') || word.includes('..')) {
        throw new ParseFailure('EXPRESSION_PARSE', `Invalid variable reference ${word}`);
      }
      push({ k: 'ref', path: word.split('.'), name: word });
      continue;
    }
    const sym = SYMBOLS.find(([s]) => src.startsWith(s, i));
    if (!sym) throw new ParseFailure('EXPRESSION_PARSE', `Unexpected character '${c}'`);
    let operator = sym[1];
    const prev = out[out.length - 1];
    const unaryPosition =
      !prev || prev.k === 'op' || prev.k === 'lp' || prev.k === 'comma' || prev.k === 'semi';
    if (operator === OPS.sub && unaryPosition) operator = OPS.neg;
    else if (operator === OPS.add && unaryPosition) operator = OPS.pos;
    push({ k: 'op', op: operator });
    i += sym[0].length;
  }
  return out;
}

function readString(src: string, start: number): [string, number] {
  const quote = src[start];
  let i = start + 1;
  let s = '';
  while (i < src.length) {
    const c = src[i];
    if (c === quote) return [s, i + 1];
    if (c !== '\\') {
      s += c;
      i++;
      continue;
    }
    const e = src[i + 1];
    if (e === undefined) break;
    i += 2;
    switch (e) {
      case 'n':
        s += '\n';
        break;
      case 't':
        s += '\t';
        break;
      case 'r':
        s += '\r';
        break;
      case 'f':
        s += '\f';
        break;
      case 'b':
        s += '\b';
        break;
      case 'x': {
        const h = src.slice(i, i + 2);
        if (h.length !== 2 || !HEX.test(h))
          throw new ParseFailure('EXPRESSION_ESCAPE', 'Invalid 2-char hex escape found');
        s += String.fromCharCode(Number.parseInt(h, 16));
        i += 2;
        break;
      }
      case 'u':
      case 'U': {
        const h = src.slice(i, i + 4);
        if (h.length !== 4 || !HEX.test(h))
          throw new ParseFailure('EXPRESSION_ESCAPE', 'Invalid unicode escape found');
        s += String.fromCharCode(Number.parseInt(h, 16));
        i += 4;
        break;
      }
      default:
        s += e;
    }
  }
  throw new ParseFailure('EXPRESSION_UNTERMINATED_STRING', 'Unterminated string');
}

function readNumber(src: string, start: number): [number, number] {
  if (src[start] === '0' && (src[start + 1] === 'x' || src[start + 1] === 'X')) {
    let j = start + 2;
    while (j < src.length && /[0-9a-fA-F]/.test(src[j])) j++;
    if (j === start + 2) throw new ParseFailure('EXPRESSION_PARSE', 'Invalid hex number sequence');
    return [Number.parseInt(src.slice(start + 2, j), 16), j];
  }
  const m = /^[0-9]*\.?[0-9]*(?:[eE][-+]?[0-9]+)?/.exec(src.slice(start));
  const text = m ? m[0] : '';
  const v = Number(text.endsWith('.') ? text.slice(0, -1) : text);
  if (text === '' || Number.isNaN(v))
    throw new ParseFailure('EXPRESSION_PARSE', 'Invalid decimal number sequence');
  return [v, start + text.length];
}

type Rpn = Exclude<Tok, { k: 'lp' } | { k: 'rp' } | { k: 'comma' } | { k: 'semi' }>;

/** Shunting-yard: splits on top-level separators and orders each expression for a stack machine. */
function toRpn(tokens: Tok[]): Rpn[][] {
  const exprs: Rpn[][] = [];
  let out: Rpn[] = [];
  const ops: Tok[] = [];
  // Argument counts for open function calls: [count, seenTokenSinceLastComma].
  const calls: { fn: Extract<Tok, { k: 'fn' }>; argc: number; pending: boolean }[] = [];
  const parenIsCall: boolean[] = [];
  const flushExpr = () => {
    while (ops.length) {
      const t = ops.pop() as Tok;
      if (t.k === 'lp') throw new ParseFailure('EXPRESSION_PARSE', 'Mismatched parenthesis');
      out.push(t as Rpn);
    }
    if (out.length) exprs.push(out);
    out = [];
  };
  const markArg = () => {
    const call = calls[calls.length - 1];
    if (call && parenIsCall[parenIsCall.length - 1]) call.pending = true;
  };
  for (let idx = 0; idx < tokens.length; idx++) {
    const t = tokens[idx];
    switch (t.k) {
      case 'val':
      case 'ref':
        markArg();
        out.push(t);
        break;
      case 'fn':
        markArg();
        ops.push(t);
        if (tokens[idx + 1]?.k !== 'lp')
          throw new ParseFailure('EXPRESSION_PARSE', `Invalid function ${t.name}`);
        break;
      case 'op': {
        markArg();
        if (t.op.arity === 2) {
          while (ops.length) {
            const top = ops[ops.length - 1];
            if (top.k !== 'op') break;
            if (top.op.prec > t.op.prec || (top.op.prec === t.op.prec && !t.op.right))
              out.push(ops.pop() as Rpn);
            else break;
          }
        }
        ops.push(t);
        break;
      }
      case 'lp': {
        const isCall = ops[ops.length - 1]?.k === 'fn';
        if (!isCall) markArg();
        parenIsCall.push(isCall);
        if (isCall)
          calls.push({ fn: ops[ops.length - 1] as Extract<Tok, { k: 'fn' }>, argc: 0, pending: false });
        ops.push(t);
        break;
      }
      case 'rp': {
        while (ops.length && ops[ops.length - 1].k !== 'lp') out.push(ops.pop() as Rpn);
        if (!ops.length) throw new ParseFailure('EXPRESSION_PARSE', 'Mismatched parenthesis');
        ops.pop();
        if (parenIsCall.pop()) {
          const call = calls.pop() as (typeof calls)[number];
          call.fn.argc = call.argc + (call.pending ? 1 : 0);
          out.push(ops.pop() as Rpn);
        }
        break;
      }
      case 'comma': {
        if (parenIsCall[parenIsCall.length - 1]) {
          while (ops.length && ops[ops.length - 1].k !== 'lp') out.push(ops.pop() as Rpn);
          const call = calls[calls.length - 1];
          call.argc++;
          call.pending = false;
        } else if (parenIsCall.length === 0) flushExpr();
        else throw new ParseFailure('EXPRESSION_PARSE', 'Unexpected comma');
        break;
      }
      case 'semi':
        if (parenIsCall.length) throw new ParseFailure('EXPRESSION_PARSE', 'Unexpected semicolon');
        flushExpr();
        break;
    }
  }
  flushExpr();
  return exprs;
}

class ReduceFailure extends Error {
  constructor(
    readonly type: JsontErrorType,
    message: string,
  ) {
    super(message);
  }
}

const ASSIGNED = Symbol('assigned');

export interface ExprResult {
  /** False when the last expression left nothing to print (empty, or an assignment). */
  has: boolean;
  value: unknown;
  error: ExprError | null;
}

export class Expression {
  private readonly exprs: Rpn[][];
  readonly parseError: ExprError | null;

  constructor(
    readonly source: string,
    private readonly limits: ExprLimits,
  ) {
    let exprs: Rpn[][] = [];
    let parseError: ExprError | null = null;
    try {
      exprs = toRpn(tokenize(source, limits));
    } catch (e) {
      const type = e instanceof ParseFailure ? e.type : 'EXPRESSION_PARSE';
      const why = e instanceof Error ? e.message : String(e);
      parseError = {
        type,
        message: type === 'EXPRESSION_TOKEN_LIMIT' ? why : messages.exprParse(source, why),
      };
    }
    this.exprs = exprs;
    this.parseError = parseError;
  }

  evaluate(env: ExprEnv): ExprResult {
    if (this.parseError) return { has: false, value: undefined, error: this.parseError };
    let last: unknown = ASSIGNED;
    try {
      for (const rpn of this.exprs) last = this.reduce(rpn, env);
    } catch (e) {
      const type = e instanceof ReduceFailure ? e.type : 'EXPRESSION_REDUCE';
      const why = e instanceof Error ? e.message : String(e);
      const message = type === 'EXPRESSION_CONCAT_LIMIT' ? why : messages.exprReduce(this.source, why);
      return { has: false, value: undefined, error: { type, message } };
    }
    return last === ASSIGNED
      ? { has: false, value: undefined, error: null }
      : { has: true, value: last, error: null };
  }

  private reduce(rpn: Rpn[], env: ExprEnv): unknown {
    const stack: (unknown | Extract<Tok, { k: 'ref' }>)[] = [];
    const refs = new Set<unknown>();
    const deref = (x: unknown): unknown => {
      if (refs.has(x)) {
        const v = env.get((x as Extract<Tok, { k: 'ref' }>).path);
        return v === undefined ? null : v;
      }
      return x;
    };
    for (const t of rpn) {
      if (t.k === 'val') stack.push(t.v);
      else if (t.k === 'ref') {
        // Each reference is a distinct object so it can be told apart from values on the stack.
        const r = { ...t };
        refs.add(r);
        stack.push(r);
      } else if (t.k === 'fn') {
        if (stack.length < t.argc)
          throw new ReduceFailure('EXPRESSION_REDUCE', `Invalid arguments to function ${t.name}`);
        const args = stack.splice(stack.length - t.argc, t.argc).map(deref);
        const v = FUNCTIONS[t.name](args);
        if (v !== undefined) stack.push(v);
      } else {
        const o = t.op;
        const invalid = () =>
          new ReduceFailure('EXPRESSION_ARGS_INVALID', `Invalid arguments to operator ${o.desc}`);
        if (stack.length < o.arity) throw invalid();
        if (o.arity === 1) {
          stack.push(this.unary(o, deref(stack.pop()), invalid));
          continue;
        }
        const rawB = stack.pop();
        const rawA = stack.pop();
        if (o === OPS.asn) {
          if (!refs.has(rawA) || !(rawA as { name: string }).name.startsWith('@')) throw invalid();
          env.set((rawA as { name: string }).name, deref(rawB));
          stack.push(ASSIGNED);
          continue;
        }
        stack.push(this.binary(o, deref(rawA), deref(rawB), invalid));
      }
    }
    if (!stack.length) return ASSIGNED;
    return deref(stack[stack.length - 1]);
  }

  private unary(o: Operator, a: unknown, invalid: () => Error): unknown {
    if (o === OPS.lnot) return !isTruthy(a);
    if (isObject(a) || a === ASSIGNED) throw invalid();
    if (o === OPS.bnot) return ~toNumber(a);
    if (o === OPS.neg) return -toNumber(a);
    return toNumber(a);
  }

  private binary(o: Operator, a: unknown, b: unknown, invalid: () => Error): unknown {
    if (a === ASSIGNED || b === ASSIGNED) throw invalid();
    switch (o) {
      case OPS.land:
        return isTruthy(a) && isTruthy(b);
      case OPS.lor:
        return isTruthy(a) || isTruthy(b);
      // Loose equality is the language's '==' ("1" == 1, true == 1).
      case OPS.eq:
        // biome-ignore lint/suspicious/noDoubleEquals: deliberate loose equality
        return isObject(a) || isObject(b) ? deepEqual(a, b) : a == b;
      case OPS.neq:
        // biome-ignore lint/suspicious/noDoubleEquals: deliberate loose inequality
        return isObject(a) || isObject(b) ? !deepEqual(a, b) : a != b;
      case OPS.seq:
        return isObject(a) || isObject(b) ? deepEqual(a, b) : a === b;
      case OPS.sneq:
        return isObject(a) || isObject(b) ? !deepEqual(a, b) : a !== b;
    }
    if (isObject(a) || isObject(b)) throw invalid();
    if (o === OPS.add) {
      if (typeof a === 'string' || typeof b === 'string') {
        const s = toStr(a) + toStr(b);
        if (s.length > this.limits.maxStringLength) {
          throw new ReduceFailure(
            'EXPRESSION_CONCAT_LIMIT',
            `String concatenation exceeds the maximum length of ${this.limits.maxStringLength}`,
          );
        }
        return s;
      }
      return toNumber(a) + toNumber(b);
    }
    const prim = (x: unknown) => (typeof x === 'string' ? x : toNumber(x));
    switch (o) {
      case OPS.lt:
        return prim(a) < prim(b);
      case OPS.lte:
        return prim(a) <= prim(b);
      case OPS.gt:
        return prim(a) > prim(b);
      case OPS.gte:
        return prim(a) >= prim(b);
    }
    const x = toNumber(a);
    const y = toNumber(b);
    switch (o) {
      case OPS.sub:
        return x - y;
      case OPS.mul:
        return x * y;
      case OPS.div:
        return x / y;
      case OPS.mod:
        return x % y;
      case OPS.pow:
        return x ** y;
      case OPS.shl:
        return x << y;
      case OPS.shr:
        return x >> y;
      case OPS.band:
        return x & y;
      case OPS.bor:
        return x | y;
      case OPS.bxor:
        return x ^ y;
    }
    throw invalid();
  }
}

function isObject(v: unknown): boolean {
  return typeof v === 'object' && v !== null;
}
