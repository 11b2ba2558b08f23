import type { FormatterCall, Node, OrNode, Path, Pos, PredicateCall } from './ast.js';
import type { RenderOptions } from './engine.js';
import { makeError, messageOf } from './errors.js';
import { type ExprEnv, Expression } from './expr.js';
import { DEFAULT_LOCALE, DEFAULT_TIME_ZONE, type Limits } from './limits.js';
import { parsePath } from './parser.js';
import type { JsontError, JsontErrorType, PartialOptions, RenderContext, Variable } from './plugin.js';
import { getPath, isTruthy, toOutput } from './values.js';

/**
 * Templates compile to one generated function per block where the generated-code tier is
 * installed (codegen.ts, see `compileNodes`), else to trees of closures: every decision that
 * depends only on the template (path segments, formatter implementations and their validated
 * arguments, which branch of a block runs what) is made here once, so rendering runs straight-line code that allocates one
 * scope frame per section or loop (not per iteration) and nothing per variable.
 */

/** One level of the scope chain. */
export interface Frame {
  node: unknown;
  parent: Frame | null;
  /** `@name` variables bound in this scope (`.var`, `.ctx`, `.inject`, `.eval` assignment, `@args`). */
  vars: Map<string, unknown> | null;
  /** Macros defined in this scope. */
  macros: Map<string, Op> | null;
  /** 0-based position in a repeated section, or -1. */
  index: number;
  /** A private partial: name lookups stop here. */
  isolated: boolean;
}

export type Op = (f: Frame, rt: Runtime) => void;
export type Resolver = (f: Frame) => unknown;

/** Thrown to stop a render that hit a limit; never escapes `render`. */
export class RenderAbort extends Error {}

/** A compiled partial; errors mean it failed to parse. */
export interface Compiled {
  op: Op;
  errors: JsontError[];
}

/** What a compiled program needs from its surroundings at render time. */
export interface Host {
  /** Compiles a partial's source (cached with the template). */
  compilePartial(source: string): Compiled;
}

const NOWHERE: Pos = { line: 0, column: 0 };

export function newFrame(node: unknown, parent: Frame | null, isolated = false): Frame {
  return { node, parent, vars: null, macros: null, index: -1, isolated };
}

function setVar(f: Frame, name: string, value: unknown): void {
  f.vars ??= new Map();
  f.vars.set(name, value);
}

/** Render options the engine consumes; the rest (and `injects`) reach plugins as `ctx.options`. */
const ENGINE_OPTIONS = new Set(['partials', 'locale', 'now', 'timeZone']);

/**
 * Per-render state, created once per `render` call. It is also the `ctx` every formatter and
 * predicate receives, and the environment of expressions: `frame` and `pos` are set to the
 * caller's before each call.
 */
export class Runtime implements RenderContext, ExprEnv {
  out = '';
  /** Characters emitted so far, across nested partial buffers. */
  total = 0;
  steps = 0;
  depth = 0;
  readonly errors: JsontError[] = [];
  frame: Frame;
  pos: Pos = NOWHERE;
  readonly partials: Readonly<Record<string, string>>;
  readonly locale: string;
  readonly timeZone: string;
  readonly now: number;
  readonly options: Readonly<Record<string, unknown>>;
  /** Read by generated code, which appends to `out` itself (see `Generator.emit`). */
  readonly maxOutput: number;

  constructor(
    private readonly host: Host,
    readonly limits: Limits,
    partials: Readonly<Record<string, string>>,
    readonly root: unknown,
    o: RenderOptions,
  ) {
    this.frame = newFrame(root, null);
    this.partials = o.partials ? { ...partials, ...o.partials } : partials;
    const website = getPath(root, ['website', 'timeZone']);
    this.timeZone =
      typeof o.timeZone === 'string'
        ? o.timeZone
        : typeof website === 'string' && website
          ? website
          : DEFAULT_TIME_ZONE;
    this.options = Object.fromEntries(
      Object.entries(o).filter(([k, v]) => !ENGINE_OPTIONS.has(k) && (k !== 'injects' || v)),
    );
    this.locale = typeof o.locale === 'string' ? o.locale : DEFAULT_LOCALE;
    this.now = typeof o.now === 'number' ? o.now : Date.now();
    this.maxOutput = limits.maxOutputLength;
  }

