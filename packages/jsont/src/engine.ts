import type { Root } from './ast.js';
import {
  type Compiled,
  compileNodes,
  type Host,
  hasCodeTier,
  type Op,
  RenderAbort,
  Runtime,
} from './compile.js';
import { makeError, messageOf } from './errors.js';
import { DEFAULT_CACHE_SIZE, DEFAULT_LIMITS, type Limits } from './limits.js';
import { LruCache } from './lru.js';
import { parse } from './parser.js';
import type { JsontError, Plugin } from './plugin.js';
import { defaultPlugins } from './plugins/index.js';
import { buildRegistry, type Registry } from './registry.js';

export type { Node, Root } from './ast.js';
export { DEFAULT_LIMITS, type Limits } from './limits.js';
export { LruCache } from './lru.js';
export * from './plugin.js';
export { defaultPlugins } from './plugins/index.js';
export { deepEqual, getPath, isTruthy, toOutput } from './values.js';

export interface CompileOptions {
  /** Plugins to register; defaults to every built-in plugin. */
  plugins?: readonly Plugin[];
  /** Partials by name, available to `{@|apply name}` and `{.include name}`. */
  partials?: Record<string, string>;
  limits?: Partial<Limits>;
}

export interface RenderOptions {
  /** Partials by name; these win over the ones given to `compile`. */
  partials?: Record<string, string>;
  /** Files for `{.inject @var file}`: a string is parsed as JSON when it can be. */
  injects?: Record<string, unknown>;
  locale?: string;
  now?: number;
  timeZone?: string;
  /** Anything else is passed to plugins as `ctx.options`. */
  [key: string]: unknown;
}

export interface RenderResult {
  output: string;
  /** Errors raised while rendering (syntax errors are in `Template.errors`). */
  errors: JsontError[];
}

export interface Template {
  /** Syntax errors found while compiling; the template still renders what it could parse. */
  readonly errors: JsontError[];
  readonly ast: Root;
  render(json: unknown, options?: RenderOptions): RenderResult;
}

const internal = (e: unknown): JsontError =>
  makeError('INTERNAL', `Unexpected error: ${messageOf(e)}`, { line: 0, column: 0 });

export interface EngineOptions {
  plugins?: readonly Plugin[];
  /** Capacity of the compiled-template cache; spec §9 default 100. */
  cacheSize?: number;
  limits?: Partial<Limits>;
}

/** A registry of plugins plus a least-recently-used cache of compiled templates. */
export class Engine {
  private readonly registry: Registry;
  private readonly cache: LruCache<string, Template>;
  private readonly limits: Limits;

  constructor(options: EngineOptions = {}) {
    this.registry = buildRegistry(options.plugins ?? defaultPlugins);
    this.cache = new LruCache(options.cacheSize ?? DEFAULT_CACHE_SIZE);
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
  }

  /** Compiles without caching. */
  compile(source: string, options: Omit<CompileOptions, 'plugins'> = {}): Template {
    const registry = this.registry;
    const limits = options.limits ? { ...this.limits, ...options.limits } : this.limits;
    const partials = options.partials ?? {};
    let ast: Root = { kind: 'root', body: [] };
    let errors: JsontError[];
    try {
      ({ root: ast, errors } = parse(String(source), registry));
    } catch (e) {
      // Only a bug gets here: the template then renders nothing.
      errors = [internal(e)];
    }
    const opts = { limits };
    // The program is built on the first render: many compiled templates (a theme's partials,
    // cached pages) are never rendered, and parsing is all `errors` needs. The first render runs
    // closures; a template rendered again gets generated code, which costs more to build.
    let op: Op | null = null;
    let renders = 0;
    // Partials compile on first use and stay cached with the template.
    let compiledPartials: LruCache<string, Compiled> | null = null;
    const host: Host = {
      compilePartial(src) {
        compiledPartials ??= new LruCache(DEFAULT_CACHE_SIZE);
        let hit = compiledPartials.get(src);
        if (!hit) {
          const p = parse(src, registry);
          hit = { op: compileNodes(p.root.body, opts), errors: p.errors };
          compiledPartials.set(src, hit);
        }
        return hit;
      },
    };
    return {
      errors,
      ast,
      render(json: unknown, renderOptions: RenderOptions = {}): RenderResult {
        try {
          if (op === null || (renders === 1 && hasCodeTier()))
            op = compileNodes(ast.body, renders++ === 0 ? { limits, generate: false } : opts);
          const rt = new Runtime(host, limits, partials, json, renderOptions);
          try {
            op(rt.frame, rt);
          } catch (e) {
            if (!(e instanceof RenderAbort)) rt.errors.push(internal(e));
          }
          return { output: rt.out, errors: rt.errors };
        } catch (e) {
          return { output: '', errors: [internal(e)] };
        }
      },
    };
  }

  /** Compiles through the LRU cache, keyed by source, partials and limits. */
  compileCached(source: string, options: Omit<CompileOptions, 'plugins'> = {}): Template {
    const key = JSON.stringify([source, options.partials ?? null, options.limits ?? null]);
    let t = this.cache.get(key);
    if (!t) {
      t = this.compile(source, options);
      this.cache.set(key, t);
    }
    return t;
  }

  get cacheSize(): number {
    return this.cache.size;
  }
}

export function createEngine(options: EngineOptions = {}): Engine {
  return new Engine(options);
}

const defaultEngine = new Engine();

/** Compiles a template. Never throws: problems are reported in `errors`. */
export function compile(source: string, options: CompileOptions = {}): Template {
  return (options.plugins ? new Engine(options) : defaultEngine).compile(source, options);
}

/** Like `compile`, through the default engine's LRU cache (100 entries). */
export function compileCached(source: string, options: Omit<CompileOptions, 'plugins'> = {}): Template {
  return defaultEngine.compileCached(source, options);
}

/** Compiles and renders in one call; errors from both steps are returned together. */
export function render(
  source: string,
  json: unknown,
  options: RenderOptions & CompileOptions = {},
): RenderResult {
  const t = compileCached(source, { partials: options.partials, limits: options.limits });
  const r = t.render(json, options);
  return { output: r.output, errors: [...t.errors, ...r.errors] };
}
