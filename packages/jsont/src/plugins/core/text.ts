import { DEFAULT_TRUNCATE_LENGTH, DEFAULT_TRUNCATE_SUFFIX } from '../../limits.js';
import { ArgumentsError, type Formatter } from '../../plugin.js';
import { toOutput } from '../../values.js';
import { mapValue } from './mapvalue.js';
import { str } from './scalar.js';

/** Text formatters: escaping, encoding and string shaping. */

/** A formatter that maps the printed text of its value. */
const textFormatter = (fn: (s: string, args: readonly string[]) => string): Formatter =>
  mapValue((value, args) => fn(str(value), args));

const HTML_SPECIAL = /[&<>]/;
const ATTR_SPECIAL = /[&<>"]/;

/** One pass over the text from the first special character; `quotes` also escapes '"'. */
function escapeFrom(s: string, first: number, quotes: boolean): string {
  let out = '';
  let last = 0;
  for (let i = first; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // '&' 38, '<' 60, '>' 62, '"' 34: anything above '>' needs nothing.
    if (c > 62 || (c !== 38 && c !== 60 && c !== 62 && (c !== 34 || !quotes))) continue;
    // Two appends rather than one of a joined pair: no intermediate string.
    out += s.slice(last, i);
    out += c === 38 ? '&amp;' : c === 60 ? '&lt;' : c === 62 ? '&gt;' : '&quot;';
    last = i + 1;
  }
  return out + s.slice(last);
}

/** Past this length the native whole-string replacements beat the character loop. */
const LONG_TEXT = 256;

function escapeLong(s: string, quotes: boolean): string {
  let out = s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  if (quotes) out = out.replaceAll('"', '&quot;');
  return out;
}

export const escapeHtml = (s: string): string => {
  const i = s.search(HTML_SPECIAL);
  return i < 0 ? s : s.length > LONG_TEXT ? escapeLong(s, false) : escapeFrom(s, i, false);
};

export const escapeAttr = (s: string): string => {
  const i = s.search(ATTR_SPECIAL);
  return i < 0 ? s : s.length > LONG_TEXT ? escapeLong(s, true) : escapeFrom(s, i, true);
};

/** JSON for embedding in HTML: no closing tag (so no '</script') can end the surrounding script. */
const jsonOf = (v: unknown, indent?: number): string | undefined =>
  JSON.stringify(v, null, indent)?.replaceAll('</', '<\\/');

/** Text that is already a slug (most tags): slugify leaves it as it is. */
const SLUG = /^[a-z0-9-]*$/;

export const textFormatters: Record<string, Formatter> = {
  // The most used ones call their function directly, so the JIT can inline it at each use.
  html: mapValue((value) => escapeHtml(str(value))),
  htmlattr: mapValue((value) => escapeAttr(str(value))),
  htmltag: textFormatter(escapeAttr),
  safe: textFormatter((s) => s.replace(/<[^>]*>/g, '')),
  capitalize: textFormatter((s) => s.toUpperCase()),
  slugify: mapValue((value) => {
    const s = str(value);
    return SLUG.test(s)
      ? s
      : s
          .toLowerCase()
          .replace(/[^a-z0-9\s-]/g, '')
          .replace(/\s+/g, '-');
  }),
  /**
   * Curly quotes and em dashes the way the reference does it: '--' first, then single quotes, then
   * double quotes; a quote opens at the start or after the characters listed, else it closes.
   */
  smartypants: textFormatter((s) =>
    s
      .replace(/--/g, '\u2014')
      .replace(/(^|[([\u2014"\n-])'/g, '$1\u2018')
      .replace(/'/g, '\u2019')
      .replace(/(^|[\s([/\u2014\u2018-])"/g, '$1\u201c')
      .replace(/"/g, '\u201d'),
  ),
  'encode-space': textFormatter((s) => s.replace(/ /g, '&nbsp;')),
  // The reference percent-encodes the UTF-8 bytes with escape(), whose safe set is letters,
  // digits and @*_+-./; unescape turns encodeURIComponent's %XX back into one character per byte.
  'url-encode': textFormatter((s) => escape(unescape(encodeURIComponent(s)))),
  'encode-uri': textFormatter(encodeURI),
  'encode-uri-component': textFormatter(encodeURIComponent),
  'activate-twitter-links': textFormatter((s) =>
    s
      .replace(/(^|[^\w])@(\w+)/g, '$1<a target="new" href="https://twitter.com/$2/">@$2</a>')
      .replace(
        /(^|[^\w&])#(\w+)/g,
        '$1<a target="new" href="https://twitter.com/hashtag/$2?src=hash">#$2</a>',
      ),
  ),
  output: mapValue((_value, args) => args.join(' ')),
  json: mapValue((value) => jsonOf(value)),
  'json-pretty': mapValue((value) => jsonOf(value, 2)),
  // A missing value is JSON null here, unlike `json` which prints nothing for it.
  raw: mapValue((value) => JSON.stringify(value) ?? 'null'),
  str: mapValue(str),
  /** Cuts at the length, backing up to the last space, then appends the suffix. */
  truncate: {
    validate(args) {
      const max = args.length > 0 && args[0] !== '' ? Number.parseInt(args[0], 10) : DEFAULT_TRUNCATE_LENGTH;
      if (Number.isNaN(max) || max < 0) throw new ArgumentsError(`expected a length, got '${args[0]}'`);
      return { max, suffix: args.length > 1 ? args[1] : DEFAULT_TRUNCATE_SUFFIX };
    },
    apply(_ctx, _args, vars, parsed) {
      const { max, suffix } = parsed as { max: number; suffix: string };
      const s = str(vars[0].value);
      const cut = s.slice(0, max);
      const space = cut.lastIndexOf(' ');
      vars[0].value = s.length <= max ? s : (space >= 0 ? cut.slice(0, space + 1) : cut) + suffix;
    },
  },
  absurl: mapValue((value, _args, ctx) => `${toOutput(ctx.resolve('base-url'))}/${str(value)}`),
};
