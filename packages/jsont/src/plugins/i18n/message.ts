import type { Formatter, RenderContext } from '../../plugin.js';
import { datetimeOptions, datetimeValue } from '../date/datetime.js';
import { intervalOptions, intervalValue } from '../date/interval.js';
import { decimalValue } from './decimal.js';
import { pluralRules } from './intl.js';
import { moneyOptions, moneyValue } from './money.js';
import { numberOptions } from './numbers.js';
import { unitValue } from './units.js';

/** A parsed message: text, `#` (the plural number) and `{arg format options}` or `{arg plural …}`. */
type Piece = string | typeof HASH | Arg;
const HASH = Symbol('#');
interface Arg {
  names: string[];
  format: string;
  options: string[];
  branches?: Map<string, Piece[]>;
}

const CHOICE = ['plural', 'selectordinal', 'select'];

class MessageParser {
  private i = 0;
  constructor(private readonly s: string) {}

  /** Pieces up to the end, or up to the `}` closing a branch. */
  pieces(inChoice: boolean): Piece[] {
    const out: Piece[] = [];
    let text = '';
    const flush = () => {
      if (text) out.push(text);
      text = '';
    };
    while (this.i < this.s.length) {
      const c = this.s[this.i];
      if (c === '}' && inChoice) break;
      this.i++;
      if (c === '{') {
        flush();
        out.push(this.arg());
      } else if (c === '#' && inChoice) {
        flush();
        out.push(HASH);
      } else text += c;
    }
    flush();
    return out;
  }

  private skipSpace() {
    while (/\s/.test(this.s[this.i] ?? '')) this.i++;
  }

  private word(): string {
    const start = this.i;
    while (this.i < this.s.length && !/[\s{}]/.test(this.s[this.i])) this.i++;
    return this.s.slice(start, this.i);
  }

  private arg(): Arg {
    this.skipSpace();
    const names = this.word().split(';');
    this.skipSpace();
    const format = this.s[this.i] === '}' ? '' : this.word();
    if (CHOICE.includes(format)) {
      const branches = new Map<string, Piece[]>();
      for (;;) {
        this.skipSpace();
        if (this.i >= this.s.length) break;
        if (this.s[this.i] === '}') {
          this.i++;
          break;
        }
        const key = this.word();
        this.skipSpace();
        if (this.s[this.i] !== '{') continue;
        this.i++;
        const body = this.pieces(true);
        this.i++;
        if (!key.includes(':')) branches.set(key, body);
      }
      return { names, format, options: [], branches };
    }
    let depth = 0;
    const start = this.i;
    while (this.i < this.s.length && (this.s[this.i] !== '}' || depth > 0)) {
      if (this.s[this.i] === '{') depth++;
      else if (this.s[this.i] === '}') depth--;
      this.i++;
    }
    const options = this.s.slice(start, this.i).trim().split(/\s+/).filter(Boolean);
    this.i++;
    return { names, format, options };
  }
}

const PARSE_CACHE_LIMIT = 200;
const parsed = new Map<string, Piece[]>();

function parseMessage(source: string): Piece[] {
  let hit = parsed.get(source);
  if (!hit) {
    if (parsed.size >= PARSE_CACHE_LIMIT) parsed.clear();
    hit = new MessageParser(source).pieces(false);
    parsed.set(source, hit);
  }
  return hit;
}

interface Args {
  positional: unknown[];
  named: Map<string, unknown>;
}

const plain = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';

/** Visible fraction digits of a decimal string, which decide plural forms ("1.0" is not "1"). */
const fractionCount = (s: string): number => /\.(\d+)$/.exec(s)?.[1].length ?? 0;

function choose(ctx: RenderContext, arg: Arg, text: string): Piece[] {
  const b = arg.branches as Map<string, Piece[]>;
  const exact = b.get(`=${text}`);
  if (exact) return exact;
  if (arg.format === 'select') return b.get(text) ?? b.get('other') ?? [];
  const n = Number(text);
  let category = 'other';
  if (text !== '' && Number.isFinite(n)) {
    const type = arg.format === 'selectordinal' ? 'ordinal' : 'cardinal';
    try {
      category = pluralRules(ctx.locale, { type, minimumFractionDigits: fractionCount(text) }).select(n);
    } catch {
      category = 'other';
    }
  }
  // As in the reference engine (f-message-plural-en-US), a form without a branch prints nothing.
  return b.get(category) ?? [];
}

function formatArg(ctx: RenderContext, arg: Arg, args: Args): string {
  const values = arg.names.map((name) =>
    /^\d+$/.test(name) ? args.positional[Number(name)] : args.named.get(name),
  );
  const [value] = values;
  switch (arg.format) {
    case '':
      return plain(value);
    case 'plural':
    case 'selectordinal':
    case 'select': {
      const text = plain(value);
      return render(ctx, choose(ctx, arg, text), args, text);
    }
    case 'decimal':
    case 'number':
      return decimalValue(ctx, value, numberOptions(arg.options));
    case 'money':
    case 'currency':
      return moneyValue(ctx, value, moneyOptions(arg.options));
    case 'datetime':
      return datetimeValue(ctx, value, datetimeOptions(arg.options));
    case 'datetime-interval':
      return intervalValue(ctx, value, values[1], intervalOptions(arg.options));
    case 'unit':
      return unitValue(ctx, value, arg.options);
    default:
      return plain(value);
  }
}

function render(ctx: RenderContext, pieces: Piece[], args: Args, hash: string): string {
  let out = '';
  for (const p of pieces) {
    if (typeof p === 'string') out += p;
    else if (p === HASH) out += hash;
    else out += formatArg(ctx, p, args);
  }
  return out;
}

/** Arguments are paths, each usable by position; `name=path` and `name:path` also give it a name. */
function messageArgs(ctx: RenderContext, raw: readonly string[]): Args {
  const positional: unknown[] = [];
  const named = new Map<string, unknown>();
  for (const a of raw) {
    if (!a) continue;
    const m = /^([A-Za-z_$][\w$-]*)[=:](.+)$/.exec(a);
    const value = ctx.resolve(m ? m[2] : a);
    positional.push(value);
    if (m) named.set(m[1], value);
  }
  return { positional, named };
}

/** `message ARGS…` (alias `plural`): an ICU-style message with plural, select and formatted arguments. */
export const messageFormatter: Formatter = {
  apply(ctx, args, vars) {
    const source = vars[0].value;
    vars[0].value =
      typeof source === 'string' ? render(ctx, parseMessage(source), messageArgs(ctx, args), '') : '';
  },
};