  get node(): unknown {
    return this.frame.node;
  }

  resolve(path: string): unknown {
    return resolverForText(path)(this.frame);
  }

  lookup(path: readonly string[]): unknown {
    return resolverForPath(path)(this.frame);
  }

  assign(name: string, value: unknown): void {
    setVar(this.frame, name, value);
  }

  renderPartial(name: string, node: unknown, options?: PartialOptions): string | undefined {
    const frame = newFrame(node, this.frame, options?.isolated === true);
    if (options?.args) setVar(frame, '@args', options.args);
    return this.partial(name, this.pos, frame);
  }

  renderSource(source: string, node: unknown): string {
    const { op, errors } = this.host.compilePartial(source);
    for (const e of errors) this.errors.push(e);
    return this.run(op, newFrame(node, this.frame));
  }

  error(type: JsontErrorType, message: string): void {
    this.report(type, message, this.pos);
  }

  report(type: JsontErrorType, message: string, pos: Pos): void {
    this.errors.push(makeError(type, message, pos));
  }

  emit(s: string): void {
    this.out += s;
    this.total += s.length;
    if (this.total > this.maxOutput) {
      this.report(
        'RENDER_LIMIT',
        `Render output exceeded the maximum of ${this.maxOutput} characters`,
        NOWHERE,
      );
      throw new RenderAbort();
    }
  }

  step(pos: Pos): void {
    if (++this.steps > this.limits.maxSteps) {
      this.report('RENDER_LIMIT', `Render exceeded the maximum of ${this.limits.maxSteps} steps`, pos);
      throw new RenderAbort();
    }
  }

  /** Runs `op` in `frame` with a fresh output buffer and returns what it wrote. */
  run(op: Op, frame: Frame): string {
    const { out, frame: caller, pos } = this;
    this.out = '';
    try {
      op(frame, this);
      return this.out;
    } finally {
      this.out = out;
      this.frame = caller;
      this.pos = pos;
    }
  }

  /**
   * Runs the macro `name` in scope of `frame`, else the partial `name`, in `frame` one partial
   * level deeper and returns its output; undefined (reported) when there is none, when it does
   * not parse, or past the depth limit.
   */
  partial(name: string, pos: Pos, frame: Frame): string | undefined {
    let op: Op | undefined;
    for (let fr: Frame | null = frame; fr !== null && !op; fr = fr.parent) op = fr.macros?.get(name);
    if (!op) {
      const source = Object.hasOwn(this.partials, name) ? this.partials[name] : undefined;
      if (typeof source !== 'string') {
        this.report('PARTIAL_MISSING', `Attempt to apply partial '${name}' which could not be found.`, pos);
        return undefined;
      }
      const compiled = this.host.compilePartial(source);
      if (compiled.errors.length) {
        this.report('PARTIAL_PARSE', `Failed to parse partial '${name}': ${compiled.errors[0].message}`, pos);
        return undefined;
      }
      op = compiled.op;
    }
    const max = this.limits.maxPartialDepth;
    if (this.depth >= max) {
      this.report(
        'PARTIAL_RECURSION',
        `Recursion into partial '${name}' exceeded the maximum depth of ${max}`,
        pos,
      );
      return undefined;
    }
    this.step(pos);
    this.depth++;
    try {
      return this.run(op, frame);
    } finally {
      this.depth--;
    }
  }
}

/** Array index a path segment names, or -1 when it is not a canonical non-negative integer. */
export function indexOf(key: string): number {
  const i = Number(key);
  return Number.isSafeInteger(i) && i >= 0 && String(i) === key ? i : -1;
}

/**
 * One step of a path with its array index precomputed. Prototype members are never reached:
 * only names Object.prototype has need the own-property check (`inherited`, decided at compile
 * time); any other inherited member is a function, which no JSON holds.
 */
function child(node: unknown, key: string, index: number, inherited: boolean): unknown {
  if (node === null || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) return index >= 0 ? node[index] : undefined;
  if (inherited && !Object.hasOwn(node, key)) return undefined;
  const v = (node as Record<string, unknown>)[key];
  return typeof v === 'function' ? undefined : v;
}

const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));
export const inheritedName = (key: string): boolean => INHERITED.has(key);

