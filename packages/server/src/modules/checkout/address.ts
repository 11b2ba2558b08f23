import { MESSAGES, normalizePostalCode, regionsFor, validatePostalCode } from '@storefront/commerce';
import type { ShippingAddress } from '../orders/view.js';
import type { ShippingLocation } from '../pricing/service.js';
import type { ShippingAddressInput } from './schema.js';

export const ADDRESS_MESSAGES = {
  country: 'Choose a country.',
} as const;

const REQUIRED_FIELDS = ['firstName', 'lastName', 'line1', 'city'] as const;

/** A full UK postcode ends in a 3-character inward code after the outcode. */
const GB_INWARD_LENGTH = 3;
/** Countries whose zone rule (commerce POSTAL_RULES) names only the leading part of a full code, and its length. */
const ZONE_PREFIX_LENGTH: Readonly<Record<string, number>> = { CA: 3, IE: 3, SE: 3, NL: 4 };

/**
 * Commerce's postal rules check the part of a code shipping zones use (a UK outcode, a Canadian
 * FSA, …); an address carries the full code, so its zone part is what gets checked.
 */
function zonePart(country: string, normalized: string): string {
  if (country === 'GB' && normalized.length > GB_INWARD_LENGTH + 1)
    return normalized.slice(0, -GB_INWARD_LENGTH);
  const length = ZONE_PREFIX_LENGTH[country];
  return length ? normalized.slice(0, length) : normalized;
}

export type AddressCheck =
  | { ok: true; address: ShippingAddress; location: ShippingLocation }
  | { ok: false; errors: Record<string, string> };

/**
 * Checks a shipping address field by field: names, street and city required ('Required'), a
 * two-letter country, a region from the country's list when it has one, and the postal code by
 * the country's rule (spec §5 postal-code messages). Errors are keyed `shippingAddress.{field}`.
 */
export function checkShippingAddress(input: ShippingAddressInput): AddressCheck {
  const errors: Record<string, string> = {};
  const key = (field: string) => `shippingAddress.${field}`;
  for (const field of REQUIRED_FIELDS) if (input[field].trim() === '') errors[key(field)] = MESSAGES.required;
  const country = input.country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) errors[key('country')] = ADDRESS_MESSAGES.country;
  let region: string | null = input.region?.trim() || null;
  const regions = regionsFor(country);
  if (regions.length > 0) {
    const wanted = region?.toUpperCase();
    const found = regions.find((r) => r.code.toUpperCase() === wanted || r.name.toUpperCase() === wanted);
    if (!found) errors[key('region')] = MESSAGES.required;
    else region = found.code;
  }
  const fullPostalCode = normalizePostalCode(input.postalCode);
  const postal = validatePostalCode(country, zonePart(country, fullPostalCode));
  if (!postal.ok) errors[key('postalCode')] = postal.message;
  if (Object.keys(errors).length > 0 || !postal.ok) return { ok: false, errors };
  const address: ShippingAddress = {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    line1: input.line1.trim(),
    ...(input.line2?.trim() ? { line2: input.line2.trim() } : {}),
    city: input.city.trim(),
    ...(region ? { region } : {}),
    postalCode: fullPostalCode,
    country,
  };
  return { ok: true, address, location: { country, region, postalCode: postal.value } };
}
