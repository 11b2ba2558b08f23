import type {
  BlockNode,
  FormatterCall,
  IfNode,
  MacroNode,
  Node,
  OrNode,
  Path,
  Pos,
  PredicateCall,
  RepeatedNode,
  Root,
  VariableNode,
} from './ast.js';
import { makeError, messageOf } from './errors.js';
import {
  ArgumentsError,
  type Formatter,
  type JsontError,
  type JsontErrorType,
  type Predicate,
} from './plugin.js';
import { find, type Registry } from './registry.js';

const NAME = /^[\w$@.-]+$/;
const VARIABLE = /^@[\w$@-]+$/;

/** Instructions that stand for a character. */
const CHARACTERS: Record<string, string> = {
  'meta-left': '{',
  'meta-right': '}',
  space: ' ',
  tab: '\t',
  newline: '\n',
};

/** How error messages name an instruction or the block part it is in. */
const NAMES: Record<string, string> = { or: 'OR_PREDICATE', alternates: 'ALTERNATES_WITH' };
const nameOf = (kind: string): string => NAMES[kind] ?? kind.toUpperCase();

/** A path part, and a formatter or predicate name, matched where `lastIndex` puts them. */
const PART = /[\w$@-]+/y;
const CALL_NAME = /[a-zA-Z][\w-]*/y;

/** Where the match of sticky `re` at `from` in `s` ends; `from` when there is none. */
function matchEnd(re: RegExp, s: string, from: number): number {
  re.lastIndex = from;
  return re.test(s) ? re.lastIndex : from;
}

/**
 * Parts of letters, digits, '_', '$', '@' and '-' joined by dots; the head does not start with
 * '_' or '-'. Read part by part: no backtracking over the whole path, no `split`.
 */
export function parsePath(raw: string): Path | null {
  if (raw[0] === '_' || raw[0] === '-') return null;
  const path: string[] = [];
  for (let i = 0; ; ) {
    const end = matchEnd(PART, raw, i);
    if (end === i) return null;
    path.push(raw.slice(i, end));
    if (end === raw.length) return path;
    if (raw[end] !== '.') return null;
    i = end + 1;
  }
}

const words = (s: string): string[] => s.split(' ').filter((w) => w !== '');

/** Splits a quote-aware argument list; a quoted argument keeps its quotes so the predicate sees a literal. */
function splitPredicateArgs(rest: string): string[] {
  if (rest === '') return [];
  const delim = rest[0];
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 1; i < rest.length; i++) {
    const c = rest[i];
    if (c === '"') quoted = !quoted;
    if (c === delim && !quoted) {
      if (cur !== '' || delim !== ' ') out.push(cur);
      cur = '';
    } else cur += c;
  }
  if (cur !== '' || delim !== ' ') out.push(cur);
  return out;
}

/** The first character after a formatter name is its argument delimiter. */
function splitFormatterArgs(rest: string): string[] {
  if (rest === '') return [];
  const delim = rest[0];
  const parts = rest.slice(1).split(delim);
  return delim === ' ' ? parts.filter((p) => p !== '') : parts;
}

/** A block being read. */
interface Block {
  /** The instruction that opened it. */
  node: BlockNode | MacroNode;
  /** The last link of its `{.or}` chain; null in a macro, which has none. */
  tail: BlockNode | OrNode | null;
  /** The part being read: the block's kind, 'or' or 'alternates'. */
  part: string;
  /** Where the part's nodes go. */
  body: Node[];
}

export interface ParseResult {
  root: Root;
  errors: JsontError[];
}

/** Reads a template in one pass, building the tree as instructions come. */
class Parser implements Pos {
  readonly errors: JsontError[] = [];
  readonly root: Root = { kind: 'root', body: [] };
  /** Where the text or instruction being read starts. */
  line = 0;
  column = 1;
  private lineStart = 0;
  /** Offset of the first newline at or after `lineStart` (the source length when there is none). */
  private nextNewline = -1;
  private readonly blocks: Block[] = [];
  /** Where nodes go: the body of the block part being read. */
  private body = this.root.body;

  constructor(
    private readonly src: string,
    private readonly reg: Registry,
  ) {}

  /** Moves `line` and `column` to `offset`, which never goes back. */
  private seek(offset: number): void {
    while (this.nextNewline < offset) {
      this.line++;
      this.lineStart = this.nextNewline + 1;
      const nl = this.src.indexOf('\n', this.lineStart);
      this.nextNewline = nl < 0 ? this.src.length : nl;
    }
    this.column = offset - this.lineStart + 1;
  }

  private error(type: JsontErrorType, message: string, at: Pos = this): void {
    this.errors.push(makeError(type, message, at));
  }

  private text(text: string, offset: number): void {
    this.seek(offset);
    this.add({ kind: 'text', text, line: this.line, column: this.column });
  }