/** Follows a path's segments after its head from a value. */
function walker(path: Path): (v: unknown) => unknown {
  const keys = path.slice(1);
  const idx = keys.map(indexOf);
  const inh = keys.map(inheritedName);
  const n = keys.length;
  return (v) => {
    let cur = v;
    for (let i = 0; i < n && cur !== undefined; i++) cur = child(cur, keys[i], idx[i], inh[i]);
    return cur;
  };
}

/**
 * `.section` and `.repeated section` names resolve in the current node only (no fallback to
 * enclosing scopes), as the reference implementation does; `@…` heads behave as everywhere.
 */
export const compileSectionPath = (path: Path): Resolver =>
  compilePath(path[0][0] === '@' ? path : ['@', ...path]);

export function compilePath(path: Path): Resolver {
  const head = path[0];
  const hasRest = path.length > 1;
  const tail = hasRest ? walker(path) : (v: unknown) => v;
  if (head === '@') return hasRest ? (f) => tail(f.node) : (f) => f.node;
  if (head === '@index' || head === '@index0') {
    const base = head === '@index' ? 1 : 0;
    return (f) => tail(f.index >= 0 ? f.index + base : undefined);
  }
  if (head[0] === '@') {
    return (f) => {
      for (let fr: Frame | null = f; fr !== null; fr = fr.parent) {
        if (fr.vars?.has(head)) return tail(fr.vars.get(head));
        if (fr.isolated) break;
      }
      return undefined;
    };
  }
  const hi = indexOf(head);
  const hh = inheritedName(head);
  const find = (f: Frame): unknown => {
    for (let fr: Frame | null = f; fr !== null; fr = fr.parent) {
      const v = child(fr.node, head, hi, hh);
      if (v !== undefined) return v;
      if (fr.isolated) break;
    }
    return undefined;
  };
  return hasRest ? (f) => tail(find(f)) : find;
}

type Getter = (f: Frame, rt: Runtime) => unknown;

/**
 * The value of a variable reference after its formatter chain, which stops at a formatter that
 * fails or is not implemented (both reported; the value is then undefined). The `vars` array
 * formatters work on is kept with the compiled node and reused; a re-entrant call (a formatter
 * rendering a partial that reaches the same node) takes a fresh one.
 */
export function valueGetter(paths: readonly Path[], calls: readonly FormatterCall[]): Getter {
  const resolvers = paths.map(compilePath);
  if (calls.length === 0) return resolvers[0];
  const fresh = (): Variable[] => resolvers.map(() => ({ value: undefined }));
  let free: Variable[] | null = fresh();
  return (f, rt) => {
    const vars = free ?? fresh();
    free = null;
    for (let i = 0; i < vars.length; i++) vars[i].value = resolvers[i](f);
    let v: unknown;
    let i = 0;
    try {
      for (; i < calls.length && !calls[i].impl.notImplemented; i++) {
        const c = calls[i];
        rt.frame = f;
        rt.pos = c;
        c.impl.apply(rt, c.args, vars, c.parsed);
      }
      if (i === calls.length) v = vars[0].value;
      else rt.report('NOT_IMPLEMENTED', `Formatter '${calls[i].name}' is not yet implemented`, calls[i]);
    } catch (e) {
      callFailed(e, calls[i], rt, 'Formatter');
    }
    for (const x of vars) x.value = undefined;
    free = vars;
    return v;
  };
}

/** Reports a formatter or predicate that threw (a render stopped at a limit stays stopped); false, as a failed test. */
export function callFailed(
  e: unknown,
  c: FormatterCall | PredicateCall,
  rt: Runtime,
  what: 'Formatter' | 'Predicate',
): false {
  if (e instanceof RenderAbort) throw e;
  rt.report('FORMATTER_FAILED', `${what} '${c.name}' failed: ${messageOf(e)}`, c);
  return false;
}

type Test = (f: Frame, rt: Runtime) => boolean;

export function predicateTest(call: PredicateCall): Test {
  const { impl, args, parsed } = call;
  if (!impl) return () => false;
  if (impl.notImplemented) {
    return (_f, rt) => {
      rt.report('NOT_IMPLEMENTED', `Predicate '${call.name}' is not yet implemented`, call);
      return false;
    };
  }
  return (f, rt) => {
    rt.frame = f;
    rt.pos = call;
    try {
      return impl.test(rt, args, parsed) === true;
    } catch (e) {
      return callFailed(e, call, rt, 'Predicate');
    }
  };
}

