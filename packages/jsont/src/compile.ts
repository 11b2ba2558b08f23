import type { FormatterCall, Node, OrNode, Path, Pos, PredicateCall } from './ast.js';
import { makeError, messages } from './errors.js';
import { Expression } from './expr.js';
import type { Limits } from './limits.js';
import { parsePath } from './parser.js';
import type { JsontError, JsontErrorType, PartialOptions, RenderContext, Variable } from './plugin.js';
import { getChild, getPath, isTruthy, toOutput } from './values.js';

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
type Resolver = (f: Frame) => unknown;

/** Thrown to stop a render that hit a limit; never escapes `render`. */
export class RenderAbort extends Error {}

/** What a compiled program needs from its surroundings at render time. */
export interface Host {
  /** Compiles a partial (cached); errors mean it failed to parse. */
  compilePartial(source: string): { op: Op; errors: JsontError[] };
}

const NOWHERE: Pos = { line: 0, column: 0 };

function newFrame(node: unknown, parent: Frame | null, index = -1, isolated = false): Frame {
  return { node, parent, vars: null, macros: null, index, isolated };
}

export function rootFrame(node: unknown): Frame {
  return newFrame(node, null);
}

function setVar(f: Frame, name: string, value: unknown): void {
  if (!f.vars) f.vars = new Map();
  f.vars.set(name, value);
}

/** Per-render state, created once per `render` call. */
export class Runtime {
  out = '';
  /** Characters emitted so far, across nested partial buffers. */
  total = 0;
  steps = 0;
  depth = 0;
  readonly errors: JsontError[] = [];
  /** Frame and position of the formatter or predicate being run, for `ctx`. */
  frame: Frame;
  pos: Pos = NOWHERE;
  readonly ctx: RenderContext;

  constructor(
    readonly host: Host,
    readonly limits: Limits,
    readonly partials: Readonly<Record<string, string>>,
    readonly injects: Readonly<Record<string, unknown>>,
    root: Frame,
    env: { locale: string; timeZone: string; now: number; options: Record<string, unknown> },
  ) {
    this.frame = root;
    const rt = this;
    this.ctx = {
      locale: env.locale,
      timeZone: env.timeZone,
      now: env.now,
      root: root.node,
      options: env.options,
      get node() {
        return rt.frame.node;
      },
      resolve(path: string) {
        const p = parsePath(path);
        return p ? compilePathCached(p)(rt.frame) : undefined;
      },
      renderPartial(name: string, node: unknown, options?: PartialOptions) {
        return rt.applyPartial(name, node, rt.frame, rt.pos, options);
      },
      renderSource(source: string, node: unknown) {
        const { op, errors } = rt.host.compilePartial(source);
        for (const e of errors) rt.errors.push(e);
        return rt.capture(() => op(newFrame(node, rt.frame), rt));
      },
      error(type: JsontErrorType, message: string) {
        rt.error(type, message, rt.pos);
      },
    };
  }

  emit(s: string): void {
    this.out += s;
    this.total += s.length;
    if (this.total > this.limits.maxOutputLength) {
      this.error('RENDER_LIMIT', messages.outputLimit(this.limits.maxOutputLength), NOWHERE);
      throw new RenderAbort();
    }
  }

  step(pos: Pos): void {
    if (++this.steps > this.limits.maxSteps) {
      this.error('RENDER_LIMIT', messages.stepLimit(this.limits.maxSteps), pos);
      throw new RenderAbort();
    }
  }

  error(type: JsontErrorType, message: string, pos: Pos): void {
    this.errors.push(makeError(type, message, pos));
  }

  /** Runs `fn` with a fresh output buffer and returns what it wrote. */
  capture(fn: () => void): string {
    const saved = this.out;
    this.out = '';
    try {
      fn();
      return this.out;
    } finally {
      this.out = saved;
    }
  }

