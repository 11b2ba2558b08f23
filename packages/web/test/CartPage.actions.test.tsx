import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCart, resetCart } from '../src/cart-store';
import { CartPage } from '../src/islands/CartPage';
import {
  deferred,
  fixedCoupon,
  jsonResponse,
  makeCart,
  makeEntry,
  primeSiteConfig,
  type RecordedRequest,
  setCrumbCookie,
  stubFetch,
} from './helpers';

const TEE = makeEntry();
const MUG = makeEntry({
  id: 'e_2',
  itemId: 'item-mug',
  quantity: 1,
  chosenVariant: { sku: 'MUG', attributes: {} },
  title: 'Mug',
  subTotal: { value: '1250', currency: 'USD' },
  purchasePriceCents: 1250,
  additionalFields: '{"f-text":"Ann"}',
  url: '/shop/p/mug',
});
const CART = makeCart([TEE, MUG]);

const SCHEMA = {
  id: 'engraving',
  name: 'Engraving',
  fields: [{ id: 'f-text', type: 'text', title: 'Text to engrave', required: true }],
};

const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

beforeAll(primeSiteConfig);

beforeEach(() => {
  resetCart();
  setCrumbCookie('crumb-1');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function teeRow() {
  return screen.getByRole('link', { name: 'Classic Tee' }).closest('li') as HTMLElement;
}

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function alertDialog() {
  return screen.getByRole('alertdialog');
}

describe('CartPage quantity', () => {
  it('sends the new quantity with the crumb and follows the answered cart (pill cart too)', async () => {
    const updated = makeCart([{ ...TEE, quantity: 3, subTotal: { value: '7500', currency: 'USD' } }, MUG]);
    const { requests } = stubFetch(() => jsonResponse({ shoppingCart: updated }));
    render(<CartPage cart={CART} />);
    fireEvent.click(within(teeRow()).getByRole('button', { name: 'Increase quantity of Classic Tee' }));
    await settle();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      url: '/api/commerce/shopping-cart/entries/e_1/quantity',
      body: { quantity: 3 },
      headers: { 'X-CSRF-Token': 'crumb-1' },
    });
    expect(getCart()?.totalQuantity).toBe(4);
    expect(teeRow().querySelector('.cart-entry-total')!.textContent).toBe('$75.00');
  });

  it('sends a typed quantity on Enter, clamped to 1–9999', async () => {
    const { requests } = stubFetch(() => jsonResponse({ shoppingCart: CART }));
    render(<CartPage cart={CART} />);
    const input = within(teeRow()).getByRole('spinbutton');
    fireEvent.change(input, { target: { value: '12000' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await settle();
    expect(requests.map((r) => r.body)).toEqual([{ quantity: 9999 }]);
  });

  it('folds clicks made while a change is on its way into one more call with the latest value', async () => {
    const first = deferred<Response>();
    const { requests } = stubFetch(() =>
      requests.length === 1 ? first.promise : jsonResponse({ shoppingCart: CART }),
    );
    render(<CartPage cart={CART} />);
    const plus = within(teeRow()).getByRole('button', { name: 'Increase quantity of Classic Tee' });
    fireEvent.click(plus);
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(within(teeRow()).getByRole('spinbutton')).toHaveProperty('value', '5');
    first.resolve(jsonResponse({ shoppingCart: CART }));
    await settle();
    expect(requests.map((r) => r.body)).toEqual([{ quantity: 3 }, { quantity: 5 }]);
  });

  it('cannot go below 1 with the stepper', () => {
    stubFetch(() => jsonResponse({ shoppingCart: CART }));
    render(<CartPage cart={CART} />);
    const mugRow = screen.getByRole('link', { name: 'Mug' }).closest('li') as HTMLElement;
    expect(within(mugRow).getByRole('button', { name: 'Decrease quantity of Mug' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('shows "Unable to update quantity" with the connection message when offline, and restores the quantity', async () => {
    stubFetch(networkDown);
    render(<CartPage cart={CART} />);
    fireEvent.click(within(teeRow()).getByRole('button', { name: 'Increase quantity of Classic Tee' }));
    await settle();
    expect(within(alertDialog()).getByRole('heading').textContent).toBe('Unable to update quantity');
    expect(alertDialog().textContent).toContain('Please check your internet connection.');
    expect(within(teeRow()).getByRole('spinbutton')).toHaveProperty('value', '2');
  });

  it('shows "Please try again." when the server fails without a message', async () => {
    stubFetch(() => new Response('oops', { status: 500 }));
    render(<CartPage cart={CART} />);
    fireEvent.click(within(teeRow()).getByRole('button', { name: 'Decrease quantity of Classic Tee' }));
    await settle();
    expect(within(alertDialog()).getByRole('heading').textContent).toBe('Unable to update quantity');
    expect(alertDialog().querySelector('.sf-alert-dialog-message')!.textContent).toBe('Please try again.');
  });

  it('shows the server message of a refused quantity (not enough stock)', async () => {
    stubFetch(() =>
      jsonResponse(
        { message: 'Sorry, we do not have enough of that item available.', type: 'OUT_OF_STOCK' },
        409,
      ),
    );
    render(<CartPage cart={CART} />);
    fireEvent.click(within(teeRow()).getByRole('button', { name: 'Increase quantity of Classic Tee' }));
    await settle();
    expect(alertDialog().querySelector('.sf-alert-dialog-message')!.textContent).toBe(
      'Sorry, we do not have enough of that item available.',
    );
  });

  it('refuses a quantity that is not a number without calling the server', async () => {
    const { requests } = stubFetch(() => jsonResponse({ shoppingCart: CART }));
    render(<CartPage cart={CART} />);
    const input = within(teeRow()).getByRole('spinbutton');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    await settle();
    expect(requests).toHaveLength(0);
    expect(alertDialog().querySelector('.sf-alert-dialog-message')!.textContent).toBe(
      'Quantity must be a number.',
    );
    expect(input).toHaveProperty('value', '2');
  });
});

describe('CartPage remove', () => {
  it('deletes the entry and shows the answered cart', async () => {
    const { requests } = stubFetch(() => jsonResponse({ shoppingCart: makeCart([MUG]) }));
    render(<CartPage cart={CART} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Classic Tee' }));
    await settle();
    expect(requests[0]).toMatchObject({ method: 'DELETE', url: '/api/commerce/shopping-cart/entries/e_1' });
    expect(screen.queryByRole('link', { name: 'Classic Tee' })).toBeNull();
    expect(getCart()?.totalQuantity).toBe(1);
  });

  it('shows the empty state once the last entry is gone', async () => {
    stubFetch(() => jsonResponse({ shoppingCart: makeCart([]) }));
    const { container } = render(<CartPage cart={makeCart([TEE])} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Classic Tee' }));
    await settle();
    expect(container.querySelector('.cart-empty')).not.toBeNull();
  });

  it('shows "Unable to remove item" on failure and keeps the entry', async () => {
    stubFetch(networkDown);
    render(<CartPage cart={CART} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Classic Tee' }));
    await settle();
    expect(within(alertDialog()).getByRole('heading').textContent).toBe('Unable to remove item');
    expect(alertDialog().textContent).toContain('Please check your internet connection.');
    expect(screen.getByRole('link', { name: 'Classic Tee' })).toBeTruthy();
  });
});

describe('CartPage quantity 0', () => {
  it('removes the line when the shopper types 0', async () => {
    const { requests } = stubFetch(() => jsonResponse({ shoppingCart: makeCart([MUG]) }));
    render(<CartPage cart={CART} />);
    const input = within(teeRow()).getByRole('spinbutton');
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await settle();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'DELETE /api/commerce/shopping-cart/entries/e_1',
    ]);
    expect(screen.queryByRole('link', { name: 'Classic Tee' })).toBeNull();
  });

  it('says "Unable to remove item" when that fails, and shows the quantity again', async () => {
    stubFetch(networkDown);
    render(<CartPage cart={CART} />);
    const input = within(teeRow()).getByRole('spinbutton');
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.blur(input);
    await settle();
    expect(within(alertDialog()).getByRole('heading').textContent).toBe('Unable to remove item');
    expect(within(teeRow()).getByRole('spinbutton')).toHaveProperty('value', String(TEE.quantity));
  });
});

describe('CartPage edit form', () => {
  const FORMS = { 'item-mug': 'engraving' };

  function serve(
    overrides: { schema?: () => Response | Promise<Response>; put?: () => Response | Promise<Response> } = {},
  ) {
    return stubFetch((request: RecordedRequest) => {
      if (request.url.startsWith('/api/template/GetTemplateSchema'))
        return overrides.schema?.() ?? jsonResponse(SCHEMA);
      if (request.url.startsWith('/api/rest/forms/validate/')) return jsonResponse({});
      return (
        overrides.put?.() ??
        jsonResponse({
          shoppingCart: makeCart([TEE, { ...MUG, additionalFields: '{"f-text":"Bo"}' }]),
          updatedEntry: MUG,
        })
      );
    });
  }

  it('offers Edit only for entries with answers to a known form', () => {
    serve();
    render(<CartPage cart={CART} entryForms={FORMS} />);
    expect(screen.getByRole('button', { name: 'Edit Mug' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Classic Tee' })).toBeNull();
  });

  it('loads the form and sends the new answers for the entry', async () => {
    const { requests } = serve();
    render(<CartPage cart={CART} entryForms={FORMS} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Mug' }));
    const dialog = await screen.findByRole('dialog', { name: 'Engraving' });
    expect(requests[0].url).toBe('/api/template/GetTemplateSchema?type=form&formId=engraving');
    fireEvent.change(within(dialog).getByLabelText(/Text to engrave/), { target: { value: 'Bo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await settle();
    await settle();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put).toMatchObject({
      url: '/api/commerce/shopping-cart/entries/e_2/additionalFields',
      body: { itemId: 'item-mug', sku: 'MUG', additionalFields: '{"f-text":"Bo"}' },
    });
    expect(getCart()?.entries[1].additionalFields).toBe('{"f-text":"Bo"}');
  });

  it('shows "Unable to open form" when the form cannot load', async () => {
    serve({ schema: networkDown });
    render(<CartPage cart={CART} entryForms={FORMS} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Mug' }));
    expect(within(await screen.findByRole('alertdialog')).getByRole('heading').textContent).toBe(
      'Unable to open form',
    );
    expect(alertDialog().querySelector('.sf-alert-dialog-message')!.textContent).toBe('Please try again.');
  });

  it('shows "Unable to update form" when the answers cannot be saved', async () => {
    serve({ put: () => new Response('', { status: 500 }) });
    render(<CartPage cart={CART} entryForms={FORMS} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Mug' }));
    const dialog = await screen.findByRole('dialog', { name: 'Engraving' });
    fireEvent.change(within(dialog).getByLabelText(/Text to engrave/), { target: { value: 'Bo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(await screen.findByRole('alertdialog')).getByRole('heading').textContent).toBe(
      'Unable to update form',
    );
    expect(alertDialog().querySelector('.sf-alert-dialog-message')!.textContent).toBe('Please try again.');
  });
});

describe('CartPage coupons', () => {
  it('applies a code and lists valid and invalid coupons with the reason', async () => {
    const priced = {
      ...CART,
      discountCents: 500,
      grandTotalCents: 5750,
      validCoupons: [fixedCoupon('SAVE5')],
      invalidCoupons: [
        { code: 'OLD', reason: 'expired', message: 'This coupon has expired.', coupon: fixedCoupon('OLD') },
      ],
    };
    const { requests } = stubFetch(() => jsonResponse({ shoppingCart: priced }));
    const { container } = render(<CartPage cart={CART} />);
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: ' SAVE5 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await settle();
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/coupons',
      body: { code: 'SAVE5' },
    });
    const items = container.querySelectorAll('.cart-coupon');
    expect(items[0].textContent).toBe('SAVE5Remove');
    expect(items[1].querySelector('.cart-coupon-reason')!.textContent).toBe('This coupon has expired.');
    expect(container.querySelector('.cart-discount-amount')!.textContent).toBe('−$5.00');
    expect(screen.getByLabelText('Coupon code')).toHaveProperty('value', '');
  });

  it('removes a coupon by its code', async () => {
    const { requests } = stubFetch(() => jsonResponse({ shoppingCart: CART }));
    render(<CartPage cart={{ ...CART, validCoupons: [fixedCoupon('SAVE 5')] }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove coupon SAVE 5' }));
    await settle();
    expect(requests[0]).toMatchObject({
      method: 'DELETE',
      url: '/api/commerce/shopping-cart/coupons/SAVE%205',
    });
  });

  it('shows a refused code beside the field', async () => {
    stubFetch(() => jsonResponse({ message: 'That coupon code is not valid.' }, 400));
    render(<CartPage cart={CART} />);
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await settle();
    const input = screen.getByLabelText('Coupon code');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe(
      'That coupon code is not valid.',
    );
  });
});
