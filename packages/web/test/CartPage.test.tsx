import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetCart, setCart } from '../src/cart-store';
import { CartPage } from '../src/islands/CartPage';
import { makeCart, makeEntry, markupShape } from './helpers';

beforeEach(() => resetCart());
afterEach(() => cleanup());

const TWO_ENTRIES = makeCart([
  makeEntry({ imageUrl: '/assets/tee.jpg' }),
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

/** The server's no-JS rendering of TWO_ENTRIES inside the island element (theme cart.page). */
const SERVER_ENTRIES = `<ul class="cart-entries"><li class="cart-entry"><div class="cart-entry-image"><img src="/assets/tee.jpg" alt="" width="96" height="96"></div><div class="cart-entry-details"><a class="cart-entry-title" href="/shop/p/classic-tee">Classic Tee</a><span class="cart-entry-attribute">Size: M</span><span class="cart-entry-attribute">Color: Black</span><span class="cart-entry-unit-price">$25.00</span></div><span class="cart-entry-quantity">Qty 2</span><span class="cart-entry-total">$50.00</span></li><li class="cart-entry"><div class="cart-entry-image"></div><div class="cart-entry-details"><a class="cart-entry-title" href="/shop/p/mug">Mug</a><span class="cart-entry-unit-price">$12.50</span></div><span class="cart-entry-quantity">Qty 1</span><span class="cart-entry-total">$12.50</span></li></ul><p class="cart-subtotal"><span>Subtotal</span> <span class="cart-subtotal-amount">$62.50</span></p>`;

const SERVER_EMPTY = `<p class="cart-empty">You have nothing in your shopping cart. <a href="/">Continue shopping</a></p>`;

function serverShape(html: string) {
  const el = document.createElement('div');
  el.innerHTML = html;
  return markupShape(el);
}

describe('CartPage', () => {
  it('reproduces the server markup of a cart with entries', () => {
    const { container } = render(<CartPage cart={TWO_ENTRIES} />);
    expect(markupShape(container)).toEqual(serverShape(SERVER_ENTRIES));
  });

  it('reproduces the server markup of an empty cart', () => {
    const { container } = render(<CartPage cart={makeCart([])} />);
    expect(markupShape(container)).toEqual(serverShape(SERVER_EMPTY));
  });

  it('lists each entry with its link, variant, quantity, unit price and line total', () => {
    const { container } = render(<CartPage cart={TWO_ENTRIES} />);
    const rows = container.querySelectorAll<HTMLElement>('li.cart-entry');
    expect(rows).toHaveLength(2);
    const tee = within(rows[0]);
    expect(tee.getByRole('link', { name: 'Classic Tee' }).getAttribute('href')).toBe('/shop/p/classic-tee');
    expect(Array.from(rows[0].querySelectorAll('.cart-entry-attribute'), (e) => e.textContent)).toEqual([
      'Size: M',
      'Color: Black',
    ]);
    expect(rows[0].querySelector('.cart-entry-quantity')!.textContent).toBe('Qty 2');
    expect(rows[0].querySelector('.cart-entry-unit-price')!.textContent).toBe('$25.00');
    expect(rows[0].querySelector('.cart-entry-total')!.textContent).toBe('$50.00');
    expect(within(rows[1]).getByRole('link', { name: 'Mug' }).getAttribute('href')).toBe('/shop/p/mug');
  });

  it('takes the line total from subTotal, not unit price × quantity', () => {
    const discounted = makeCart([makeEntry({ subTotal: { value: '4000', currency: 'USD' } })]);
    const { container } = render(<CartPage cart={discounted} />);
    expect(container.querySelector('.cart-entry-total')!.textContent).toBe('$40.00');
  });

  it('shows the subtotal', () => {
    const { container } = render(<CartPage cart={TWO_ENTRIES} />);
    expect(container.querySelector('.cart-subtotal-amount')!.textContent).toBe('$62.50');
  });

  it('offers no buttons that do nothing', () => {
    render(<CartPage cart={TWO_ENTRIES} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('shows the empty state with a link to continue shopping', () => {
    const { container } = render(<CartPage cart={makeCart([])} continueShoppingUrl="/shop" />);
    expect(container.querySelector('.cart-empty')!.textContent).toBe(
      'You have nothing in your shopping cart. Continue shopping',
    );
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/shop');
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