  /** A macro in scope, else a partial by name; reports a missing one. */
  findTemplate(name: string, f: Frame, pos: Pos): Op | undefined {
    for (let fr: Frame | null = f; fr; fr = fr.parent) {
      const m = fr.macros?.get(name);
      if (m) return m;
    }
    const source = Object.hasOwn(this.partials, name) ? this.partials[name] : undefined;
    if (typeof source !== 'string') {
      this.error('PARTIAL_MISSING', messages.partialMissing(name), pos);
      return undefined;
    }
    const { op, errors } = this.host.compilePartial(source);
    if (errors.length) {
      this.error('PARTIAL_PARSE', messages.partialParse(name, errors[0].message), pos);
      return undefined;
    }
    return op;
  }

  /** Runs `fn` one partial level deeper, or reports the recursion limit. */
  nested(name: string, pos: Pos, fn: () => void): boolean {
    if (this.depth >= this.limits.maxPartialDepth) {
      this.error('PARTIAL_RECURSION', messages.partialRecursion(name, this.limits.maxPartialDepth), pos);
      return false;
    }
    this.step(pos);
    this.depth++;
    try {
      fn();
    } finally {
      this.depth--;
    }
    return true;
  }

  applyPartial(
    name: string,
    node: unknown,
    f: Frame,
    pos: Pos,
    options?: PartialOptions,
  ): string | undefined {
    const op = this.findTemplate(name, f, pos);
    if (!op) return undefined;
    const frame = newFrame(node, f, -1, options?.isolated === true);
    if (options?.args) setVar(frame, '@args', options.args);
    let text: string | undefined;
    const ok = this.nested(name, pos, () => {
      text = this.capture(() => op(frame, this));
    });
    return ok ? text : undefined;
  }
}

/**
 * `.section` and `.repeated section` names resolve in the current node only (no fallback to
 * enclosing scopes), as the reference implementation does; `@…` heads behave as everywhere.
 */
function compileSectionPath(path: Path): Resolver {
  if (path[0][0] === '@') return compilePath(path);
  return (f) => getPath(f.node, path);
}

export function compilePath(path: Path): Resolver {
  const head = path[0];
  const rest = path.length > 1 ? path.slice(1) : null;
  const tail = (v: unknown) => (rest ? getPath(v, rest) : v);
  if (head === '@') return rest ? (f) => getPath(f.node, rest) : (f) => f.node;
  if (head === '@index') return (f) => tail(f.index >= 0 ? f.index + 1 : undefined);
  if (head === '@index0') return (f) => tail(f.index >= 0 ? f.index : undefined);
  if (head[0] === '@') {
    return (f) => {
      for (let fr: Frame | null = f; fr; fr = fr.parent) {
        if (fr.vars?.has(head)) return tail(fr.vars.get(head));
        if (fr.isolated) break;
      }
      return undefined;
    };
  }
  return (f) => {
    for (let fr: Frame | null = f; fr; fr = fr.parent) {
      const v = getChild(fr.node, head);
      if (v !== undefined) return tail(v);
      if (fr.isolated) break;
    }
    return undefined;
  };
}

