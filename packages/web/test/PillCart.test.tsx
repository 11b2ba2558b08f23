import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetCart, setCart } from '../src/cart-store';
import { PillCart } from '../src/islands/PillCart';
import { makeCart, makeEntry, markupShape } from './helpers';

const pill = (container: HTMLElement) => container.querySelector<HTMLAnchorElement>('a.pill-cart')!;

beforeEach(() => resetCart());
afterEach(() => cleanup());

function serverShape(html: string) {
  const el = document.createElement('div');
  el.innerHTML = html;
  return markupShape(el);
}

describe('PillCart', () => {
  it('reproduces the server markup, shown and hidden', () => {
    const shown = render(<PillCart totalQuantity={2} subtotalCents={5000} currency="USD" />);
    expect(markupShape(shown.container)).toEqual(
      serverShape(
        '<a class="pill-cart" href="/cart" aria-label="Cart, 2 items, $50.00"><span class="pill-cart-count">2</span><span class="pill-cart-subtotal">$50.00</span></a>',
      ),
    );
    const hidden = render(<PillCart totalQuantity={0} subtotalCents={0} currency="USD" />);
    expect(markupShape(hidden.container)).toEqual(
      serverShape(
        '<a class="pill-cart" href="/cart" aria-label="Cart, 0 items, $0.00" hidden><span class="pill-cart-count">0</span><span class="pill-cart-subtotal">$0.00</span></a>',
      ),
    );
  });

  it('is hidden while the cart is empty', () => {
    const { container } = render(<PillCart totalQuantity={0} subtotalCents={0} currency="USD" />);
    expect(pill(container).hidden).toBe(true);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('links to /cart with count, formatted subtotal and an accessible name', () => {
    const { container } = render(<PillCart totalQuantity={2} subtotalCents={5000} currency="USD" />);
    const link = screen.getByRole('link', { name: 'Cart, 2 items, $50.00' });
    expect(link.getAttribute('href')).toBe('/cart');
    expect(link.hidden).toBe(false);
    expect(container.querySelector('.pill-cart-count')!.textContent).toBe('2');
    expect(container.querySelector('.pill-cart-subtotal')!.textContent).toBe('$50.00');
  });

  it('says 1 item in the singular', () => {
    render(<PillCart totalQuantity={1} subtotalCents={2500} currency="USD" />);
    expect(screen.getByRole('link', { name: 'Cart, 1 item, $25.00' })).toBeTruthy();
  });

  it("shows 100 as is and '100+' above 100, with the exact count in its name", () => {
    const { container, rerender } = render(
      <PillCart totalQuantity={100} subtotalCents={100} currency="USD" />,
    );
    expect(container.querySelector('.pill-cart-count')!.textContent).toBe('100');
    rerender(<PillCart totalQuantity={101} subtotalCents={252500} currency="USD" />);
    expect(container.querySelector('.pill-cart-count')!.textContent).toBe('100+');
    expect(screen.getByRole('link', { name: 'Cart, 101 items, $2,525.00' })).toBeTruthy();
  });

  it('formats a zero-decimal currency', () => {
    const { container } = render(<PillCart totalQuantity={1} subtotalCents={2500} currency="JPY" />);
    expect(container.querySelector('.pill-cart-subtotal')!.textContent).toBe('¥2,500');
  });

  it('follows the shared cart when another island changes it', () => {
    const { container } = render(<PillCart totalQuantity={0} subtotalCents={0} currency="USD" />);
    act(() => {
      setCart(makeCart([makeEntry({ quantity: 4, subTotal: { value: '10000', currency: 'USD' } })]));
    });
    expect(pill(container).hidden).toBe(false);
    expect(screen.getByRole('link', { name: 'Cart, 4 items, $100.00' })).toBeTruthy();
    act(() => {
      setCart(makeCart([]));
    });
    expect(pill(container).hidden).toBe(true);
  });
});
