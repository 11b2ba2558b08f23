import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetCart, setCart } from '../src/cart-store';
import { CartPage } from '../src/islands/CartPage';
import { makeCart, makeEntry } from './helpers';

beforeEach(() => resetCart());
afterEach(() => cleanup());

const TWO_ENTRIES = makeCart([
  makeEntry(),
  makeEntry({
    id: 'e_2',
    itemId: 'item-mug',
    quantity: 1,
    chosenVariant: { sku: 'MUG', attributes: {} },
    title: 'Mug',
    subTotal: { value: '1250', currency: 'USD' },
    purchasePriceCents: 1250,
    url: '/shop/p/mug',
  }),
]);

describe('CartPage', () => {
  it('lists each entry with its link, variant, quantity, unit price and line total', () => {
    const { container } = render(<CartPage cart={TWO_ENTRIES} />);
    const rows = container.querySelectorAll<HTMLElement>('li.cart-entry');
    expect(rows).toHaveLength(2);

    const tee = within(rows[0]);
    expect(tee.getByRole('link', { name: 'Classic Tee' }).getAttribute('href')).toBe('/shop/p/classic-tee');
    expect(rows[0].querySelector('.cart-entry-variant')!.textContent).toBe('SizeMColorBlack');
    expect(rows[0].querySelector('.cart-entry-quantity dd')!.textContent).toBe('2');
    expect(rows[0].querySelector('.cart-entry-unit-price dd')!.textContent).toBe('$25.00');
    expect(rows[0].querySelector('.cart-entry-total dd')!.textContent).toBe('$50.00');

    expect(within(rows[1]).getByRole('link', { name: 'Mug' }).getAttribute('href')).toBe('/shop/p/mug');
    expect(rows[1].querySelector('.cart-entry-variant')).toBeNull();
    expect(rows[1].querySelector('.cart-entry-total dd')!.textContent).toBe('$12.50');
  });

  it('shows the subtotal', () => {
    const { container } = render(<CartPage cart={TWO_ENTRIES} />);
    expect(container.querySelector('.cart-subtotal')!.textContent).toBe('Subtotal$62.50');
  });

  it('offers no buttons that do nothing', () => {
    render(<CartPage cart={TWO_ENTRIES} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('shows the empty state with a link to continue shopping', () => {
    const { container } = render(<CartPage cart={makeCart([])} continueShoppingUrl="/shop" />);
    expect(container.querySelector('.cart-empty')!.textContent).toBe(
      'You have nothing in your shopping cart. Continue Shopping',
    );
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/shop');
    expect(container.querySelector('.cart-entries')).toBeNull();
  });

  it('follows the shared cart', () => {
    render(<CartPage cart={makeCart([])} />);
    act(() => {
      setCart(TWO_ENTRIES);
    });
    expect(screen.getByRole('link', { name: 'Mug' })).toBeTruthy();
  });
});
