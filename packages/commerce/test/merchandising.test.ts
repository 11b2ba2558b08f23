import { describe, expect, it } from 'vitest';
import { scarcityMessage } from '../src/index.js';

describe('scarcityMessage', () => {
  it('fills every {qtyInStock} and leaves other text alone', () => {
    expect(scarcityMessage('Only {qtyInStock} left in stock', 2)).toBe('Only 2 left in stock');
    expect(scarcityMessage('{qtyInStock} left — {qtyInStock}!', '3')).toBe('3 left — 3!');
    expect(scarcityMessage('Hurry', 1)).toBe('Hurry');
  });
});