  read(): void {
    const s = this.src;
    for (let i = 0; i < s.length; ) {
      const open = s.indexOf('{', i);
      if (open < 0) {
        this.text(s.slice(i), i);
        break;
      }
      if (open > i) this.text(s.slice(i, open), i);
      this.seek(open);
      // Comments, which leave no node: `{## … ##}` spans lines; `{# … }` ends at the first brace.
      if (s[open + 1] === '#') {
        const multi = s[open + 2] === '#';
        const close = multi ? s.indexOf('##}', open + 3) : s.indexOf('}', open + 2);
        if (close < 0) {
          this.text(s.slice(open), open);
          break;
        }
        i = close + (multi ? 3 : 1);
        continue;
      }
      const close = s.indexOf('}', open + 1);
      // An instruction ends on its own line: a `{` without a `}` there is text.
      if (close < 0 || this.nextNewline < close) {
        this.text('{', open);
        i = open + 1;
        continue;
      }
      const inner = s.slice(open + 1, close);
      if (inner[0] === '.' ? !this.instruction(inner.slice(1)) : !this.add(this.variable(inner))) {
        this.text(`{${inner}}`, open);
      }
      i = close + 1;
    }
    // Unclosed blocks are reported at their opening instruction and kept as if closed.
    for (const b of this.blocks)
      this.error('UNCLOSED_BLOCK', `Reached EOF in the middle of ${nameOf(b.node.kind)}`, b.node);
  }

  /** Puts a node in the block part being read; false for none (then the instruction is text). */
  private add(node: Node | null): boolean {
    if (node) this.body.push(node);
    return node !== null;
  }

  /** Puts a block's node in place and reads its body next. */
  private open(node: BlockNode | MacroNode): true {
    this.add(node);
    this.body = node.body;
    this.blocks.push({ node, tail: node.kind === 'macro' ? null : node, part: node.kind, body: node.body });
    return true;
  }

  private end(): true {
    if (!this.blocks.pop()) this.error('NOT_ALLOWED_AT_ROOT', 'Instruction END not allowed at root');
    this.body = this.blocks.at(-1)?.body ?? this.root.body;
    return true;
  }

  /**
   * Starts the next part of the block being read, where it allows one: an `{.or}` branch, or the
   * `{.alternates with}` separator of a repeated section.
   */
  private next(part: OrNode | 'alternates'): true {
    const top = this.blocks.at(-1);
    const kind = part === 'alternates' ? part : 'or';
    if (!top) this.error('NOT_ALLOWED_AT_ROOT', `Instruction ${nameOf(kind)} not allowed at root`);
    else if (part !== 'alternates' && top.tail) {
      if (top.tail.kind === 'or' && top.tail.predicate === null) {
        this.error('SYNTAX', `This ${nameOf(kind)} block will never execute.`);
      }
      top.tail.alt = part;
      top.tail = part;
      this.body = top.body = part.body;
      top.part = kind;
    } else if (part === 'alternates' && top.part === 'repeated') {
      this.body = top.body = (top.node as RepeatedNode).alternates = [];
      top.part = kind;
    } else
      this.error(
        'NOT_ALLOWED_HERE',
        `${nameOf(kind)} instruction is not allowed inside ${nameOf(top.part)} block.`,
      );
    return true;
  }

  /** `a, b|fmt args|fmt2`; null when it is not a variable reference (then it is text). */
  private variable(inner: string): VariableNode | null {
    let bar = inner.indexOf('|');
    const head = bar < 0 ? inner : inner.slice(0, bar);
    const paths: Path[] = [];
    for (const raw of head.includes(',') ? head.split(',').map((p) => p.trim()) : [head]) {
      const p = parsePath(raw);
      if (!p) return null;
      paths.push(p);
    }
    const formatters: FormatterCall[] = [];
    while (bar >= 0) {
      const start = bar + 1;
      bar = inner.indexOf('|', start);
      const end = bar < 0 ? inner.length : bar;
      const i = matchEnd(CALL_NAME, inner, start);
      if (i === start) return null;
      const call = this.call(
        'Formatter',
        this.reg.formatters,
        inner.slice(start, i),
        splitFormatterArgs(inner.slice(i, end)),
      );
      // An unknown formatter or invalid arguments leave the whole reference as text.
      if (!call.impl) return null;
      formatters.push(call as FormatterCall);
    }
    return { kind: 'variable', paths, formatters, line: this.line, column: this.column };
  }

  /** A predicate call at the start of `text` (`name? args`); null when there is none. */
  private predicate(text: string): PredicateCall | null {
    const end = matchEnd(CALL_NAME, text, 0) + 1;
    const name = end > 1 && text[end - 1] === '?' && text.slice(0, end);
    return name
      ? this.call('Predicate', this.reg.predicates, name, splitPredicateArgs(text.slice(name.length)))
      : null;
  }

