import type { Formatter, Predicate } from './plugin.js';

/** Every node carries the 1-based line and column of the `{` that opened it. */
export interface Pos {
  line: number;
  column: number;
}

/** A dotted path split into parts: 'a.b.0' → ['a', 'b', '0']; '@' stays ['@']. */
export type Path = readonly string[];

export interface FormatterCall extends Pos {
  name: string;
  args: string[];
  impl: Formatter;
  /** What `impl.validate` returned at compile time. */
  parsed: unknown;
}

export interface PredicateCall extends Pos {
  name: string;
  args: string[];
  /** Undefined for an unknown predicate, which then always tests false. */
  impl: Predicate | undefined;
  parsed: unknown;
}

export interface TextNode extends Pos {
  kind: 'text';
  text: string;
}

export interface VariableNode extends Pos {
  kind: 'variable';
  paths: Path[];
  formatters: FormatterCall[];
}

export interface OrNode extends Pos {
  kind: 'or';
  /** Null for a plain `{.or}`. */
  predicate: PredicateCall | null;
  body: Node[];
  alt: OrNode | null;
}

export interface SectionNode extends Pos {
  kind: 'section';
  path: Path;
  body: Node[];
  alt: OrNode | null;
}

export interface RepeatedNode extends Pos {
  kind: 'repeated';
  path: Path;
  body: Node[];
  /** Body of `{.alternates with}`, emitted between items. */
  alternates: Node[] | null;
  alt: OrNode | null;
}

export interface PredicateNode extends Pos {
  kind: 'predicate';
  predicate: PredicateCall;
  body: Node[];
  alt: OrNode | null;
}

export interface IfNode extends Pos {
  kind: 'if';
  /** Either paths joined by operators, or a predicate. */
  paths: Path[];
  operators: ('||' | '&&')[];
  predicate: PredicateCall | null;
  /** Source of an expression condition (`{.if @a > 2}`), or null. */
  expression: string | null;
  body: Node[];
  alt: OrNode | null;
}

export interface VarNode extends Pos {
  kind: 'var';
  name: string;
  paths: Path[];
  formatters: FormatterCall[];
}

export interface CtxNode extends Pos {
  kind: 'ctx';
  name: string;
  entries: [string, Path][];
}

export interface MacroNode extends Pos {
  kind: 'macro';
  name: string;
  body: Node[];
}

export interface EvalNode extends Pos {
  kind: 'eval';
  source: string;
}

export interface IncludeNode extends Pos {
  kind: 'include';
  name: string;
  args: string[];
}

export interface InjectNode extends Pos {
  kind: 'inject';
  name: string;
  file: string;
  args: string[];
}

/** Blocks that can have an `{.or}` chain. */
export type BlockNode = SectionNode | RepeatedNode | PredicateNode | IfNode;

/** What a body holds; `{.or}` branches hang off their block's `alt`. */
export type Node =
  | TextNode
  | VariableNode
  | SectionNode
  | RepeatedNode
  | PredicateNode
  | IfNode
  | VarNode
  | CtxNode
  | MacroNode
  | EvalNode
  | IncludeNode
  | InjectNode;

export interface Root {
  kind: 'root';
  body: Node[];
}