export interface CompileOptions {
  limits: Limits;
  /** False: closures only (a template's first render, where generating code would cost more than it saves). */
  generate?: boolean;
}

/**
 * A block's program: one generated JavaScript function when `new Function` is allowed (every
 * call site in it then sees a single callee, which the JIT inlines), else the closure tree (a
 * Content-Security-Policy without 'unsafe-eval' forbids generated code). Both behave the same.
 */
export function compileNodes(nodes: readonly Node[], opts: CompileOptions): Op {
  return (opts.generate !== false && tier?.generate(nodes, opts)) || closures(nodes, opts);
}

/** Builds generated code for blocks and paths; null where `new Function` is refused. */
export interface CodeTier {
  generate(nodes: readonly Node[], opts: CompileOptions): Op | null;
  generatePath(path: Path): Resolver | null;
}

/** The generated-code tier (codegen.ts), when an entry installed it; closures only without it. */
let tier: CodeTier | null = null;
export function installCodeTier(t: CodeTier): void {
  tier = t;
}

/** Whether a second render can get a better program than the first one's closures. */
export const hasCodeTier = (): boolean => tier !== null;

function closures(nodes: readonly Node[], opts: CompileOptions): Op {
  const ops: Op[] = [];
  let text = '';
  for (const n of nodes) {
    if (n.kind === 'text') {
      text += n.text;
      continue;
    }
    if (n.kind === 'variable') {
      // Text before a variable is emitted by the variable's own op: one dispatch instead of two.
      ops.push(emitValue(valueGetter(n.paths, n.formatters), text));
      text = '';
      continue;
    }
    if (text) ops.push(emitText(text));
    text = '';
    ops.push(compileNode(n, opts));
  }
  if (text) ops.push(emitText(text));
  return sequence(ops);
}

function sequence(ops: Op[]): Op {
  const n = ops.length;
  if (n === 1) return ops[0];
  return (f, rt) => {
    for (let i = 0; i < n; i++) ops[i](f, rt);
  };
}

/** Prints a variable's value, after the literal text that precedes it (if any). */
function emitValue(value: Getter, before: string): Op {
  return (f, rt) => {
    if (before) rt.emit(before);
    const v = value(f, rt);
    rt.emit(typeof v === 'string' ? v : toOutput(v));
  };
}

function emitText(text: string): Op {
  return (_f, rt) => rt.emit(text);
}

/** Runs `body` when `test` passes, else the `{.or}` chain. */
function branch(test: Test, body: Op, alt: Op | null): Op {
  return (f, rt) => {
    if (test(f, rt)) body(f, rt);
    else alt?.(f, rt);
  };
}

function compileAlt(alt: OrNode | null, opts: CompileOptions): Op | null {
  if (!alt) return null;
  const body = closures(alt.body, opts);
  if (!alt.predicate) return body;
  return branch(predicateTest(alt.predicate), body, compileAlt(alt.alt, opts));
}

