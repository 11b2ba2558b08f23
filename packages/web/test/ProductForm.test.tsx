import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCart } from '../src/cart-store';
import { pageContext, setPageContext } from '../src/context';
import { PillCart } from '../src/islands/PillCart';
import { ProductForm, type ProductFormProps } from '../src/islands/ProductForm';
import {
  deferred,
  jsonResponse,
  makeCart,
  makeEntry,
  markupShape,
  setCrumbCookie,
  stubFetch,
} from './helpers';

const TEE: ProductFormProps = {
  itemId: 'item-tee',
  productType: 1,
  name: 'Classic Tee',
  currency: 'USD',
  options: [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Color', values: ['Black', 'White'] },
  ],
  variants: [
    {
      sku: 'TEE-S-BLK',
      attributes: { Size: 'S', Color: 'Black' },
      priceCents: 2500,
      salePriceCents: 0,
      onSale: false,
      qtyInStock: 5,
      unlimited: false,
    },
    {
      sku: 'TEE-M-BLK',
      attributes: { Size: 'M', Color: 'Black' },
      priceCents: 2500,
      salePriceCents: 0,
      onSale: false,
      qtyInStock: 0,
      unlimited: false,
    },
    {
      sku: 'TEE-S-WHT',
      attributes: { Size: 'S', Color: 'White' },
      priceCents: 2500,
      salePriceCents: 0,
      onSale: false,
      qtyInStock: 0,
      unlimited: true,
    },
  ],
  addButtonText: 'Add To Cart',
  soldOut: false,
  showQuantity: true,
};

