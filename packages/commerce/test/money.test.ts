import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  clampDigits,
  currencyFractionDigits,
  DEFAULT_CURRENCY,
  decimalFromMinor,
  formatDecimal,
  formatMoney,
  formatPercentage,
  minorFromDecimal,
  minorFromMoney,
  toDecimalMoney,
  toMoney,
} from '../src/index.js';

describe('currencies', () => {
  it('lists the 27 spec currencies in spec order', () => {
    expect(CURRENCIES).toEqual([
      'EUR',
      'USD',
      'AUD',
      'NOK',
      'CAD',
      'NZD',
      'DKK',
      'GBP',
      'HKD',
      'CHF',
      'MXN',
      'SGD',
      'SEK',
      'CZK',
      'ILS',
      'PHP',
      'RUB',
      'PLN',
      'THB',
      'MYR',
      'ARS',
      'BRL',
      'COP',
      'IDR',
      'INR',
      'JPY',
      'ZAR',
    ]);
    expect(DEFAULT_CURRENCY).toBe('USD');
  });
  it('has 2 fraction digits except JPY', () => {
    for (const c of CURRENCIES) expect(currencyFractionDigits(c)).toBe(c === 'JPY' ? 0 : 2);
    expect(currencyFractionDigits('jpy')).toBe(0);
  });
});

describe('formatMoney', () => {
  it.each([
    [2500, 'USD', 'en-US', '$25.00'],
    [2500, 'JPY', 'en-US', '¥2,500'],
    [123456789, 'USD', 'en-US', '$1,234,567.89'],
    [-5, 'USD', 'en-US', '-$0.05'],
    [0, 'EUR', 'en-US', '€0.00'],
    [1999, 'GBP', 'en-US', '£19.99'],
    [2500, 'EUR', 'de-DE', '25,00 €'],
  ])('formatMoney(%d, %s, %s) = %s', (minor, cur, locale, expected) => {
    expect(formatMoney(minor, cur, locale).replace(/\u00a0/g, ' ')).toBe(expected);
  });
  it('defaults to USD en-US', () => {
    expect(formatMoney(100)).toBe('$1.00');
  });
  it('keeps every digit of large amounts', () => {
    expect(formatMoney(900719925474099, 'USD')).toBe('$9,007,199,254,740.99');
  });
});

describe('exact decimal conversion', () => {
  it.each([
    ['25.00', 'USD', 2500],
    ['25', 'USD', 2500],
    ['0.1', 'USD', 10],
    ['19.99', 'USD', 1999],
    ['0.005', 'USD', 1],
    ['0.0049', 'USD', 0],
    ['-1.50', 'EUR', -150],
    ['-0.00', 'USD', 0],
    ['2500', 'JPY', 2500],
    ['2500.5', 'JPY', 2501],
    ['.5', 'USD', 50],
    ['  7.10 ', 'USD', 710],
  ])('minorFromDecimal(%s, %s) = %d', (dec, cur, minor) => {
    expect(minorFromDecimal(dec, cur)).toBe(minor);
  });
  it.each(['', '.', 'abc', '1.2.3', '1e3', '--1'])('rejects %j', (bad) => {
    expect(() => minorFromDecimal(bad, 'USD')).toThrow(RangeError);
  });
  it('rejects more than 15 integer places', () => {
    expect(() => minorFromDecimal('1234567890123456', 'JPY')).toThrow(/15 integer places/);
    expect(minorFromDecimal('000000000000000000123', 'JPY')).toBe(123);
  });
  it.each([
    [2500, 'USD', '25.00'],
    [5, 'USD', '0.05'],
    [-5, 'USD', '-0.05'],
    [0, 'USD', '0.00'],
    [2500, 'JPY', '2500'],
  ])('decimalFromMinor(%d, %s) = %s', (minor, cur, dec) => {
    expect(decimalFromMinor(minor, cur)).toBe(dec);
  });
  it('round-trips every safe minor amount (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e14, max: 1e14 }), fc.constantFrom(...CURRENCIES), (minor, cur) => {
        expect(minorFromDecimal(decimalFromMinor(minor, cur), cur)).toBe(minor);
      }),
    );
  });
  it('agrees with integer arithmetic on cents (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 99 }), (units, cents) => {
        expect(minorFromDecimal(`${units}.${String(cents).padStart(2, '0')}`, 'USD')).toBe(
          units * 100 + cents,
        );
      }),
    );
  });
});

describe('money objects and digits', () => {
  it('toMoney gives the value in minor units as a string', () => {
    expect(toMoney(2500, 'USD')).toEqual({ value: '2500', currency: 'USD' });
    expect(toMoney(0)).toEqual({ value: '0', currency: 'USD' });
    expect(() => toMoney(1.5, 'USD')).toThrow(RangeError);
  });
  it('toDecimalMoney gives a major-unit decimal value', () => {
    expect(toDecimalMoney(2500, 'USD')).toEqual({ value: '25.00', currency: 'USD' });
    expect(toDecimalMoney(2500, 'JPY')).toEqual({ value: '2500', currency: 'JPY' });
  });
  it('minorFromMoney treats missing values as 0', () => {
    expect(minorFromMoney({ value: '1999', currency: 'USD' })).toBe(1999);
    expect(minorFromMoney(null)).toBe(0);
    expect(minorFromMoney({ currency: 'USD' })).toBe(0);
  });
  it.each([
    [-3, 0],
    [0, 0],
    [2.7, 2],
    [50, 50],
    [51, 50],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 50],
  ])('clampDigits(%d) = %d', (input, expected) => {
    expect(clampDigits(input)).toBe(expected);
  });
  it('formatDecimal uses , and . by default', () => {
    expect(formatDecimal(123456789, 2)).toBe('1,234,567.89');
    expect(formatDecimal(-123456, 0)).toBe('-123,456');
    expect(formatDecimal(123456789, 2, { group: '.', decimal: ',' })).toBe('1.234.567,89');
    expect(formatDecimal(1, 60)).toBe(`0.${'0'.repeat(49)}1`);
  });
});

describe('formatPercentage', () => {
  it.each([
    [123456, false, '123,456.00'],
    [123456, true, '123,456'],
    ['A', true, '0'],
    ['A', false, '0.00'],
    [12.3456, false, '12.346'],
    [12.5, true, '12.5'],
    ['7', false, '7.00'],
  ])('formatPercentage(%j, trim=%s) = %s', (value, trim, expected) => {
    expect(formatPercentage(value, { trim })).toBe(expected);
  });
});
