/**
 * The plugin interface of the JSON-T engine. Formatters and predicates are plain objects
 * registered by name; a plugin is a named bundle of them. This file is the contract between
 * the engine core and every plugin folder under src/plugins/: members may be added, never
 * removed or changed in meaning.
 */

/** Error types the engine reports; `message` carries the human text. */
export type JsontErrorType =
  | 'SYNTAX' // unknown formatter or predicate, unclosed block, block not allowed here
  | 'UNKNOWN_FORMATTER'
  | 'UNKNOWN_PREDICATE'
  | 'UNCLOSED_BLOCK'
  | 'NOT_ALLOWED_AT_ROOT'
  | 'NOT_ALLOWED_HERE'
  | 'FORMATTER_ARGS_INVALID'
  | 'PREDICATE_ARGS_INVALID'
  | 'NOT_IMPLEMENTED'
  | 'PARTIAL_MISSING'
  | 'PARTIAL_PARSE'
  | 'PARTIAL_RECURSION'
  | 'EXPRESSION_PARSE'
  | 'EXPRESSION_REDUCE'
  | 'EXPRESSION_ARGS_INVALID'
  | 'EXPRESSION_CONCAT_LIMIT'
  | 'EXPRESSION_TOKEN_LIMIT'
  | 'EXPRESSION_ESCAPE'
  | 'EXPRESSION_UNTERMINATED_STRING'
  | 'FORMATTER_FAILED'
  | 'RENDER_LIMIT'
  | 'INTERNAL'; // an unexpected exception inside the engine, reported instead of thrown

export interface JsontError {
  type: JsontErrorType;
  message: string;
  line: number;
  column: number;
}

/** One value a formatter works on; a formatter replaces `value` with its result. */
export interface Variable {
  value: unknown;
}

/** What a formatter or predicate sees of the render in progress. */
export interface RenderContext {
  /** BCP 47 locale for i18n formatters; default 'en-US'. */
  readonly locale: string;
  /** IANA time zone for date formatters: options.timeZone, else website.timeZone, else 'America/New_York'. */
  readonly timeZone: string;
  /** The current time in ms since the epoch (injectable for tests and fixtures). */
  readonly now: number;
  /** The root JSON of the render. */
  readonly root: unknown;
  /** The current node (`@`). */
  readonly node: unknown;
  /** Resolves a dotted path ('a.b.0.c', '@', '@index', '$var') against the scope chain. */
  resolve(path: string): unknown;
  /**
   * Renders a partial or macro by name with `node` as `@`; undefined when it does not exist (an error is reported).
   * `options.args` becomes `@args` inside it; `options.isolated` stops name lookups at `node`.
   */
  renderPartial(name: string, node: unknown, options?: PartialOptions): string | undefined;
  /** Compiles and renders template source with `node` as `@` (for formatters that carry templates). */
  renderSource(source: string, node: unknown): string;
  /** Reports an error at the position of the instruction being executed; rendering goes on. */
  error(type: JsontErrorType, message: string): void;
  /** Render options the caller passed that plugins may read (e.g. `cart`, `injects`). */
  readonly options: Readonly<Record<string, unknown>>;
}

export interface PartialOptions {
  args?: Record<string, string>;
  isolated?: boolean;
}

/** Thrown by `validate` to reject arguments at compile time. */
export class ArgumentsError extends Error {}

export interface Formatter {
  /**
   * Called once at compile time with the raw argument strings. Throw ArgumentsError to
   * report a bad call; the returned value is handed to every `apply` as `parsed`.
   */
  validate?(args: readonly string[]): unknown;
  /** Transforms vars[0].value (and may read the others) in place. */
  apply(ctx: RenderContext, args: readonly string[], vars: Variable[], parsed: unknown): void;
  /** Registered so templates compile, but reports NOT_IMPLEMENTED when applied. */
  notImplemented?: boolean;
}

export interface Predicate {
  validate?(args: readonly string[]): unknown;
  /** `ctx.node` is the current node; arguments as written after the predicate name. */
  test(ctx: RenderContext, args: readonly string[], parsed: unknown): boolean;
  notImplemented?: boolean;
}

export interface Plugin {
  name: string;
  formatters?: Record<string, Formatter>;
  predicates?: Record<string, Predicate>;
}
