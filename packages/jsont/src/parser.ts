import type {
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
} from './ast.js';
import { makeError, messages } from './errors.js';
import { ArgumentsError, type JsontError } from './plugin.js';
import { findFormatter, findPredicate, type Registry } from './registry.js';

/** A lexed instruction before blocks are assembled. */
type Token =
  | { t: 'node'; node: Node }
  | { t: 'open'; node: Exclude<Node, OrNode> & { body: Node[] } }
  | { t: 'or'; node: OrNode }
  | { t: 'alternates'; pos: Pos }
  | { t: 'end'; pos: Pos };

const NAME = /^[a-zA-Z0-9_$@.-]+$/;
const FORMATTER_NAME = /^[a-zA-Z][a-zA-Z0-9_-]*/;
const PREDICATE_NAME = /^[a-zA-Z][a-zA-Z0-9_-]*\?/;

/** Characters of a path part: letters, digits, '_', '$', '@', '-'. */
function isPathChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) ||
    (c >= 65 && c <= 90) ||
    (c >= 48 && c <= 57) ||
    c === 95 ||
    c === 36 ||
    c === 64 ||
    c === 45
  );
}

export function parsePath(raw: string): Path | null {
  if (raw === '@') return ['@'];
  const n = raw.length;
  const c0 = raw.charCodeAt(0);
  // The head cannot start with '_' or '-'.
  if (n === 0 || !isPathChar(c0) || c0 === 95 || c0 === 45) return null;
  let dots = false;
  let prevDot = false;
  for (let i = 0; i < n; i++) {
    const c = raw.charCodeAt(i);
    if (c === 46) {
      if (prevDot) return null;
      dots = prevDot = true;
    } else if (isPathChar(c)) prevDot = false;
    else return null;
  }
  if (prevDot) return null;
  return dots ? raw.split('.') : [raw];
}

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

/** An instruction cannot span lines; only its own characters are scanned. */
function hasNewline(s: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (s.charCodeAt(k) === 10) return true;
  return false;
}

function textToken(text: string, pos: Pos): Token {
  return { t: 'node', node: { kind: 'text', text, line: pos.line, column: pos.column } };
}

export interface ParseResult {
  root: Root;
  errors: JsontError[];
}

class Parser {
  readonly errors: JsontError[] = [];
  private line = 1;
  private column = 1;
  private consumed = 0;

  constructor(
    private readonly src: string,
    private readonly reg: Registry,
  ) {}

  /** Advances the line/column counters to offset `to`. */
  /** Offset of the first newline at or after `consumed` (the source length when there is none). */
  private nextNewline = -1;

  private nextNewlineFrom(from: number): number {
    const nl = this.src.indexOf('\n', from);
    return nl < 0 ? this.src.length : nl;
  }

  private advance(to: number): void {
    let nl = this.nextNewline < this.consumed ? this.nextNewlineFrom(this.consumed) : this.nextNewline;
    if (nl >= to) this.column += to - this.consumed;
    else {
      let last = nl;
      while (nl < to) {
        this.line++;
        last = nl;
        nl = this.nextNewlineFrom(nl + 1);
      }
      this.column = to - last;
    }
    this.nextNewline = nl;
    this.consumed = to;
  }

  private pos(offset: number): Pos {
    this.advance(offset);
    return { line: this.line, column: this.column };
  }

  /** Literal text gathered since the last instruction, and where it starts. */
  private text = '';
  private textPos: Pos | null = null;
  private readonly tokens: Token[] = [];

  // Methods rather than closures made per lex: short templates compile in a few microseconds.
  private addText(str: string, at: number): void {
    if (this.textPos === null) this.textPos = this.pos(at);
    this.text += str;
  }

  private flush(): void {
    if (this.text !== '' && this.textPos) this.tokens.push(textToken(this.text, this.textPos));
    this.text = '';
    this.textPos = null;
  }

