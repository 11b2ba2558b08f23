import { postalCodeWord, REGIONS_BY_COUNTRY, regionWord } from '@storefront/commerce';

/** The country shown first and chosen by default: the store's home market. */
export const DEFAULT_COUNTRY = 'US';

/** A form label from commerce's lower-case wording: 'province/territory' → 'Province/territory'. */
export function labelCase(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function regionLabel(country: string): string {
  return labelCase(regionWord(country).singular);
}

export function postalLabel(country: string): string {
  return labelCase(postalCodeWord(country).singular);
}

/** The countries commerce has address rules for, the default first, the rest by name. */
export function shippingCountries(locale: string): { code: string; name: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = null;
  }
  const all = Object.keys(REGIONS_BY_COUNTRY).map((code) => ({ code, name: names?.of(code) ?? code }));
  const rest = all
    .filter((c) => c.code !== DEFAULT_COUNTRY)
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  const first = all.filter((c) => c.code === DEFAULT_COUNTRY);
  return [...first, ...rest];
}
