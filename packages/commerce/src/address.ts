/** Address wording and postal-code rules (spec §3 "Address wording", §5 "Postal codes"). */
import { MESSAGES } from './messages.js';

export interface Word {
  singular: string;
  plural: string;
}

/** Spec §3 address wording, each with singular and plural. */
export const ADDRESS_WORDS = {
  address: { singular: 'address', plural: 'addresses' },
  address2: { singular: 'address 2', plural: 'address 2 lines' },
  state: { singular: 'state', plural: 'states' },
  province: { singular: 'province', plural: 'provinces' },
  county: { singular: 'county', plural: 'counties' },
  region: { singular: 'region', plural: 'regions' },
  city: { singular: 'city', plural: 'cities' },
  postcode: { singular: 'postcode', plural: 'postcodes' },
  zipCode: { singular: 'ZIP code', plural: 'ZIP codes' },
  postalCode: { singular: 'postal code', plural: 'postal codes' },
  fsa: { singular: 'FSA', plural: 'FSAs' },
  eircode: { singular: 'eircode', plural: 'eircodes' },
  routingKey: { singular: 'routing key', plural: 'routing keys' },
  provinceTerritory: { singular: 'province/territory', plural: 'provinces/territories' },
  stateTerritory: { singular: 'state/territory', plural: 'states/territories' },
} as const satisfies Record<string, Word>;

export type AddressWordKey = keyof typeof ADDRESS_WORDS;

/**
 * Region-level word per country. UK nations have no conventional single word among the spec's
 * terms, so GB reads 'region'.
 */
const REGION_WORD: Readonly<Record<string, AddressWordKey>> = {
  US: 'state',
  CA: 'provinceTerritory',
  AU: 'stateTerritory',
  NZ: 'region',
  IE: 'county',
  ES: 'province',
  FR: 'region',
  DE: 'state',
  NL: 'province',
  NO: 'county',
  SE: 'county',
  GB: 'region',
};

/** Postal-code word per country as shoppers know it. */
const POSTAL_WORD: Readonly<Record<string, AddressWordKey>> = {
  US: 'zipCode',
  CA: 'postalCode',
  AU: 'postcode',
  NZ: 'postcode',
  IE: 'eircode',
  GB: 'postcode',
};

export function regionWord(country: string): Word {
  return ADDRESS_WORDS[REGION_WORD[country.toUpperCase()] ?? 'region'];
}

export function postalCodeWord(country: string): Word {
  return ADDRESS_WORDS[POSTAL_WORD[country.toUpperCase()] ?? 'postalCode'];
}

export interface PostalRule {
  /** What the merchant enters (the whole code or its area part). */
  word: AddressWordKey;
  pattern: RegExp;
  message: string;
  hint: string | null;
}

const FOUR_DIGITS = /^\d{4}$/;
const FIVE_DIGITS = /^\d{5}$/;

/**
 * Postal rules for shipping-zone postal codes. The spec lists the messages and hints but not
 * which country uses which (§5 "not shown"); this real-world mapping is our choice:
 *
 * | country                    | accepted                              | message                            | hint |
 * |----------------------------|---------------------------------------|------------------------------------|------|
 * | US                         | 5-digit ZIP code                      | ZIP Codes need to be 5 digits      | – |
 * | AU, NZ                     | 4-digit postcode                      | Postcodes need to be 4 digits      | – |
 * | AT, BE, CH, DK, NO, NL     | 4 digits (NL: the numeric area part)  | Postal Codes need to be 4 digits   | – |
 * | DE, ES, FI, FR, IT         | 5 digits                              | Postal Codes need to be 5 digits   | – |
 * | CA                         | FSA, first 3 characters (A1A)         | An FSA code is invalid             | – |
 * | GB                         | outcode, 1–4 characters               | Invalid postal code                | outcode hint |
 * | IE                         | Eircode routing key, 3 characters     | Invalid postal code                | Eircode hint |
 * | SE                         | up to 3 digits (the sorting area)     | Invalid postal code                | 3-digit hint |
 */
export const POSTAL_RULES: Readonly<Record<string, PostalRule>> = {
  US: { word: 'zipCode', pattern: FIVE_DIGITS, message: MESSAGES.zip5Digits, hint: null },
  AU: { word: 'postcode', pattern: FOUR_DIGITS, message: MESSAGES.postcode4Digits, hint: null },
  NZ: { word: 'postcode', pattern: FOUR_DIGITS, message: MESSAGES.postcode4Digits, hint: null },
  ...Object.fromEntries(
    ['AT', 'BE', 'CH', 'DK', 'NO', 'NL'].map((c) => [
      c,
      { word: 'postalCode', pattern: FOUR_DIGITS, message: MESSAGES.postal4Digits, hint: null },
    ]),
  ),
  ...Object.fromEntries(
    ['DE', 'ES', 'FI', 'FR', 'IT'].map((c) => [
      c,
      { word: 'postalCode', pattern: FIVE_DIGITS, message: MESSAGES.postal5Digits, hint: null },
    ]),
  ),
  // FSA: letter (no D F I O Q U W Z), digit, letter (no D F I O Q U).
  CA: {
    word: 'fsa',
    pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]$/,
    message: MESSAGES.fsaInvalid,
    hint: null,
  },
  // Outcode: area letters, district digit, optional digit or letter.
  GB: {
    word: 'postcode',
    pattern: /^[A-Z]{1,2}\d[A-Z\d]?$/,
    message: MESSAGES.postalInvalid,
    hint: MESSAGES.hintOutcode,
  },
  // Routing key: a letter from the Eircode set and two digits, or Dublin 6W.
  IE: {
    word: 'routingKey',
    pattern: /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W)$/,
    message: MESSAGES.postalInvalid,
    hint: MESSAGES.hintEircode,
  },
  SE: {
    word: 'postcode',
    pattern: /^\d{1,3}$/,
    message: MESSAGES.postalInvalid,
    hint: MESSAGES.hintPostcode3Digits,
  },
};

