import type { Clock } from '../../platform/clock.js';
import type { CardDetails } from './provider.js';

/** Card numbers are 12 to 19 digits (ISO/IEC 7812). */
const CARD_MIN_DIGITS = 12;
const CARD_MAX_DIGITS = 19;

export const CARD_MESSAGES = {
  number: 'Your card number is invalid.',
  expiry: 'Your card has expired.',
  cvc: 'Your card’s security code is invalid.',
  name: 'Enter the name on your card.',
} as const;

/** The Luhn check digit test every issued card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface CardInput {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

/** Checks a card form before any provider sees it; answers field id → message for each problem. */
export function checkCard(
  input: CardInput,
  clock: Clock,
): { ok: true; card: CardDetails } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const number = input.cardNumber.replace(/[\s-]/g, '');
  if (
    !/^\d+$/.test(number) ||
    number.length < CARD_MIN_DIGITS ||
    number.length > CARD_MAX_DIGITS ||
    !luhnValid(number)
  ) {
    errors['payment.cardNumber'] = CARD_MESSAGES.number;
  }
  const now = new Date(clock.now());
  const year = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
  const expired =
    year < now.getUTCFullYear() || (year === now.getUTCFullYear() && input.expMonth < now.getUTCMonth() + 1);
  if (input.expMonth < 1 || input.expMonth > 12 || expired) errors['payment.expMonth'] = CARD_MESSAGES.expiry;
  if (!/^\d{3,4}$/.test(input.cvc.trim())) errors['payment.cvc'] = CARD_MESSAGES.cvc;
  if (input.name.trim() === '') errors['payment.name'] = CARD_MESSAGES.name;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    card: { number, expMonth: input.expMonth, expYear: year, cvc: input.cvc.trim(), name: input.name.trim() },
  };
}