const button = () => screen.getByRole('button') as HTMLButtonElement;
const alertText = () => screen.getByRole('alert').textContent;

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function choose(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function click() {
  await act(async () => {
    fireEvent.click(button());
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  resetCart();
  setCrumbCookie('0123456789abcdef0123456789abcdef');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The server's no-JS markup for TEE, as README.md describes it. */
const SERVER_MARKUP = `<form class="product-form" method="post" action="/api/commerce/shopping-cart/entries"><input type="hidden" name="crumb" value="x"><input type="hidden" name="itemId" value="item-tee"><div class="variant-option"><label for="variant-option-Size">Size</label><select id="variant-option-Size" name="variant-option-Size" class="variant-select"><option value="">Select Size</option><option value="S">S</option><option value="M">M</option></select></div><div class="variant-option"><label for="variant-option-Color">Color</label><select id="variant-option-Color" name="variant-option-Color" class="variant-select"><option value="">Select Color</option><option value="Black">Black</option><option value="White">White</option></select></div><div class="product-quantity-input"><label for="quantity">Quantity</label><input id="quantity" type="number" name="quantity" min="1" max="9999" step="1" value="1"></div><button type="submit" class="sqs-add-to-cart-button">Add To Cart</button><p class="product-form-message" role="alert"></p></form>`;

describe('ProductForm markup', () => {
  it('reproduces the server no-JS markup element for element', () => {
    const { container } = render(<ProductForm {...TEE} />);
    const server = document.createElement('div');
    server.innerHTML = SERVER_MARKUP;
    expect(markupShape(container.firstElementChild!)).toEqual(markupShape(server.firstElementChild!));
  });

  it('reproduces the sold-out server markup', () => {
    const { container } = render(<ProductForm {...TEE} options={[]} showQuantity={false} soldOut />);
    const server = document.createElement('div');
    server.innerHTML =
      '<form class="product-form" method="post" action="/api/commerce/shopping-cart/entries"><input type="hidden" name="crumb" value="x"><input type="hidden" name="itemId" value="item-tee"><button type="submit" class="sqs-add-to-cart-button" disabled>Sold Out</button><p class="product-form-message" role="alert"></p></form>';
    expect(markupShape(container.firstElementChild!)).toEqual(markupShape(server.firstElementChild!));
  });

  it('echoes the crumb cookie in the hidden field for the form post', () => {
    const { container } = render(<ProductForm {...TEE} />);
    expect(container.querySelector<HTMLInputElement>('input[name="crumb"]')!.value).toBe(
      '0123456789abcdef0123456789abcdef',
    );
  });

  it('omits the quantity input when showQuantity is false', () => {
    render(<ProductForm {...TEE} showQuantity={false} />);
    expect(screen.queryByLabelText('Quantity')).toBeNull();
  });

  it('shows Sold Out, disabled, and never calls the API', async () => {
    const { fetchMock } = stubFetch(() => jsonResponse({}));
    render(<ProductForm {...TEE} soldOut />);
    expect(button().textContent).toBe('Sold Out');
    expect(button().disabled).toBe(true);
    fireEvent.submit(button().form!);
    await advance(5000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(button().textContent).toBe('Sold Out');
  });

  it('keeps the server message of a failed no-JS post (?cartError=)', () => {
    window.history.replaceState(
      null,
      '',
      '/shop/p/classic-tee?cartError=Sorry%2C%20we%20do%20not%20have%20enough%20of%20that%20item%20available.',
    );
    try {
      render(<ProductForm {...TEE} />);
      expect(alertText()).toBe('Sorry, we do not have enough of that item available.');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('announces button state changes politely', () => {
    render(<ProductForm {...TEE} />);
    expect(button().getAttribute('aria-live')).toBe('polite');
  });
});

describe('ProductForm Select Option', () => {
  it('shows Select Option for 2 s with the message naming both options', async () => {
    const { fetchMock } = stubFetch(() => jsonResponse({}));
    render(<ProductForm {...TEE} />);
    await click();
    expect(button().textContent).toBe('Select Option');
    expect(alertText()).toBe('Please select the Size and Color options.');
    await advance(1999);
    expect(button().textContent).toBe('Select Option');
    await advance(1);
    expect(button().textContent).toBe('Add To Cart');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names only the option still unselected', async () => {
    stubFetch(() => jsonResponse({}));
    render(<ProductForm {...TEE} />);
    choose('Size', 'S');
    await click();
    expect(alertText()).toBe('Please select the Color option.');
  });
});

describe('ProductForm checks before the call', () => {
  it('rejects an unavailable combination', async () => {
    const { fetchMock } = stubFetch(() => jsonResponse({}));
    render(<ProductForm {...TEE} />);
    choose('Size', 'M');
    choose('Color', 'White');
    await click();
    expect(alertText()).toBe('Sorry, that item variant is unavailable. Please select another variant.');
    expect(button().textContent).toBe('Add To Cart');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a variant without stock and a quantity above the stock', async () => {
    const { fetchMock } = stubFetch(() => jsonResponse({}));
    render(<ProductForm {...TEE} />);
    choose('Size', 'M');
    choose('Color', 'Black');
    await click();
    expect(alertText()).toBe('Sorry, we do not have enough of that item available.');
    choose('Size', 'S');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '6' } });
    await click();
    expect(alertText()).toBe('Sorry, we do not have enough of that item available.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects an empty and a fractional quantity', async () => {
    const { fetchMock } = stubFetch(() => jsonResponse({}));
    render(<ProductForm {...TEE} />);
    choose('Size', 'S');
    choose('Color', 'Black');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '' } });
    await click();
    expect(alertText()).toBe('Quantity must be a number.');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '1.5' } });
    await click();
    expect(alertText()).toBe('Quantity must be a whole number');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('ProductForm adding', () => {
  it('sends the entry with crumb header, then Added! 1 s after the click and idle 2 s later', async () => {
    const cart = makeCart([makeEntry({ quantity: 3, subTotal: { value: '7500', currency: 'USD' } })]);
    const { requests } = stubFetch(() => jsonResponse({ shoppingCart: cart, newlyAdded: cart.entries[0] }));
    render(
      <>
        <ProductForm {...TEE} />
        <PillCart totalQuantity={0} subtotalCents={0} currency="USD" />
      </>,
    );
    choose('Size', 'S');
    choose('Color', 'Black');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '3' } });
    await click();

    expect(requests).toEqual([
      {
        url: '/api/commerce/shopping-cart/entries',
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'X-CSRF-Token': '0123456789abcdef0123456789abcdef',
        },
        credentials: 'same-origin',
        body: { itemId: 'item-tee', sku: 'TEE-S-BLK', quantity: 3, additionalFields: null },
      },
    ]);
    expect(button().textContent).toBe('Adding…');
    expect(alertText()).toBe('');
    expect(screen.getByRole('link', { name: 'Cart, 3 items, $75.00' })).toBeTruthy();

    await advance(999);
    expect(button().textContent).toBe('Adding…');
    await advance(1);
    expect(button().textContent).toBe('Added!');
    await advance(1999);
    expect(button().textContent).toBe('Added!');
    await advance(1);
    expect(button().textContent).toBe('Add To Cart');
  });

  it('shows Added! as soon as a slow answer arrives after the first second', async () => {
    const answer = deferred<Response>();
    stubFetch(() => answer.promise);
    render(<ProductForm {...TEE} />);
    choose('Size', 'S');
    choose('Color', 'White');
    await click();
    await advance(1500);
    expect(button().textContent).toBe('Adding…');
    await act(async () => {
      answer.resolve(jsonResponse({ shoppingCart: makeCart(), newlyAdded: null }));
    });
    expect(button().textContent).toBe('Added!');
    await advance(2000);
    expect(button().textContent).toBe('Add To Cart');
  });

  it('ignores clicks while adding', async () => {
    const answer = deferred<Response>();
    const { fetchMock } = stubFetch(() => answer.promise);
    render(<ProductForm {...TEE} />);
    choose('Size', 'S');
    choose('Color', 'Black');
    await click();
    await click();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(button().getAttribute('aria-disabled')).toBe('true');
  });

  it('posts quantity 1 when no quantity input is shown', async () => {
    const { requests } = stubFetch(() => jsonResponse({ shoppingCart: makeCart(), newlyAdded: null }));
    const single = { ...TEE.variants[0], sku: 'TEE-ONE', attributes: {} };
    render(<ProductForm {...TEE} options={[]} variants={[single]} showQuantity={false} />);
    await click();
    expect(requests[0].body).toEqual({
      itemId: 'item-tee',
      sku: 'TEE-ONE',
      quantity: 1,
      additionalFields: null,
    });
  });
});

describe('ProductForm gift card', () => {
  it('goes to gift card checkout instead of the cart', async () => {
    const { fetchMock } = stubFetch(() => jsonResponse({}));
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    setPageContext({ ...pageContext(), websiteId: 'site-1' });
    const card = { ...TEE.variants[0], sku: 'GC-50', attributes: { Amount: '$50' }, unlimited: true };
    render(
      <ProductForm
        {...TEE}
        itemId="gift-card"
        productType={4}
        options={[{ name: 'Amount', values: ['$50'] }]}
        variants={[card]}
        showQuantity={false}
      />,
    );
    await click();
    expect(alertText()).toBe('Select a denomination for the Gift Card');
    choose('Amount', '$50');
    await click();
    expect(assign).toHaveBeenCalledWith(
      '/checkout/giftcard?websiteId=site-1&giftCardProductId=gift-card&sku=GC-50',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('ProductForm failures', () => {
  async function addWith(respond: () => Promise<Response> | Response) {
    stubFetch(respond);
    render(<ProductForm {...TEE} />);
    choose('Size', 'S');
    choose('Color', 'Black');
    await click();
  }

  it("shows the server's message and returns to idle after 1 s", async () => {
    await addWith(() =>
      jsonResponse(
        { message: 'Sorry, we do not have enough of that item available.', type: 'OUT_OF_STOCK' },
        409,
      ),
    );
    expect(alertText()).toBe('Sorry, we do not have enough of that item available.');
    expect(button().textContent).toBe('Adding…');
    await advance(999);
    expect(button().textContent).toBe('Adding…');
    await advance(1);
    expect(button().textContent).toBe('Add To Cart');
    expect(alertText()).toBe('Sorry, we do not have enough of that item available.');
  });

  it('shows the 429 message', async () => {
    await addWith(() => new Response('', { status: 429 }));
    expect(alertText()).toBe('Please try again in a few seconds.');
  });

  it('shows the connection message when the network fails', async () => {
    await addWith(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(alertText()).toBe('Please check your internet connection.');
    await advance(1000);
    expect(button().textContent).toBe('Add To Cart');
  });
});
