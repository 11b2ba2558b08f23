import {
  isCountryCode,
  MESSAGES,
  normalizePostalCode,
  regionsFor,
  validateAddressPostalCode,
} from '@storefront/commerce';
import type { ShippingAddress } from '../orders/view.js';
import type { ShippingLocation } from '../pricing/service.js';
import type { ShippingAddressInput } from './schema.js';

export const ADDRESS_MESSAGES = {
  country: 'Choose a country.',
  notShipped: 'We do not ship to that country.',
} as const;

const REQUIRED_FIELDS = ['firstName', 'lastName', 'line1', 'city'] as const;

export type AddressCheck =
  | { ok: true; address: ShippingAddress; location: ShippingLocation }
  /** `location` is what is known so far (a valid country, and region and postal code if valid): enough to price shipping and tax while the shopper types. */
  | { ok: false; errors: Record<string, string>; location: ShippingLocation | null };

/**
 * Checks a shipping address field by field: names, street and city required ('Required'), a
 * real two-letter country, a region from the country's list when it has one, and the postal code by
 * the country's rule (spec §5 postal-code messages). Errors are keyed `shippingAddress.{field}`.
 */
export function checkShippingAddress(
  input: ShippingAddressInput,
  /** The body field the errors are keyed under: a billing address is checked by the same rules. */
  prefix: 'shippingAddress' | 'billingAddress' = 'shippingAddress',
): AddressCheck {
  const errors: Record<string, string> = {};
  const key = (field: string) => `${prefix}.${field}`;
  for (const field of REQUIRED_FIELDS) if (input[field].trim() === '') errors[key(field)] = MESSAGES.required;
  const country = input.country.trim().toUpperCase();
  const countryOk = isCountryCode(country);
  if (!countryOk) errors[key('country')] = ADDRESS_MESSAGES.country;
  let region: string | null = input.region?.trim() || null;
  const regions = regionsFor(country);
  if (regions.length > 0) {
    const wanted = region?.toUpperCase();
    const found = regions.find((r) => r.code.toUpperCase() === wanted || r.name.toUpperCase() === wanted);
    if (!found) {
      errors[key('region')] = MESSAGES.required;
      region = null;
    } else region = found.code;
  }
  const fullPostalCode = normalizePostalCode(input.postalCode);
  const postal = validateAddressPostalCode(country, fullPostalCode);
  if (!postal.ok) errors[key('postalCode')] = postal.message;
  if (Object.keys(errors).length > 0 || !postal.ok) {
    const location = countryOk ? { country, region, postalCode: postal.ok ? postal.value : null } : null;
    return { ok: false, errors, location };
  }
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