export function compileNode(n: Exclude<Node, { kind: 'text' | 'variable' }>, opts: CompileOptions): Op {
  switch (n.kind) {
    case 'section': {
      const get = compileSectionPath(n.path);
      const body = closures(n.body, opts);
      const alt = compileAlt(n.alt, opts);
      return (f, rt) => {
        const v = get(f);
        if (isTruthy(v)) {
          rt.step(n);
          body(newFrame(v, f), rt);
          // The `{.or}` branch of a section has a scope of its own, as in the reference.
        } else if (alt !== null) alt(newFrame(v, f), rt);
      };
    }
    case 'repeated': {
      const get = compileSectionPath(n.path);
      const body = closures(n.body, opts);
      const between = n.alternates ? closures(n.alternates, opts) : null;
      const alt = compileAlt(n.alt, opts);
      return (f, rt) => {
        const v = get(f);
        if (Array.isArray(v) && v.length > 0) {
          const last = v.length - 1;
          // One frame serves every item: nothing keeps a frame once its iteration ends.
          const frame = newFrame(undefined, f);
          for (let i = 0; i <= last; i++) {
            rt.step(n);
            frame.node = v[i];
            frame.index = i;
            frame.vars = null;
            frame.macros = null;
            body(frame, rt);
            // The separator runs in the scope of the item before it.
            if (between !== null && i < last) between(frame, rt);
          }
        } else if (alt !== null) alt(f, rt);
      };
    }
    case 'predicate':
      return branch(predicateTest(n.predicate), closures(n.body, opts), compileAlt(n.alt, opts));
    case 'if':
      return branch(compileCondition(n, opts), closures(n.body, opts), compileAlt(n.alt, opts));
    case 'var': {
      const value = valueGetter(n.paths, n.formatters);
      const name = n.name;
      return (f, rt) => setVar(f, name, value(f, rt));
    }
    case 'ctx': {
      const entries = n.entries.map(([key, path]) => [key, compilePath(path)] as const);
      const name = n.name;
      return (f) => {
        const obj: Record<string, unknown> = {};
        for (const [key, resolve] of entries) {
          const v = resolve(f);
          if (v !== undefined) obj[key] = v;
        }
        setVar(f, name, obj);
      };
    }
    case 'macro': {
      const body = compileNodes(n.body, opts);
      const name = n.name;
      return (f) => {
        f.macros ??= new Map();
        f.macros.set(name, body);
      };
    }
    case 'eval': {
      const expr = new Expression(n.source, opts.limits);
      return (f, rt) => {
        rt.frame = f;
        rt.pos = n;
        // Nothing to print is undefined, which prints as ''.
        rt.emit(toOutput(expr.evaluate(rt)));
      };
    }
    case 'include': {
      const output = n.args.includes('output');
      const name = n.name;
      return (f, rt) => {
        // An include runs in the current scope so the variables it sets stay visible.
        const text = rt.partial(name, n, f);
        if (output && text !== undefined) rt.emit(text);
      };
    }
    case 'inject': {
      const { name, file } = n;
      return (f, rt) => {
        // The `injects` render option, as plugins also see it.
        const injects = rt.options.injects as Record<string, unknown> | undefined;
        const raw = injects && Object.hasOwn(injects, file) ? injects[file] : undefined;
        setVar(f, name, typeof raw === 'string' ? parseJsonOr(raw) : raw);
      };
    }
  }
}

function parseJsonOr(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** Expression references: one resolver per path array (the expression keeps its arrays). */
const exprPaths = new WeakMap<readonly string[], Resolver>();
function resolverForPath(path: readonly string[]): Resolver {
  let r = exprPaths.get(path);
  if (!r) {
    r = compilePath(path);
    exprPaths.set(path, r);
  }
  return r;
}

/** Bound on the distinct path strings `ctx.resolve` keeps compiled. */
const MAX_TEXT_PATHS = 10_000;
const textPaths = new Map<string, Resolver>();
/**
 * `ctx.resolve` paths, compiled once per distinct string (to generated code where allowed: each
 * path then has property loads of its own, which stay fast where a shared walker's do not); an
 * invalid path resolves to nothing.
 */
function resolverForText(path: string): Resolver {
  let r = textPaths.get(path);
  if (!r) {
    const p = parsePath(path);
    r = p ? tier?.generatePath(p) || compilePath(p) : () => undefined;
    if (textPaths.size >= MAX_TEXT_PATHS) textPaths.clear();
    textPaths.set(path, r);
  }
  return r;
}

export function compileCondition(n: Extract<Node, { kind: 'if' }>, opts: CompileOptions): Test {
  if (n.predicate) return predicateTest(n.predicate);
  if (n.expression !== null) {
    const expr = new Expression(n.expression, opts.limits);
    return (f, rt) => {
      rt.frame = f;
      rt.pos = n;
      return isTruthy(expr.evaluate(rt));
    };
  }
  const resolvers = n.paths.map(compilePath);
  const ops = n.operators;
  // Operators apply left to right, without precedence between '||' and '&&'.
  return (f) => {
    let result = isTruthy(resolvers[0](f));
    for (let i = 0; i < ops.length; i++) {
      const next = isTruthy(resolvers[i + 1](f));
      result = ops[i] === '||' ? result || next : result && next;
    }
    return result;
  };
}
