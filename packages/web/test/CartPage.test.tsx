import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetCart, setCart } from '../src/cart-store';
import { CartPage } from '../src/islands/CartPage';
import { makeCart, makeEntry, markupShape, primeSiteConfig, shippingOption } from './helpers';

beforeAll(primeSiteConfig);
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
const SERVER_ENTRIES = `<ul class="cart-entries"><li class="cart-entry"><div class="cart-entry-image"><img src="/assets/tee.jpg" alt="" width="96" height="96"></div><div class="cart-entry-details"><a class="cart-entry-title" href="/shop/p/classic-tee">Classic Tee</a><span class="cart-entry-attribute">Size: M</span><span class="cart-entry-attribute">Color: Black</span><span class="cart-entry-unit-price">$25.00</span></div><div class="cart-entry-quantity"><button type="button" class="cart-entry-decrement">−</button><input class="cart-entry-quantity-input" type="number" min="1" max="9999" step="1" value="2"><button type="button" class="cart-entry-increment">+</button></div><span class="cart-entry-total">$50.00</span><button type="button" class="cart-entry-remove">Remove</button></li><li class="cart-entry"><div class="cart-entry-image"></div><div class="cart-entry-details"><a class="cart-entry-title" href="/shop/p/mug">Mug</a><span class="cart-entry-unit-price">$12.50</span></div><div class="cart-entry-quantity"><button type="button" class="cart-entry-decrement" disabled>−</button><input class="cart-entry-quantity-input" type="number" min="1" max="9999" step="1" value="1"><button type="button" class="cart-entry-increment">+</button></div><span class="cart-entry-total">$12.50</span><button type="button" class="cart-entry-remove">Remove</button></li></ul><div class="cart-coupons"><form class="cart-coupon-form"><label for="ID">Coupon code</label><input id="ID" class="cart-coupon-input" name="code" value=""><button type="submit" class="cart-coupon-apply">Apply</button><p id="ID-message" class="cart-coupon-message" role="alert"></p></form></div><p class="cart-subtotal"><span>Subtotal</span> <span class="cart-subtotal-amount">$62.50</span></p><p class="cart-shipping"><span>Shipping</span> <span class="cart-shipping-amount">Calculated at checkout</span></p><p class="cart-total"><span>Total</span> <span class="cart-total-amount">$62.50</span></p><a class="cart-checkout-button" href="/commerce/goto-checkout">Checkout</a>`;

const SERVER_EMPTY = `<p class="cart-empty">You have nothing in your shopping cart. <a href="/">Continue shopping</a></p>`;

function serverShape(html: string) {
  const el = document.createElement('div');
  el.innerHTML = html;
  return markupShape(el);
}

/** React's generated ids differ from the server's; the shape compares the rest. */
function withStableIds(container: HTMLElement): HTMLElement {
  const copy = container.cloneNode(true) as HTMLElement;
  for (const el of copy.querySelectorAll('[id]')) el.id = el.id.endsWith('-message') ? 'ID-message' : 'ID';
  for (const el of copy.querySelectorAll('[for]')) el.setAttribute('for', 'ID');
  return copy;
}

describe('CartPage', () => {
  it('reproduces the server markup of a cart with entries', () => {
    const { container } = render(<CartPage cart={TWO_ENTRIES} />);
    expect(markupShape(withStableIds(container))).toEqual(serverShape(SERVER_ENTRIES));
  });

  it('shows a licence bought once as a fixed quantity, with no stepper, as the server does', () => {
    const ebook = makeEntry({
      id: 'e_3',
      itemId: 'item-ebook',
      quantity: 1,
      chosenVariant: { sku: 'EBOOK', attributes: {} },
      title: 'Field Guide',
      productType: 2,
      maxQuantity: 1,
    });
    const { container } = render(<CartPage cart={makeCart([ebook])} />);
    const row = container.querySelector<HTMLElement>('li.cart-entry')!;
    expect(row.querySelector('.cart-entry-quantity--fixed')?.textContent).toBe('Qty 1 One per order');
    expect(row.querySelector('.cart-entry-quantity-input, .cart-entry-increment')).toBeNull();
    expect(within(row).getByRole('button', { name: 'Remove Field Guide' })).toBeTruthy();
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
    expect(within(rows[0]).getByRole('spinbutton', { name: 'Quantity of Classic Tee' })).toHaveProperty(
      'value',
      '2',
    );
    expect(rows[0].querySelector('.cart-entry-unit-price')!.textContent).toBe('$25.00');
    expect(rows[0].querySelector('.cart-entry-total')!.textContent).toBe('$50.00');
    expect(within(rows[1]).getByRole('link', { name: 'Mug' }).getAttribute('href')).toBe('/shop/p/mug');
  });

  it("shows the answers of the entry's custom form on its line, as the server renders them", () => {
    const board = makeEntry({
      title: 'Board',
      chosenVariant: { sku: 'B', attributes: {} },
      additionalFields: JSON.stringify({ text: 'J & O', style: 'Serif', notes: '' }),
    });
    const formFields = {
      engraving: [
        { id: 'text', title: 'Engraving text', type: 'text' },
        { id: 'style', title: 'Lettering style', type: 'select' },
        { id: 'notes', title: 'Notes', type: 'textarea' },
      ],
    };
    const { container } = render(
      <CartPage
        cart={makeCart([board])}
        entryForms={{ [board.itemId]: 'engraving' }}
        formFields={formFields}
      />,
    );
    const answers = container.querySelector('.cart-entry-answers')!;
    const server = document.createElement('div');
    server.innerHTML =
      '<dl class="cart-entry-answers"><dt>Engraving text</dt><dd>J &amp; O</dd><dt>Lettering style</dt><dd>Serif</dd></dl>';
    expect(markupShape(answers)).toEqual(markupShape(server.firstElementChild!));
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

  it('shows discount, chosen shipping and tax when the cart has them, and the total', () => {
    const priced = {
      ...TWO_ENTRIES,
      discountCents: 625,
      shippingCostCents: 500,
      selectedShippingOption: shippingOption('standard', 'Standard', 500),
      taxCents: 450,
      grandTotalCents: 6575,
    };
    const { container } = render(<CartPage cart={priced} />);
    expect(container.querySelector('.cart-discount-amount')!.textContent).toBe('−$6.25');
    expect(container.querySelector('.cart-shipping-amount')!.textContent).toBe('$5.00');
    expect(container.querySelector('.cart-tax-amount')!.textContent).toBe('$4.50');
    expect(container.querySelector('.cart-total-amount')!.textContent).toBe('$65.75');
  });

  it('shows no shipping row for a cart that does not ship', () => {
    const digital = { ...TWO_ENTRIES, requiresShipping: false, purelyDigital: true };
    const { container } = render(<CartPage cart={digital} />);
    expect(container.querySelector('.cart-shipping')).toBeNull();
  });

  it('leads to checkout through the express checkout redirect', () => {
    render(<CartPage cart={TWO_ENTRIES} />);
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe(
      '/commerce/goto-checkout',
    );
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
