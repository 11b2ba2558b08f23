import { regionName } from './regions.js';

/** A store's first order number: numbers are sequential per store from here (#1001, #1002…). */
export const FIRST_ORDER_NUMBER = 1001;

/** What comes before an order's number where shoppers read it (SQL builds the text with it too). */
export const ORDER_NUMBER_PREFIX = '#';

/** How shoppers and merchants see an order's number: '#1001'. */
export function orderNumberText(number: number): string {
  return `${ORDER_NUMBER_PREFIX}${number}`;
}

/** The option values of a variant, as one line: 'M / Sage'. */
export function variantOptionsText(options: Readonly<Record<string, string>> | null | undefined): string {
  return options ? Object.values(options).filter(Boolean).join(' / ') : '';
}

/** Longest note to the store, gift message and recipient name a shopper may write at checkout. */
export const ORDER_NOTE_MAX_LENGTH = 500;
export const GIFT_MESSAGE_MAX_LENGTH = 500;
export const RECIPIENT_NAME_MAX_LENGTH = 100;
/** A phone number has this many digits, country code included (E.164 allows at most 15). */
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;

export const ORDER_DETAIL_MESSAGES = {
  phone: `Enter a phone number of ${PHONE_MIN_DIGITS} to ${PHONE_MAX_DIGITS} digits.`,
  note: `Keep your note to ${ORDER_NOTE_MAX_LENGTH} characters.`,
  giftMessage: `Keep your message to ${GIFT_MESSAGE_MAX_LENGTH} characters.`,
  recipientName: `Keep the name to ${RECIPIENT_NAME_MAX_LENGTH} characters.`,
} as const;

const PHONE_CHARACTERS = /^[+]?[\d\s().-]+$/;

/** An optional phone number: digits with the usual separators and an optional leading '+'. */
export function validatePhone(
  input: string,
): { ok: true; phone: string | null } | { ok: false; message: string } {
  const phone = input.trim();
  if (phone === '') return { ok: true, phone: null };
  const digits = phone.replace(/\D/g, '').length;
  return PHONE_CHARACTERS.test(phone) && digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS
    ? { ok: true, phone }
    : { ok: false, message: ORDER_DETAIL_MESSAGES.phone };
}

/** Countries whose addresses write the region as its code ('Springfield, IL 62701'). */
const REGION_CODE_COUNTRIES = new Set(['US', 'CA', 'AU']);

/** How an address writes its region: the code where that is the custom, else the region's name. */
export function addressRegionText(country: string, region: string | undefined): string | undefined {
  if (!region || REGION_CODE_COUNTRIES.has(country)) return region;
  return regionName(country, region) ?? region;
}