  lex(): Token[] {
    const s = this.src;
    const tokens = this.tokens;
    let i = 0;
    while (i < s.length) {
      const open = s.indexOf('{', i);
      if (open < 0) {
        this.addText(s.slice(i), i);
        break;
      }
      if (open > i) this.addText(s.slice(i, open), i);
      // Comments: `{## … ##}` spans lines; `{# … }` ends at the first brace.
      if (s[open + 1] === '#') {
        const multi = s[open + 2] === '#';
        const close = multi ? s.indexOf('##}', open + 3) : s.indexOf('}', open + 2);
        if (close < 0) {
          this.addText(s.slice(open), open);
          break;
        }
        this.flush();
        const pos = this.pos(open);
        const end = multi ? close + 3 : close + 1;
        tokens.push({
          t: 'node',
          node: { kind: 'comment', text: s.slice(open, end), line: pos.line, column: pos.column },
        });
        i = end;
        continue;
      }
      const close = s.indexOf('}', open + 1);
      if (close < 0 || hasNewline(s, open + 1, close)) {
        this.addText('{', open);
        i = open + 1;
        continue;
      }
      const inner = s.slice(open + 1, close);
      const pos = this.pos(open);
      const tok = inner[0] === '.' ? this.instruction(inner.slice(1), pos) : this.variable(inner, pos);
      if (tok) {
        this.flush();
        tokens.push(tok);
      } else this.addText(s.slice(open, close + 1), open);
      i = close + 1;
    }
    this.flush();
    return tokens;
  }

  /** Parses `a, b|fmt args|fmt2`; null when it is not a variable reference (then it is literal text). */
  private variableParts(inner: string, pos: Pos): { paths: Path[]; formatters: FormatterCall[] } | null {
    if (!inner.includes('|') && !inner.includes(',')) {
      const p = parsePath(inner);
      return p ? { paths: [p], formatters: [] } : null;
    }
    const segs = inner.split('|');
    const head = segs[0];
    const rawPaths = head.includes(',') ? head.split(',').map((p) => p.trim()) : [head];
    const paths: Path[] = [];
    for (const raw of rawPaths) {
      const p = parsePath(raw);
      if (!p) return null;
      paths.push(p);
    }
    const formatters: FormatterCall[] = [];
    for (let k = 1; k < segs.length; k++) {
      const seg = segs[k];
      const m = FORMATTER_NAME.exec(seg);
      if (!m) return null;
      const name = m[0];
      const impl = findFormatter(this.reg, name);
      if (!impl) {
        this.errors.push(makeError('UNKNOWN_FORMATTER', messages.unknownFormatter(name), pos));
        return null;
      }
      const args = splitFormatterArgs(seg.slice(name.length));
      let parsed: unknown;
      try {
        parsed = impl.validate ? impl.validate(args) : undefined;
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        const type = e instanceof ArgumentsError ? 'FORMATTER_ARGS_INVALID' : 'FORMATTER_FAILED';
        this.errors.push(makeError(type, messages.formatterArgs(name, why), pos));
        return null;
      }
      formatters.push({ name, args, impl, parsed, line: pos.line, column: pos.column });
    }
    return { paths, formatters };
  }

  private variable(inner: string, pos: Pos): Token | null {
    const parts = this.variableParts(inner, pos);
    if (!parts) return null;
    const node: Node = {
      kind: 'variable',
      paths: parts.paths,
      formatters: parts.formatters,
      line: pos.line,
      column: pos.column,
    };
    return { t: 'node', node };
  }

  private predicateCall(text: string, pos: Pos): PredicateCall | null {
    const m = PREDICATE_NAME.exec(text);
    if (!m) return null;
    const name = m[0];
    const args = splitPredicateArgs(text.slice(name.length));
    const impl = findPredicate(this.reg, name);
    if (!impl) {
      this.errors.push(makeError('UNKNOWN_PREDICATE', messages.unknownPredicate(name), pos));
      return { name, args, impl: undefined, parsed: undefined, line: pos.line, column: pos.column };
    }
    let parsed: unknown;
    try {
      parsed = impl.validate ? impl.validate(args) : undefined;
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      this.errors.push(makeError('PREDICATE_ARGS_INVALID', messages.predicateArgs(name, why), pos));
      return { name, args, impl: undefined, parsed: undefined, line: pos.line, column: pos.column };
    }
    return { name, args, impl, parsed, line: pos.line, column: pos.column };
  }

