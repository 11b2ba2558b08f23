import { describe, expect, it } from 'vitest';
import { hasMemberAccess } from '../src/members.js';

describe('hasMemberAccess', () => {
  const area = ['prod_members'];

  it('opens an item that names no paywall product to everyone', () => {
    expect(hasMemberAccess([], [])).toBe(true);
  });

  it('opens the item to a customer with a paid order holding one of its products', () => {
    expect(hasMemberAccess(area, [{ status: 'paid', productIds: ['prod_tee', 'prod_members'] }])).toBe(true);
    expect(hasMemberAccess(['a', 'prod_members'], [{ status: 'paid', productIds: ['prod_members'] }])).toBe(
      true,
    );
  });

  it('keeps access after a partial refund', () => {
    expect(hasMemberAccess(area, [{ status: 'partially_refunded', productIds: ['prod_members'] }])).toBe(
      true,
    );
  });

  it('refuses without an order of the product', () => {
    expect(hasMemberAccess(area, [])).toBe(false);
    expect(hasMemberAccess(area, [{ status: 'paid', productIds: ['prod_tee'] }])).toBe(false);
  });

  it('refuses refunded, cancelled and not yet paid orders', () => {
    for (const status of ['refunded', 'cancelled', 'pending', 'reserved'])
      expect(hasMemberAccess(area, [{ status, productIds: ['prod_members'] }])).toBe(false);
  });

  it('grants when any one order still counts', () => {
    const orders = [
      { status: 'refunded', productIds: ['prod_members'] },
      { status: 'paid', productIds: ['prod_members'] },
    ];
    expect(hasMemberAccess(area, orders)).toBe(true);
  });
});