export function postalRule(country: string): PostalRule | null {
  return POSTAL_RULES[country.toUpperCase()] ?? null;
}

/** Uppercases and removes spaces so ' sw1a ' and 'SW1A' compare equal. */
export function normalizePostalCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

export type PostalValidation = { ok: true; value: string } | { ok: false; message: string };

/**
 * Checks a shipping-zone postal code for a country. Countries without a rule accept any
 * non-empty code; an empty code is 'Invalid postal code'.
 */
export function validatePostalCode(country: string, code: string): PostalValidation {
  const value = normalizePostalCode(code);
  const rule = postalRule(country);
  if (value === '') return { ok: false, message: rule?.message ?? MESSAGES.postalInvalid };
  if (!rule) return { ok: true, value };
  return rule.pattern.test(value) ? { ok: true, value } : { ok: false, message: rule.message };
}

/** A full UK postcode ends in a 3-character inward code after the outcode. */
const GB_INWARD_LENGTH = 3;
/** Countries whose zone rule names only the leading part of a full code, and that part's length. */
const ZONE_PREFIX_LENGTH: Readonly<Record<string, number>> = { CA: 3, IE: 3, SE: 3, NL: 4 };

/**
 * The postal rules above check the part of a code shipping zones use (a UK outcode, a Canadian
 * FSA, an Eircode routing key…). An address carries the full code: its zone part is checked, and
 * `value` is that zone part.
 */
export function validateAddressPostalCode(country: string, fullCode: string): PostalValidation {
  const normalized = normalizePostalCode(fullCode);
  let zone = normalized;
  if (country === 'GB' && normalized.length > GB_INWARD_LENGTH + 1)
    zone = normalized.slice(0, -GB_INWARD_LENGTH);
  else if (ZONE_PREFIX_LENGTH[country]) zone = normalized.slice(0, ZONE_PREFIX_LENGTH[country]);
  return validatePostalCode(country, zone);
}

/** The hint shown beside the postal-code field, if the country has one. */
export function postalCodeHint(country: string): string | null {
  return postalRule(country)?.hint ?? null;
}

/** Region codes Intl names that are not places an order ships to (unions, groupings, unknown). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ']);

/** An ISO 3166-1 alpha-2 country code that names a real country or territory ('US', not 'XX'). */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  return regionName(code, 'en', 'none') !== undefined;
}

/** The country's name in `locale` ('United Kingdom' for 'GB'); the code itself when unknown. */
export function countryName(code: string, locale = 'en'): string {
  try {
    return regionName(code, locale, 'code') ?? code;
  } catch {
    return code;
  }
}

/**
 * Asking ICU for a name costs more than the rest of reading an address, and every order asks
 * several times (the checks, both mails); there are a few hundred codes, so each answer is kept.
 * Intl.DisplayNames itself is made once per locale: building one costs far more than asking it.
 */
const REGION_NAME_CACHE_SIZE = 1000;
const REGION_NAMES = new Map<string, { names: Intl.DisplayNames; known: Map<string, string | undefined> }>();

function regionName(code: string, locale: string, fallback: 'code' | 'none'): string | undefined {
  const key = `${locale}\0${fallback}`;
  let entry = REGION_NAMES.get(key);
  if (!entry) {
    entry = { names: new Intl.DisplayNames([locale], { type: 'region', fallback }), known: new Map() };
    REGION_NAMES.set(key, entry);
  }
  if (entry.known.has(code)) return entry.known.get(code);
  const name = entry.names.of(code);
  // Codes are checked first (isCountryCode) or come from stored orders, so the map stays small;
  // the cap keeps a caller passing arbitrary text from growing it.
  if (entry.known.size < REGION_NAME_CACHE_SIZE) entry.known.set(code, name);
  return name;
}

/** Where a full postal code breaks into its two written parts, counted from the end. */
const POSTAL_SPACE_FROM_END: Readonly<Record<string, number>> = { GB: 3, CA: 3, IE: 4, NL: 2, SE: 2 };

/**
 * A stored (normalized, space-free) postal code as the country writes it: 'SW1A 1AA', 'K1A 0B1',
 * 'D02 X285', '1012 AB', '123 45'. Codes too short to hold both parts are left as they are.
 */
export function formatPostalCode(country: string, code: string): string {
  const normalized = normalizePostalCode(code);
  const tail = POSTAL_SPACE_FROM_END[country.toUpperCase()];
  if (!tail || normalized.length <= tail) return normalized;
  return `${normalized.slice(0, -tail)} ${normalized.slice(-tail)}`;
}