  /** `inner` is the instruction without its leading dot; null means literal text. */
  private instruction(inner: string, pos: Pos): Token | null {
    const sp = inner.indexOf(' ');
    const word = sp < 0 ? inner : inner.slice(0, sp);
    const rest = sp < 0 ? '' : inner.slice(sp + 1);
    switch (word) {
      case 'end':
        return rest === '' ? { t: 'end', pos } : null;
      case 'meta-left':
        return rest === '' ? textToken('{', pos) : null;
      case 'meta-right':
        return rest === '' ? textToken('}', pos) : null;
      case 'space':
        return rest === '' ? textToken(' ', pos) : null;
      case 'tab':
        return rest === '' ? textToken('\t', pos) : null;
      case 'newline':
        return rest === '' ? textToken('\n', pos) : null;
      case 'section': {
        const path = parsePath(rest);
        return path
          ? {
              t: 'open',
              node: { kind: 'section', path, body: [], alt: null, line: pos.line, column: pos.column },
            }
          : null;
      }
      case 'repeated': {
        if (!rest.startsWith('section ')) return null;
        const path = parsePath(rest.slice(8));
        if (!path) return null;
        const node: RepeatedNode = {
          kind: 'repeated',
          path,
          body: [],
          alternates: null,
          alt: null,
          line: pos.line,
          column: pos.column,
        };
        return { t: 'open', node };
      }
      case 'alternates':
        return rest === 'with' ? { t: 'alternates', pos } : null;
      case 'or': {
        if (rest === '')
          return {
            t: 'or',
            node: { kind: 'or', predicate: null, body: [], alt: null, line: pos.line, column: pos.column },
          };
        const predicate = this.predicateCall(rest, pos);
        return predicate
          ? {
              t: 'or',
              node: { kind: 'or', predicate, body: [], alt: null, line: pos.line, column: pos.column },
            }
          : null;
      }
      case 'if':
        return this.ifInstruction(rest, pos);
      case 'var':
      case 'bindvar': {
        const m = /^(@[a-zA-Z0-9_$@-]+) (.+)$/.exec(rest);
        if (!m) return null;
        const parts = this.variableParts(m[2], pos);
        return parts
          ? { t: 'node', node: { kind: 'var', name: m[1], ...parts, line: pos.line, column: pos.column } }
          : null;
      }
      case 'ctx':
      case 'ctxvar': {
        const words = rest.split(' ').filter((w) => w !== '');
        const name = words[0];
        if (!name || !/^@[a-zA-Z0-9_$@-]+$/.test(name)) return null;
        const entries: [string, Path][] = [];
        for (const w of words.slice(1)) {
          const eq = w.indexOf('=');
          if (eq <= 0) return null;
          const path = parsePath(w.slice(eq + 1));
          if (!path) return null;
          entries.push([w.slice(0, eq), path]);
        }
        return { t: 'node', node: { kind: 'ctx', name, entries, line: pos.line, column: pos.column } };
      }
      case 'macro': {
        if (!NAME.test(rest)) return null;
        const node: MacroNode = { kind: 'macro', name: rest, body: [], line: pos.line, column: pos.column };
        return { t: 'open', node };
      }
      case 'eval':
        return { t: 'node', node: { kind: 'eval', source: rest, line: pos.line, column: pos.column } };
      case 'include': {
        const words = rest.split(' ').filter((w) => w !== '');
        if (words.length === 0 || !NAME.test(words[0])) return null;
        return {
          t: 'node',
          node: { kind: 'include', name: words[0], args: words.slice(1), line: pos.line, column: pos.column },
        };
      }
      case 'inject': {
        const words = rest.split(' ').filter((w) => w !== '');
        if (words.length < 2 || !/^@[a-zA-Z0-9_$@-]+$/.test(words[0])) return null;
        const node: Node = {
          kind: 'inject',
          name: words[0],
          file: words[1],
          args: words.slice(2),
          line: pos.line,
          column: pos.column,
        };
        return { t: 'node', node };
      }
      default: {
        if (!PREDICATE_NAME.test(inner)) return null;
        const predicate = this.predicateCall(inner, pos);
        if (!predicate) return null;
        return {
          t: 'open',
          node: { kind: 'predicate', predicate, body: [], alt: null, line: pos.line, column: pos.column },
        };
      }
    }
  }