function failure(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Runs a formatter chain over `vars` in place; false when the chain stopped on an error. */
function applyFormatters(calls: readonly FormatterCall[], vars: Variable[], f: Frame, rt: Runtime): void {
  for (const c of calls) {
    if (c.impl.notImplemented) {
      rt.error('NOT_IMPLEMENTED', messages.formatterNotImplemented(c.name), c);
      vars[0].value = undefined;
      return;
    }
    rt.frame = f;
    rt.pos = c;
    try {
      c.impl.apply(rt.ctx, c.args, vars, c.parsed);
    } catch (e) {
      if (e instanceof RenderAbort) throw e;
      rt.error('FORMATTER_FAILED', messages.formatterFailed(c.name, failure(e)), c);
      vars[0].value = undefined;
      return;
    }
  }
}

function testPredicate(call: PredicateCall, f: Frame, rt: Runtime): boolean {
  const impl = call.impl;
  if (!impl) return false;
  if (impl.notImplemented) {
    rt.error('NOT_IMPLEMENTED', messages.predicateNotImplemented(call.name), call);
    return false;
  }
  rt.frame = f;
  rt.pos = call;
  try {
    return impl.test(rt.ctx, call.args, call.parsed) === true;
  } catch (e) {
    if (e instanceof RenderAbort) throw e;
    rt.error('FORMATTER_FAILED', messages.predicateFailed(call.name, failure(e)), call);
    return false;
  }
}

/** Builds the `vars` array for a variable reference, then applies its formatters. */
function valueGetter(
  resolvers: Resolver[],
  calls: readonly FormatterCall[],
): (f: Frame, rt: Runtime) => unknown {
  if (calls.length === 0) {
    const r = resolvers[0];
    return (f) => r(f);
  }
  if (resolvers.length === 1) {
    const r = resolvers[0];
    return (f, rt) => {
      const vars: Variable[] = [{ value: r(f) }];
      applyFormatters(calls, vars, f, rt);
      return vars[0].value;
    };
  }
  return (f, rt) => {
    const vars: Variable[] = resolvers.map((r) => ({ value: r(f) }));
    applyFormatters(calls, vars, f, rt);
    return vars[0].value;
  };
}

export interface CompileOptions {
  limits: Limits;
}

export function compileNodes(nodes: readonly Node[], opts: CompileOptions): Op {
  const ops: Op[] = [];
  let text = '';
  for (const n of nodes) {
    if (n.kind === 'comment') continue;
    if (n.kind === 'text') {
      text += n.text;
      continue;
    }
    if (text) ops.push(emitText(text));
    text = '';
    ops.push(compileNode(n, opts));
  }
  if (text) ops.push(emitText(text));
  if (ops.length === 0) return () => {};
  if (ops.length === 1) return ops[0];
  return (f, rt) => {
    for (let i = 0; i < ops.length; i++) ops[i](f, rt);
  };
}

function emitText(text: string): Op {
  return (_f, rt) => rt.emit(text);
}

function compileAlt(alt: OrNode | null, opts: CompileOptions): Op | null {
  if (!alt) return null;
  const body = compileNodes(alt.body, opts);
  const next = compileAlt(alt.alt, opts);
  const pred = alt.predicate;
  if (!pred) return body;
  return (f, rt) => {
    if (testPredicate(pred, f, rt)) body(f, rt);
    else if (next) next(f, rt);
  };
}

function compileNode(n: Exclude<Node, { kind: 'text' | 'comment' }>, opts: CompileOptions): Op {
  switch (n.kind) {
    case 'variable': {
      const value = valueGetter(n.paths.map(compilePath), n.formatters);
      return (f, rt) => rt.emit(toOutput(value(f, rt)));
    }
    case 'section': {
      const get = compileSectionPath(n.path);
      const body = compileNodes(n.body, opts);
      const alt = compileAlt(n.alt, opts);
      return (f, rt) => {
        const v = get(f);
        if (isTruthy(v)) {
          rt.step(n);
          body(newFrame(v, f), rt);
        } else if (alt) alt(f, rt);
      };
    }
    case 'repeated': {
      const get = compileSectionPath(n.path);
      const body = compileNodes(n.body, opts);
      const between = n.alternates ? compileNodes(n.alternates, opts) : null;
      const alt = compileAlt(n.alt, opts);
      return (f, rt) => {
        const v = get(f);
        if (Array.isArray(v) && v.length > 0) {
          const last = v.length - 1;
          for (let i = 0; i <= last; i++) {
            rt.step(n);
            const frame = newFrame(v[i], f, i);
            body(frame, rt);
            // The separator runs in the scope of the item before it.
            if (between && i < last) between(frame, rt);
          }
        } else if (alt) alt(f, rt);
      };
    }
    case 'predicate': {
      const body = compileNodes(n.body, opts);
      const alt = compileAlt(n.alt, opts);
      const pred = n.predicate;
      return (f, rt) => {
        if (testPredicate(pred, f, rt)) body(f, rt);
        else if (alt) alt(f, rt);
      };
    }
    case 'if': {
      const body = compileNodes(n.body, opts);
      const alt = compileAlt(n.alt, opts);
      const test = compileCondition(n, opts);
      return (f, rt) => {
        if (test(f, rt)) body(f, rt);
        else if (alt) alt(f, rt);
      };
    }
    case 'or':
      // The parser attaches every `{.or}` to its block, so a stray one never reaches here.
      return compileNodes(n.body, opts);
    case 'var': {
      const value = valueGetter(n.paths.map(compilePath), n.formatters);
      return (f, rt) => setVar(f, n.name, value(f, rt));
    }
    case 'ctx': {
      const entries = n.entries.map(([k, p]) => [k, compilePath(p)] as const);
      return (f) => {
        const obj: Record<string, unknown> = {};
        for (const [k, r] of entries) {
          const v = r(f);
          if (v !== undefined) obj[k] = v;
        }
        setVar(f, n.name, obj);
      };
    }
    case 'macro': {
      const body = compileNodes(n.body, opts);
      return (f) => {
        if (!f.macros) f.macros = new Map();
        f.macros.set(n.name, body);
      };
    }
    case 'eval': {
      const expr = new Expression(n.source, {
        maxTokens: opts.limits.exprMaxTokens,
        maxStringLength: opts.limits.exprMaxStringLength,
      });
      return (f, rt) => {
        const r = expr.evaluate(exprEnv(f));
        if (r.error) rt.error(r.error.type, r.error.message, n);
        else if (r.has) rt.emit(toOutput(r.value));
      };
    }
    case 'include': {
      const output = n.args.includes('output');
      return (f, rt) => {
        const op = rt.findTemplate(n.name, f, n);
        if (!op) return;
        // An include runs in the current scope so the variables it sets stay visible.
        rt.nested(n.name, n, () => {
          const text = rt.capture(() => op(f, rt));
          if (output) rt.emit(text);
        });
      };
    }
    case 'inject':
      return (f, rt) => {
        const raw = Object.hasOwn(rt.injects, n.file) ? rt.injects[n.file] : undefined;
        setVar(f, n.name, typeof raw === 'string' ? parseJsonOr(raw) : raw);
      };
  }
}

function parseJsonOr(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function exprEnv(f: Frame) {
  return {
    get: (path: readonly string[]) => compilePathCached(path)(f),
    set: (name: string, value: unknown) => setVar(f, name, value),
  };
}

const pathCache = new Map<string, Resolver>();
/** Expression references are compiled once per distinct path. */
export function compilePathCached(path: readonly string[]): Resolver {
  const key = path.join('.');
  let r = pathCache.get(key);
  if (!r) {
    r = compilePath(path);
    if (pathCache.size > 10_000) pathCache.clear();
    pathCache.set(key, r);
  }
  return r;
}

function compileCondition(
  n: Extract<Node, { kind: 'if' }>,
  opts: CompileOptions,
): (f: Frame, rt: Runtime) => boolean {
  if (n.predicate) {
    const pred = n.predicate;
    return (f, rt) => testPredicate(pred, f, rt);
  }
  if (n.expression !== null) {
    const expr = new Expression(n.expression, {
      maxTokens: opts.limits.exprMaxTokens,
      maxStringLength: opts.limits.exprMaxStringLength,
    });
    return (f, rt) => {
      const r = expr.evaluate(exprEnv(f));
      if (r.error) {
        rt.error(r.error.type, r.error.message, n);
        return false;
      }
      return r.has && isTruthy(r.value);
    };
  }
  const resolvers = n.paths.map(compilePath);
  const ops = n.operators;
  if (resolvers.length === 1) {
    const r = resolvers[0];
    return (f) => isTruthy(r(f));
  }
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