  /**
   * A formatter or predicate call, its arguments validated once. Its `impl` is undefined when the
   * name is unknown or the arguments are invalid (both reported).
   */
  private call<T extends Formatter | Predicate>(
    what: 'Formatter' | 'Predicate',
    table: Map<string, T>,
    name: string,
    args: string[],
  ) {
    const call = {
      name,
      args,
      impl: find(table, name),
      parsed: undefined as unknown,
      line: this.line,
      column: this.column,
    };
    const upper = what === 'Formatter' ? 'FORMATTER' : 'PREDICATE';
    if (!call.impl) this.error(`UNKNOWN_${upper}`, `${what} '${name}' is unknown`);
    else {
      try {
        call.parsed = call.impl.validate?.(args);
      } catch (e) {
        // Only a formatter tells a failing `validate` from arguments it rejects.
        this.error(
          upper === 'PREDICATE' || e instanceof ArgumentsError ? `${upper}_ARGS_INVALID` : 'FORMATTER_FAILED',
          `Invalid arguments for ${what.toLowerCase()} '${name}': ${messageOf(e)}`,
        );
        call.impl = undefined;
      }
    }
    return call;
  }

  /** `inner` is the instruction without its leading dot; false means it is text. */
  private instruction(inner: string): boolean {
    const { line, column } = this;
    if (Object.hasOwn(CHARACTERS, inner))
      return this.add({ kind: 'text', text: CHARACTERS[inner], line, column });
    const sp = inner.indexOf(' ');
    const word = sp < 0 ? inner : inner.slice(0, sp);
    const rest = sp < 0 ? '' : inner.slice(sp + 1);
    switch (word) {
      case 'end':
        return rest === '' && this.end();
      case 'alternates':
        return rest === 'with' && this.next('alternates');
      case 'section': {
        const path = parsePath(rest);
        return path !== null && this.open({ kind: 'section', path, body: [], alt: null, line, column });
      }
      case 'repeated': {
        const path = rest.startsWith('section ') && parsePath(rest.slice(8));
        return (
          !!path && this.open({ kind: 'repeated', path, body: [], alternates: null, alt: null, line, column })
        );
      }
      case 'or': {
        const predicate = rest === '' ? null : this.predicate(rest);
        return (
          (rest === '' || predicate !== null) &&
          this.next({ kind: 'or', predicate, body: [], alt: null, line, column })
        );
      }
      case 'if': {
        const condition = this.condition(rest);
        return (
          condition !== null && this.open({ kind: 'if', ...condition, body: [], alt: null, line, column })
        );
      }
      case 'var':
      case 'bindvar': {
        const m = /^(@[\w$@-]+) (.+)$/.exec(rest);
        if (!m) return false;
        const value = this.variable(m[2]);
        return (
          !!value &&
          this.add({
            kind: 'var',
            name: m[1],
            paths: value.paths,
            formatters: value.formatters,
            line,
            column,
          })
        );
      }
      case 'ctx':
      case 'ctxvar': {
        const [name, ...pairs] = words(rest);
        if (!name || !VARIABLE.test(name)) return false;
        const entries: [string, Path][] = [];
        for (const w of pairs) {
          const eq = w.indexOf('=');
          const path = eq > 0 && parsePath(w.slice(eq + 1));
          if (!path) return false;
          entries.push([w.slice(0, eq), path]);
        }
        return this.add({ kind: 'ctx', name, entries, line, column });
      }
      case 'macro':
        return NAME.test(rest) && this.open({ kind: 'macro', name: rest, body: [], line, column });
      case 'eval':
        return this.add({ kind: 'eval', source: rest, line, column });
      case 'include': {
        const [name, ...args] = words(rest);
        return !!name && NAME.test(name) && this.add({ kind: 'include', name, args, line, column });
      }
      case 'inject': {
        const [name, file, ...args] = words(rest);
        return !!file && VARIABLE.test(name) && this.add({ kind: 'inject', name, file, args, line, column });
      }
      default: {
        const predicate = this.predicate(inner);
        return (
          predicate !== null && this.open({ kind: 'predicate', predicate, body: [], alt: null, line, column })
        );
      }
    }
  }

  /** An `{.if}` condition: a predicate, paths joined by '||' and '&&', or an expression. */
  private condition(rest: string): Pick<IfNode, 'paths' | 'operators' | 'predicate' | 'expression'> | null {
    const predicate = this.predicate(rest);
    if (predicate) return { paths: [], operators: [], predicate, expression: null };
    // Paths joined by '||' and '&&': the split keeps the operators, at odd indexes.
    const parts = rest.trim().split(/\s+(\|\||&&)\s+/);
    const paths = parts.filter((_, k) => k % 2 === 0).map(parsePath);
    if (!paths.includes(null)) {
      const operators = parts.filter((_, k) => k % 2 === 1) as IfNode['operators'];
      return { paths: paths as Path[], operators, predicate: null, expression: null };
    }
    // Anything else with operator characters is an expression condition.
    return /[<>=!()+\-*/%&|^~"']/.test(rest)
      ? { paths: [], operators: [], predicate: null, expression: rest }
      : null;
  }
}

export function parse(source: string, reg: Registry): ParseResult {
  const p = new Parser(source, reg);
  p.read();
  p.errors.sort((a, b) => a.line - b.line || a.column - b.column);
  return { root: p.root, errors: p.errors };
}