  private ifInstruction(rest: string, pos: Pos): Token | null {
    const open = (
      paths: Path[],
      operators: ('||' | '&&')[],
      predicate: PredicateCall | null,
      expression: string | null,
    ): Token => {
      const node: IfNode = {
        kind: 'if',
        paths,
        operators,
        predicate,
        expression,
        body: [],
        alt: null,
        line: pos.line,
        column: pos.column,
      };
      return { t: 'open', node };
    };
    if (PREDICATE_NAME.test(rest)) {
      const predicate = this.predicateCall(rest, pos);
      return predicate ? open([], [], predicate, null) : null;
    }
    const words = /\s/.test(rest) ? rest.split(/\s+/).filter((w) => w !== '') : [rest];
    const simple = this.simpleIf(words);
    if (simple) return open(simple.paths, simple.operators, null, null);
    // Anything with operator characters is an expression condition.
    if (/[<>=!()+\-*/%&|^~"']/.test(rest)) return open([], [], null, rest);
    return null;
  }

  private simpleIf(words: string[]): { paths: Path[]; operators: ('||' | '&&')[] } | null {
    if (words.length % 2 === 0) return null;
    const paths: Path[] = [];
    const operators: ('||' | '&&')[] = [];
    for (let k = 0; k < words.length; k++) {
      const w = words[k];
      if (k % 2 === 1) {
        if (w !== '||' && w !== '&&') return null;
        operators.push(w);
      } else {
        const p = parsePath(w);
        if (!p) return null;
        paths.push(p);
      }
    }
    return { paths, operators };
  }
}

const BLOCK_NAMES: Record<string, string> = {
  section: 'SECTION',
  repeated: 'REPEATED',
  predicate: 'PREDICATE',
  if: 'IF',
  or: 'OR_PREDICATE',
  alternates: 'ALTERNATES_WITH',
  macro: 'MACRO',
};

interface Frame {
  /** The instruction that opened the block (section, repeated, if, predicate, macro). */
  owner: Node & { body: Node[] };
  /** The chain link an `{.or}` attaches to. */
  tail: { alt: OrNode | null } | null;
  target: Node[];
  state: string;
  pos: Pos;
}

/** Assembles lexed tokens into a tree, reporting misplaced and unclosed blocks. */
function assemble(tokens: Token[], errors: JsontError[]): Root {
  const root: Root = { kind: 'root', body: [] };
  const stack: Frame[] = [];
  let target = root.body;
  for (const tok of tokens) {
    const top = stack[stack.length - 1];
    switch (tok.t) {
      case 'node':
        target.push(tok.node);
        break;
      case 'open': {
        target.push(tok.node);
        const node = tok.node;
        const tail = node.kind === 'macro' ? null : (node as { alt: OrNode | null });
        stack.push({ owner: node, tail, target: node.body, state: node.kind, pos: node });
        target = node.body;
        break;
      }
      case 'or': {
        if (!top) {
          errors.push(makeError('NOT_ALLOWED_AT_ROOT', messages.notAllowedAtRoot('OR_PREDICATE'), tok.node));
          break;
        }
        if (!top.tail) {
          const msg = messages.notAllowedInBlock('OR_PREDICATE', BLOCK_NAMES[top.state]);
          errors.push(makeError('NOT_ALLOWED_HERE', msg, tok.node));
          break;
        }
        if (top.state === 'or' && (top.tail as OrNode).predicate === null) {
          errors.push(makeError('SYNTAX', messages.deadCode('OR_PREDICATE'), tok.node));
        }
        top.tail.alt = tok.node;
        top.tail = tok.node;
        top.target = tok.node.body;
        top.state = 'or';
        target = tok.node.body;
        break;
      }
      case 'alternates': {
        if (!top) {
          errors.push(
            makeError('NOT_ALLOWED_AT_ROOT', messages.notAllowedAtRoot('ALTERNATES_WITH'), tok.pos),
          );
          break;
        }
        if (top.state !== 'repeated') {
          const msg = messages.notAllowedInBlock('ALTERNATES_WITH', BLOCK_NAMES[top.state]);
          errors.push(makeError('NOT_ALLOWED_HERE', msg, tok.pos));
          break;
        }
        const rep = top.owner as RepeatedNode;
        rep.alternates = [];
        top.target = rep.alternates;
        top.state = 'alternates';
        target = rep.alternates;
        break;
      }
      case 'end': {
        if (!top) {
          errors.push(makeError('NOT_ALLOWED_AT_ROOT', messages.notAllowedAtRoot('END'), tok.pos));
          break;
        }
        stack.pop();
        const parent = stack[stack.length - 1];
        target = parent ? parent.target : root.body;
        break;
      }
    }
  }
  // Unclosed blocks are reported at their opening instruction and kept as if closed.
  for (let k = stack.length - 1; k >= 0; k--) {
    const f = stack[k];
    errors.push(makeError('UNCLOSED_BLOCK', messages.unclosed(BLOCK_NAMES[f.owner.kind]), f.pos));
  }
  return root;
}

export function parse(source: string, reg: Registry): ParseResult {
  const p = new Parser(source, reg);
  const tokens = p.lex();
  const errors = p.errors;
  const root = assemble(tokens, errors);
  errors.sort((a, b) => a.line - b.line || a.column - b.column);
  return { root, errors };
}
