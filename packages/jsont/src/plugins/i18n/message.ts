import type { Formatter, RenderContext } from '../../plugin.js';
import { str as plain } from '../core/scalar.js';
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

/** Parses a whole message; `pieces(true)` stops at the `}` closing a branch. */
function parse(s: string): Piece[] {
  let i = 0;
  const skipSpace = () => {
    while (/\s/.test(s[i] ?? '')) i++;
  };
  const word = (): string => {
    const start = i;
    while (i < s.length && !/[\s{}]/.test(s[i])) i++;
    return s.slice(start, i);
  };
  const pieces = (inChoice: boolean): Piece[] => {
    const out: Piece[] = [];
    let text = '';
    const flush = () => {
      if (text) out.push(text);
      text = '';
    };
    while (i < s.length) {
      const c = s[i];
      if (c === '}' && inChoice) break;
      i++;
      if (c === '{') {
        flush();
        out.push(arg());
      } else if (c === '#' && inChoice) {
        flush();
        out.push(HASH);
      } else text += c;
    }
    flush();
    return out;
  };
  const arg = (): Arg => {
    skipSpace();
    const names = word().split(';');
    skipSpace();
    const format = s[i] === '}' ? '' : word();
    if (CHOICE.includes(format)) {
      const branches = new Map<string, Piece[]>();
      for (;;) {
        skipSpace();
        if (i >= s.length) break;
        if (s[i] === '}') {
          i++;
          break;
        }
        const key = word();
        skipSpace();
        if (s[i] !== '{') continue;
        i++;
        const body = pieces(true);
        i++;
        if (!key.includes(':')) branches.set(key, body);
      }
      return { names, format, options: [], branches };
    }
    let depth = 0;
    const start = i;
    while (i < s.length && (s[i] !== '}' || depth > 0)) {
      if (s[i] === '{') depth++;
      else if (s[i] === '}') depth--;
      i++;
    }
    const options = s.slice(start, i).trim().split(/\s+/).filter(Boolean);
    i++;
    return { names, format, options };
  };
  return pieces(false);
}

const PARSE_CACHE_LIMIT = 200;
const parsed = new Map<string, Piece[]>();

function parseMessage(source: string): Piece[] {
  let hit = parsed.get(source);
  if (!hit) {
    if (parsed.size >= PARSE_CACHE_LIMIT) parsed.clear();
    hit = parse(source);
    parsed.set(source, hit);
  }
  return hit;
}

interface Args {
  positional: unknown[];
  named: Map<string, unknown>;
}

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
      // Options Intl rejects leave the category at 'other'.
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
