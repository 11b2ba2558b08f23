import { describe, expect, it } from 'vitest';
import { DONATION_MESSAGES, parseDonationAmount } from '../src/index.js';

describe('parseDonationAmount', () => {
  const rules = { minCents: 500, maxCents: 100_000 };
  const read = (input: unknown, currency = 'USD') => parseDonationAmount(input, rules, currency, 'en-US');

  it('reads what people type', () => {
    expect(read('25')).toEqual({ ok: true, cents: 2500 });
    expect(read(' 25.5 ')).toEqual({ ok: true, cents: 2550 });
    expect(read('$25.50')).toEqual({ ok: true, cents: 2550 });
    expect(read('1,000')).toEqual({ ok: true, cents: 100_000 });
    expect(read(40)).toEqual({ ok: true, cents: 4000 });
    expect(read('2500', 'JPY')).toEqual({ ok: true, cents: 2500 });
  });

  it('says what is wrong, with the merchant’s range in the store currency', () => {
    expect(read('')).toEqual({ ok: false, message: DONATION_MESSAGES.required });
    expect(read(undefined)).toEqual({ ok: false, message: DONATION_MESSAGES.required });
    for (const bad of ['-5', 'abc', '25.505', '1,00', '2.5.0', '99999999999999999999'])
      expect(read(bad)).toEqual({ ok: false, message: DONATION_MESSAGES.invalid });
    expect(read('25.5', 'JPY')).toEqual({ ok: false, message: DONATION_MESSAGES.invalid });
    expect(read('4.99')).toEqual({ ok: false, message: 'The smallest amount you can give is $5.00.' });
    expect(read('1000.01')).toEqual({ ok: false, message: 'The largest amount you can give is $1,000.00.' });
    expect(read('5')).toMatchObject({ ok: true });
    expect(read('1000')).toMatchObject({ ok: true });
  });
});
