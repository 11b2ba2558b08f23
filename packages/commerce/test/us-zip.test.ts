import { describe, expect, it } from 'vitest';
import { US_STATES, zipMatchesState, zipStateWarning } from '../src/index.js';

describe('zipMatchesState', () => {
  it('matches a ZIP to its state by its first three digits', () => {
    expect(zipMatchesState('10001', 'NY')).toBe(true);
    expect(zipMatchesState('94103', 'CA')).toBe(true);
    expect(zipMatchesState('02108-1234', 'MA')).toBe(true);
    expect(zipMatchesState('06103', 'CT')).toBe(true);
  });

  it('finds a New York ZIP with the state California a mismatch', () => {
    expect(zipMatchesState('10001', 'CA')).toBe(false);
    expect(zipStateWarning('10001', 'CA', 'California')).toBe(
      'This ZIP code does not look like one in California. Please check it.',
    );
    expect(zipStateWarning('94103', 'CA', 'California')).toBeNull();
  });

  it('says nothing about a ZIP that is not yet 5 digits', () => {
    expect(zipMatchesState('100', 'CA')).toBe(true);
    expect(zipMatchesState('', 'CA')).toBe(true);
  });

  it('knows every state and area of the US list', () => {
    // No state owns the prefix 000: a state missing from the table would let it pass.
    expect(US_STATES.filter((s) => zipMatchesState('00000', s.code))).toEqual([]);
    // 999xx belongs to Alaska alone.
    expect(US_STATES.filter((s) => zipMatchesState('99901', s.code)).map((s) => s.code)).toEqual(['AK']);
  });
});
