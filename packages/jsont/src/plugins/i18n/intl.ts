/**
 * Cached Intl constructors. Building an Intl formatter costs far more than using one, and a
 * template asks for the same few configurations over and over.
 */

const CACHE_LIMIT = 500;
const cache = new Map<string, unknown>();

function cached<T>(kind: string, locale: string, options: object, make: () => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let hit = cache.get(key) as T | undefined;
  if (hit === undefined) {
    // A full cache is simply dropped: templates use few configurations, so this is rare.
    if (cache.size >= CACHE_LIMIT) cache.clear();
    hit = make();
    cache.set(key, hit);
  }
  return hit;
}

export const numberFormat = (locale: string, o: Intl.NumberFormatOptions = {}) =>
  cached('n', locale, o, () => new Intl.NumberFormat(locale, o));

export const dateFormat = (locale: string, o: Intl.DateTimeFormatOptions = {}) =>
  cached('d', locale, o, () => new Intl.DateTimeFormat(locale, o));

export const pluralRules = (locale: string, o: Intl.PluralRulesOptions = {}) =>
  cached('p', locale, o, () => new Intl.PluralRules(locale, o));

export const relativeFormat = (locale: string, o: Intl.RelativeTimeFormatOptions = {}) =>
  cached('r', locale, o, () => new Intl.RelativeTimeFormat(locale, o));

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
