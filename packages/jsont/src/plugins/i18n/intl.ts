/**
 * Cached Intl constructors. Building an Intl formatter costs far more than using one, and a
 * template asks for the same few configurations over and over.
 */

const CACHE_LIMIT = 500;
const cache = new Map<string, unknown>();

function sameOptions(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let n = 0;
  for (const k in x) {
    if (x[k] !== y[k]) return false;
    n++;
  }
  for (const _ in y) n--;
  return n === 0;
}

/** The last few configurations asked for, checked before building a key: a page asks for the same ones in a row. */
const RECENT_SIZE = 8;
const recent: { kind: unknown; locale: string; options: object; hit: unknown }[] = [];
let nextRecent = 0;

/** A cached form of an Intl constructor: one instance per locale and options. */
function cached<O extends object, T>(Kind: new (locale: string, options: O) => T) {
  return (locale: string, options = {} as O): T => {
    for (let i = 0; i < recent.length; i++) {
      const r = recent[i];
      if (r.kind === Kind && r.locale === locale && sameOptions(r.options, options)) return r.hit as T;
    }
    const key = `${Kind.name}|${locale}|${JSON.stringify(options)}`;
    let hit = cache.get(key) as T | undefined;
    if (hit === undefined) {
      // A full cache is simply dropped: templates use few configurations, so this is rare.
      if (cache.size >= CACHE_LIMIT) cache.clear();
      hit = new Kind(locale, options);
      cache.set(key, hit);
    }
    recent[nextRecent] = { kind: Kind, locale, options: { ...options }, hit };
    nextRecent = (nextRecent + 1) % RECENT_SIZE;
    return hit;
  };
}

export const numberFormat = cached<Intl.NumberFormatOptions, Intl.NumberFormat>(Intl.NumberFormat);
export const dateFormat = cached<Intl.DateTimeFormatOptions, Intl.DateTimeFormat>(Intl.DateTimeFormat);
export const pluralRules = cached<Intl.PluralRulesOptions, Intl.PluralRules>(Intl.PluralRules);
export const relativeFormat = cached<Intl.RelativeTimeFormatOptions, Intl.RelativeTimeFormat>(
  Intl.RelativeTimeFormat,
);

/** Bound on the results a memo keeps: pages repeat a few prices and dates many times. */
const MEMO_LIMIT = 1000;

/** The memo's result for `key`, made (and kept) on a miss; a full memo is dropped. */
export function remember<K, V>(memo: Map<K, V>, key: K, make: () => V): V {
  let out = memo.get(key);
  if (out === undefined) {
    out = make();
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(key, out);
  }
  return out;
}

/** ICU groups French digits with a narrow no-break space; storefront money uses a no-break space. */
export const numberSpaces = (s: string): string => s.replace(/\u202f/g, '\u00a0');

/** Upper-cases the first letter, for `context:begin-sentence`. */
export const capitalize = (s: string, locale: string): string =>
  s.charAt(0).toLocaleUpperCase(locale) + s.slice(1);

/** Splits `key:value` formatter arguments; bare words map to ''. Later keys win. */
export function parseOptions(args: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const arg of args) {
    for (const word of arg.split(/\s+/)) {
      if (!word) continue;
      const at = word.indexOf(':');
      if (at < 0) out.set(word, '');
      else out.set(word.slice(0, at), word.slice(at + 1));
    }
  }
  return out;
}
