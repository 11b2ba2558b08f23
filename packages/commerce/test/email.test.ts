import { describe, expect, it } from 'vitest';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_MIN_LENGTH,
  isValidEmail,
  validateEmail,
  validateWaitlistEmail,
} from '../src/index.js';

describe('email rule', () => {
  it('has the spec bounds', () => {
    expect([EMAIL_MIN_LENGTH, EMAIL_MAX_LENGTH]).toEqual([3, 256]);
  });
  it.each([
    ['a@b', true],
    [' shopper@example.com ', true],
    ['@b', false],
    ['a@', false],
    ['ab', false],
    ['a b@c.d', false],
    ['a@b@c', false],
    // Nothing a mail library reads as a second recipient or a header.
    ['a,b@example.com', false],
    ['a@example.com,evil@example.org', false],
    ['"x"@example.com', false],
    ['a <b@example.com>', false],
    ['a@example.com>', false],
    ['a;b@example.com', false],
    ['a@example.com\r\nBcc: evil@example.org', false],
    ['.a@example.com', false],
    ['a..b@example.com', false],
    ['a@-example.com', false],
    ['a@example..com', false],
    ["o'brien+tag@example.co.uk", true],
    ['josé@exämple.de', true],
    [`${'a'.repeat(250)}@b.com`, true],
    [`${'a'.repeat(251)}@b.com`, false],
  ])('isValidEmail(%j) = %s', (input, expected) => {
    expect(isValidEmail(input)).toBe(expected);
  });
  it('site forms', () => {
    expect(validateEmail(' x@y.z ')).toEqual({ ok: true, email: 'x@y.z' });
    expect(validateEmail('')).toEqual({ ok: true, email: '' });
    expect(validateEmail('', { required: true })).toEqual({ ok: false, message: 'Required' });
    expect(validateEmail('nope')).toEqual({
      ok: false,
      message: 'Email is not valid. Email addresses should follow the format user@domain.com.',
    });
  });
  it('waitlist', () => {
    expect(validateWaitlistEmail('   ')).toEqual({ ok: false, message: 'Email cannot be blank' });
    expect(validateWaitlistEmail(null)).toEqual({ ok: false, message: 'Email cannot be blank' });
    expect(validateWaitlistEmail('nope')).toEqual({ ok: false, message: 'Email is invalid' });
    expect(validateWaitlistEmail('a@b.co')).toEqual({ ok: true, email: 'a@b.co' });
  });
});
