import { DEFAULT_TRUNCATE_LENGTH, DEFAULT_TRUNCATE_SUFFIX } from '../../limits.js';
import { ArgumentsError, type Formatter } from '../../plugin.js';
import { toOutput } from '../../values.js';
import { mapValue } from './mapvalue.js';

/** Text formatters: escaping, encoding and string shaping. */

const str = (v: unknown): string => toOutput(v);

/** A formatter that maps the printed text of its value. */
const textFormatter = (fn: (s: string, args: readonly string[]) => string): Formatter => ({
  apply(_ctx, args, vars) {
    vars[0].value = fn(str(vars[0].value), args);
  },
});

const HTML_SPECIAL = /[&<>]/;
const ATTR_SPECIAL = /[&<>"]/;

export const escapeHtml = (s: string): string =>
  HTML_SPECIAL.test(s) ? s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : s;

export const escapeAttr = (s: string): string =>
  ATTR_SPECIAL.test(s) ? escapeHtml(s).replace(/"/g, '&quot;') : s;

/** JSON for embedding in HTML: a closing script tag cannot end the surrounding script. */
export const safeJson = (s: string): string => s.replace(/<\/(script)/gi, '<\\/$1');

const jsonOf = (v: unknown, indent?: number): string | undefined => {
  const s = JSON.stringify(v, null, indent);
  return s === undefined ? undefined : safeJson(s);
};

function smartypants(s: string): string {
  return s
    .replace(/---/g, '\u2014')
    .replace(/--/g, '\u2014')
    .replace(/(^|[\s([{\u2014-])"/g, '$1\u201c')
    .replace(/"/g, '\u201d')
    .replace(/(^|[\s([{\u2014-])'/g, '$1\u2018')
    .replace(/'/g, '\u2019')
    .replace(/\.\.\./g, '\u2026');
}

function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

/** Cuts at `max` characters, backing up to the last space, then appends the suffix. */
export function truncate(s: string, max: number, suffix: string): string {
  if (s.length <= max) return s;
  let cut = s.slice(0, max);
  const space = cut.lastIndexOf(' ');
  if (space > 0) cut = s.slice(0, space + 1);
  return cut + suffix;
}

function activateTwitterLinks(s: string): string {
  return s
    .replace(/(^|[^\w])@(\w+)/g, '$1<a target="new" href="https://twitter.com/$2/">@$2</a>')
    .replace(/(^|[^\w&])#(\w+)/g, '$1<a target="new" href="https://twitter.com/hashtag/$2?src=hash">#$2</a>');
}

export const textFormatters: Record<string, Formatter> = {
  html: textFormatter(escapeHtml),
  htmlattr: textFormatter(escapeAttr),
  htmltag: textFormatter(escapeAttr),
  safe: textFormatter((s) => s.replace(/<[^>]*>/g, '')),
  capitalize: textFormatter((s) => s.toUpperCase()),
  slugify: textFormatter(slugify),
  smartypants: textFormatter(smartypants),
  'encode-space': textFormatter((s) => s.replace(/ /g, '&nbsp;')),
  'url-encode': textFormatter((s) => encodeURIComponent(s)),
  'encode-uri': textFormatter((s) => encodeURI(s)),
  'encode-uri-component': textFormatter((s) => encodeURIComponent(s)),
  'activate-twitter-links': textFormatter(activateTwitterLinks),
  output: mapValue((_value, args) => args.join(' ')),
  json: mapValue((value) => jsonOf(value)),
  'json-pretty': mapValue((value) => jsonOf(value, 2)),
  raw: mapValue((value) => JSON.stringify(value)),
  str: {
    apply(_ctx, _args, vars) {
      const v = vars[0].value;
      vars[0].value =
        typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
    },
  },
  truncate: {
    validate(args) {
      const max = args.length > 0 && args[0] !== '' ? Number.parseInt(args[0], 10) : DEFAULT_TRUNCATE_LENGTH;
      if (Number.isNaN(max) || max < 0) throw new ArgumentsError(`expected a length, got '${args[0]}'`);
      return { max, suffix: args.length > 1 ? args[1] : DEFAULT_TRUNCATE_SUFFIX };
    },
    apply(_ctx, _args, vars, parsed) {
      const { max, suffix } = parsed as { max: number; suffix: string };
      vars[0].value = truncate(str(vars[0].value), max, suffix);
    },
  },
  absurl: {
    apply(ctx, _args, vars) {
      const base = toOutput(ctx.resolve('base-url'));
      vars[0].value = `${base}/${str(vars[0].value)}`;
    },
  },
};
