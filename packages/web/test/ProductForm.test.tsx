import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCart } from '../src/cart-store';
import { pageContext, setPageContext } from '../src/context';
import { resetAddedPopover } from '../src/islands/AddedPopover';
import { PillCart } from '../src/islands/PillCart';
import { ProductForm, type ProductFormProps, productFormStateFromMarkup } from '../src/islands/ProductForm';
import type { StockLine } from '../src/islands/product-form/api';
import { ADD_TO_CART_EVENT, type AddToCartEventDetail } from '../src/islands/product-form/events';
import { resetProductSelections } from '../src/product-store';
import {
  deferred,
  jsonResponse,
  makeCart,
  makeEntry,
  markupShape,
  type RecordedRequest,
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

const button = () => document.querySelector<HTMLButtonElement>('.sqs-add-to-cart-button')!;
/** The failure message the shopper sees: the alert's when one is open, else the page's. */
const alertText = () =>
  (document.querySelector('.sf-alert-dialog-message') ?? document.querySelector('.product-form-message'))!
    .textContent;

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function choose(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Clicks the add button; the add flow's chunk arrives before the test looks. */
async function click() {
  await act(async () => {
    fireEvent.click(button());
    await vi.dynamicImportSettled();
  });
}

/** Every `sf:add-to-cart` event of the test, in order. */
const events: AddToCartEventDetail[] = [];
function record(event: Event) {
  events.push((event as CustomEvent<AddToCartEventDetail>).detail);
}

function clearCookie(name: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: tests play the server, which sets these cookies
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

/** Lets lazily loaded chunks (alert, popover, form) arrive and render. */
async function settle() {
  await act(async () => {
    await vi.dynamicImportSettled();
  });
}

/** The stock answer matching the props, with `overrides` per sku. */
function stockOf(variants: ProductFormProps['variants'], overrides: Record<string, Partial<StockLine>> = {}) {
  return {
    results: variants.map((v) => ({
      sku: v.sku,
      unlimited: v.unlimited,
      qtyInStock: v.qtyInStock,
      ...overrides[v.sku],
    })),
  };
}

const STOCK_URL = '/api/commerce/inventory/stock/?itemId=item-tee';

/** Answers the stock call from `stock` and every other call with `other`. */
function serve(
  other: (request: RecordedRequest) => Promise<Response> | Response,
  stock = stockOf(TEE.variants),
) {
  return stubFetch((request) =>
    request.url.startsWith('/api/commerce/inventory/stock/') ? jsonResponse(stock) : other(request),
  );
}

const added = () => jsonResponse({ shoppingCart: makeCart(), newlyAdded: null });

beforeEach(() => {
  document.addEventListener(ADD_TO_CART_EVENT, record);
  vi.useFakeTimers();
  resetCart();
  resetProductSelections();
  setCrumbCookie('0123456789abcdef0123456789abcdef');
});

afterEach(() => {
  cleanup();
  resetAddedPopover();
  clearCookie('hasCart');
  document.removeEventListener(ADD_TO_CART_EVENT, record);
  events.length = 0;
  setPageContext({ ...pageContext(), websiteId: '', pageType: 0 });
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ProductForm markup', () => {
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

  it('keeps the message the server rendered for a failed no-JS post', () => {
    const markup = document.createElement('div');
    markup.innerHTML =
      '<p class="product-form-message" role="alert">Sorry, we do not have enough of that item available.</p>';
    render(<ProductForm {...TEE} {...productFormStateFromMarkup(markup)} />);
    expect(alertText()).toBe('Sorry, we do not have enough of that item available.');
  });

  it('shows nothing a link carries in ?cartError=: only what the server rendered', () => {
    window.history.replaceState(null, '', '/shop/p/classic-tee?cartError=outOfStock');
    try {
      render(<ProductForm {...TEE} />);
      expect(alertText()).toBe('');
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

describe('ProductForm checks (spec §4 order)', () => {
  it('rejects an unavailable combination before asking for stock, in an alert dialog', async () => {
    const { fetchMock } = serve(added);
    render(<ProductForm {...TEE} />);
    choose('Size', 'M');
    choose('Color', 'White');
    await click();
    await settle();
    expect(alertText()).toBe('Sorry, that item variant is unavailable. Please select another variant.');
    const dialog = screen.getByRole('alertdialog', { name: 'Unable to Add Item' });
    expect(dialog.textContent).toContain(
      'Sorry, that item variant is unavailable. Please select another variant.',
    );
    // Said once: the alert, not the same text again in the page.
    expect(screen.getAllByText(/item variant is unavailable/)).toHaveLength(1);
    expect(button().textContent).toBe('Add To Cart');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(events.map((e) => e.errorType)).toEqual(['VARIANT_UNAVAILABLE']);
  });

  it('checks the fresh stock, not the stock the page was rendered with', async () => {
    const { requests } = serve(added, stockOf(TEE.variants, { 'TEE-S-BLK': { qtyInStock: 0 } }));
    render(<ProductForm {...TEE} />);
    choose('Size', 'S');
    choose('Color', 'Black');
    await click();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${STOCK_URL}`]);
    expect(alertText()).toBe('Sorry, we do not have enough of that item available.');
    expect(button().textContent).toBe('Adding…');
    await advance(1000);
    expect(button().textContent).toBe('Add To Cart');
    expect(events.at(-1)).toMatchObject({ errorType: 'OUT_OF_STOCK', isInStock: false });
  });

  it('adds a variant the page showed as out of stock once the fresh stock has it', async () => {
    const { requests } = serve(added, stockOf(TEE.variants, { 'TEE-M-BLK': { qtyInStock: 4 } }));
    render(<ProductForm {...TEE} />);
    choose('Size', 'M');
    choose('Color', 'Black');
    await click();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET ${STOCK_URL}`,
      'POST /api/commerce/shopping-cart/entries',
    ]);
    expect(requests[1].body).toEqual({
      itemId: 'item-tee',
      sku: 'TEE-M-BLK',
      quantity: 1,
      additionalFields: null,
    });
  });

  it('rejects a quantity above the fresh stock', async () => {
    const { requests } = serve(added);
    render(<ProductForm {...TEE} />);
    choose('Size', 'S');
    choose('Color', 'Black');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '6' } });
    await click();
    expect(alertText()).toBe('Sorry, we do not have enough of that item available.');
    expect(requests).toHaveLength(1);
  });

  it('reports stock before the quantity, and then an empty or fractional quantity', async () => {
    serve(added, stockOf(TEE.variants, { 'TEE-S-BLK': { qtyInStock: 0 } }));
    render(<ProductForm {...TEE} />);
    choose('Size', 'S');
    choose('Color', 'Black');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '' } });
    await click();
    expect(alertText()).toBe('Sorry, we do not have enough of that item available.');
    await advance(1000);
    choose('Color', 'White');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '' } });
    await click();
    expect(alertText()).toBe('Quantity must be a number.');
    expect(events.at(-1)?.errorType).toBe('QUANTITY_NOT_A_NUMBER');
    await advance(1000);
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '1.5' } });
    await click();
    expect(alertText()).toBe('Quantity must be a whole number');
  });

  it('treats a sku missing from the stock answer as out of stock', async () => {
    serve(added, { results: [] });
    render(<ProductForm {...TEE} />);
    choose('Size', 'S');
    choose('Color', 'Black');
    await click();
    expect(alertText()).toBe('Sorry, we do not have enough of that item available.');
  });
});

describe('ProductForm quantity and Select Option in the page', () => {
  const message = () => document.querySelector('.product-form-message')!.textContent;
  const quantityBox = () => screen.getByLabelText<HTMLInputElement>('Quantity');

  it('says a fractional or missing quantity as the shopper types, before any call', () => {
    const { requests } = serve(added);
    render(<ProductForm {...TEE} />);
    fireEvent.change(quantityBox(), { target: { value: '1.5' } });
    expect(message()).toBe('Quantity must be a whole number');
    expect(quantityBox().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(quantityBox(), { target: { value: '' } });
    expect(message()).toBe('');
    fireEvent.blur(quantityBox());
    expect(message()).toBe('Quantity must be a number.');
    fireEvent.change(quantityBox(), { target: { value: '2' } });
    expect(message()).toBe('');
    expect(quantityBox().getAttribute('aria-invalid')).toBeNull();
    expect(requests).toEqual([]);
  });

  it('never keeps 0 or a negative quantity in the box: it shows the 1 that is added', async () => {
    const { requests } = serve(added);
    render(<ProductForm {...TEE} />);
    fireEvent.change(quantityBox(), { target: { value: '0' } });
    fireEvent.blur(quantityBox());
    expect(quantityBox().value).toBe('1');
    choose('Size', 'S');
    choose('Color', 'Black');
    fireEvent.change(quantityBox(), { target: { value: '-3' } });
    await click();
    expect(quantityBox().value).toBe('1');
    expect(requests.at(-1)?.body).toMatchObject({ quantity: 1 });
  });

  it("restores the button as soon as the selection is complete, before the 2 s of 'Select Option'", async () => {
    serve(added);
    render(<ProductForm {...TEE} />);
    await click();
    expect(button().textContent).toBe('Select Option');
    choose('Size', 'S');
    expect(button().textContent).toBe('Select Option');
    await advance(500);
    choose('Color', 'Black');
    expect(button().textContent).toBe('Add To Cart');
    // The old revert timer does nothing more.
    await advance(2000);
    expect(button().textContent).toBe('Add To Cart');
  });
});

describe('ProductForm adding', () => {
  it('sends the entry with crumb header, then Added! 1 s after the click and idle 2 s later', async () => {
    const cart = makeCart([makeEntry({ quantity: 3, subTotal: { value: '7500', currency: 'USD' } })]);
    const { requests } = serve(() => jsonResponse({ shoppingCart: cart, newlyAdded: cart.entries[0] }));
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

    expect(requests[1]).toEqual({
      url: '/api/commerce/shopping-cart/entries',
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'X-CSRF-Token': '0123456789abcdef0123456789abcdef',
      },
      credentials: 'same-origin',
      body: { itemId: 'item-tee', sku: 'TEE-S-BLK', quantity: 3, additionalFields: null },
    });
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

  it('shows the product-added popover and dispatches the add-to-cart event', async () => {
    setPageContext({ ...pageContext(), pageType: 50 });
    serve(added);
    render(<ProductForm {...TEE} />);
    choose('Size', 'S');
    choose('Color', 'Black');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
    await click();
    await settle();
    expect(screen.getByRole('status').textContent).toContain('Classic Tee was added to your cart.');
    expect(events).toEqual([
      {
        pageType: 50,
        product: { id: 'item-tee', name: 'Classic Tee', productType: 1, isSubscribable: false },
        quantity: 2,
        selectedVariant: TEE.variants[0],
        unselectedVariantOptions: [],
        isInStock: true,
        expressCheckout: false,
        addToCartText: 'Add To Cart',
        subscriptionId: null,
      },
    ]);
  });

  it('shows Added! as soon as a slow answer arrives after the first second', async () => {
    const answer = deferred<Response>();
    serve(() => answer.promise);
    render(<ProductForm {...TEE} />);
    choose('Size', 'S');
    choose('Color', 'White');
    await click();
    await advance(1500);
    expect(button().textContent).toBe('Adding…');
    await act(async () => {
      answer.resolve(added());
    });
    expect(button().textContent).toBe('Added!');
    await advance(2000);
    expect(button().textContent).toBe('Add To Cart');
  });

  it('ignores clicks while adding', async () => {
    const answer = deferred<Response>();
    const { requests } = serve(() => answer.promise);
    render(<ProductForm {...TEE} />);
    choose('Size', 'S');
    choose('Color', 'Black');
    await click();
    await click();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(button().getAttribute('aria-disabled')).toBe('true');
  });

  it('posts quantity 1 when no quantity input is shown', async () => {
    const single = { ...TEE.variants[0], sku: 'TEE-ONE', attributes: {} };
    const { requests } = serve(added, stockOf([single]));
    render(<ProductForm {...TEE} options={[]} variants={[single]} showQuantity={false} />);
    await click();
    expect(requests[1].body).toEqual({
      itemId: 'item-tee',
      sku: 'TEE-ONE',
      quantity: 1,
      additionalFields: null,
    });
  });

  it('skips the stock call for digital products (unlimited by type)', async () => {
    const file = { ...TEE.variants[0], sku: 'EBOOK', attributes: {}, qtyInStock: 0 };
    const { requests } = serve(added);
    render(<ProductForm {...TEE} productType={2} options={[]} variants={[file]} showQuantity={false} />);
    await click();
    expect(requests.map((r) => r.url)).toEqual(['/api/commerce/shopping-cart/entries']);
  });
});

describe('ProductForm gift card', () => {
  it('goes to gift card checkout instead of the cart', async () => {
    const { fetchMock } = serve(added);
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
    await settle();
    expect(alertText()).toBe('Select a denomination for the Gift Card');
    expect(screen.getByRole('alertdialog', { name: 'Unable to purchase Gift Card' })).toBeTruthy();
    expect(button().textContent).toBe('Add To Cart');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    choose('Amount', '$50');
    await click();
    expect(assign).toHaveBeenCalledWith(
      '/checkout/giftcard?websiteId=site-1&giftCardProductId=gift-card&sku=GC-50',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(events.map((e) => e.errorType)).toEqual(['NO_VARIANT_SELECTED', undefined]);
  });
});

describe('ProductForm failures (spec §8)', () => {
  async function addWith(respond: () => Promise<Response> | Response, props: Partial<ProductFormProps> = {}) {
    serve(respond);
    render(<ProductForm {...TEE} {...props} />);
    choose('Size', 'S');
    choose('Color', 'Black');
    button().focus();
    await click();
    await settle();
  }

  it("shows the server's message inline and in the alert, and returns to idle after 1 s", async () => {
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
    expect(events.at(-1)?.errorType).toBe('OUT_OF_STOCK');
  });

  it('moves focus into the alert and back to the button when it is dismissed', async () => {
    await addWith(() => jsonResponse({ message: 'Nope.' }, 400));
    const dialog = screen.getByRole('alertdialog', { name: 'Unable to Add Item' });
    const ok = screen.getByRole('button', { name: 'OK' });
    expect(document.activeElement).toBe(ok);
    expect(dialog.textContent).toContain('Nope.');
    expect(events.at(-1)?.errorType).toBe('API_FAILURE');
    fireEvent.click(ok);
    expect(document.activeElement).toBe(button());
    // Spec §9 modal animation: the alert fades out over 0.3 s, then leaves the page.
    await advance(300);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows the 429 message', async () => {
    await addWith(() => new Response('', { status: 429 }));
    expect(alertText()).toBe('Please try again in a few seconds.');
  });

  it('says the session expired when the crumb is rejected', async () => {
    await addWith(() =>
      jsonResponse({ message: 'Your session has expired. Please reload the page and try again.' }, 403),
    );
    expect(alertText()).toBe('Your session has expired. Please reload the page and try again.');
  });

  it('asks to enable cookies when the crumb is rejected and there is no crumb cookie at all', async () => {
    clearCookie('crumb');
    await addWith(() => jsonResponse({ message: 'Forbidden' }, 403));
    expect(alertText()).toBe('Please enable cookies in your browser, reload the page, and try again.');
  });

  it('shows the connection message when the network fails', async () => {
    await addWith(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(alertText()).toBe('Please check your internet connection.');
    await advance(1000);
    expect(button().textContent).toBe('Add To Cart');
  });
});

describe('ProductForm express checkout', () => {
  it('adds the entry and then goes to checkout when the hasCart cookie is set', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { requests } = serve(() => {
      // biome-ignore lint/suspicious/noDocumentCookie: the server sets hasCart with the new cart
      document.cookie = 'hasCart=true';
      return added();
    });
    render(<ProductForm {...TEE} expressCheckout />);
    choose('Size', 'S');
    choose('Color', 'Black');
    await click();
    expect(requests[1].url).toBe('/api/commerce/shopping-cart/entries');
    expect(assign).toHaveBeenCalledWith('/commerce/goto-checkout');
    expect(events.at(-1)).toMatchObject({ expressCheckout: true });
    expect(events.at(-1)?.errorType).toBeUndefined();
  });

  it('refuses to go to checkout without the cart cookies', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    serve(added);
    render(<ProductForm {...TEE} expressCheckout />);
    choose('Size', 'S');
    choose('Color', 'Black');
    await click();
    await settle();
    const message =
      'Either your session has expired or you do not have cookies enabled. We cannot continue to checkout.';
    expect(alertText()).toBe(message);
    expect(screen.getByRole('alertdialog', { name: 'Unable to Purchase Item' }).textContent).toContain(
      message,
    );
    expect(assign).not.toHaveBeenCalled();
    expect(events.at(-1)?.errorType).toBe('EXPRESS_CHECKOUT_FAILURE');
  });

  it("titles an add failure 'Unable to Purchase Item'", async () => {
    serve(() => jsonResponse({ message: 'Nope.' }, 400));
    render(<ProductForm {...TEE} expressCheckout />);
    choose('Size', 'S');
    choose('Color', 'Black');
    await click();
    await settle();
    expect(screen.getByRole('alertdialog', { name: 'Unable to Purchase Item' })).toBeTruthy();
  });
});

describe('ProductForm subscription', () => {
  const SUB: Partial<ProductFormProps> = {
    isSubscribable: true,
    subscriptionOptionId: 'opt-1',
    addButtonText: '',
    showQuantity: false,
  };

  it("says 'Subscribe' and goes through the subscription call to subscription checkout", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { requests } = serve(() => jsonResponse({ data: { cartToken: 'tok 1' } }));
    render(<ProductForm {...TEE} {...SUB} />);
    expect(button().textContent).toBe('Subscribe');
    choose('Size', 'S');
    choose('Color', 'Black');
    await click();
    expect(requests[1]).toMatchObject({
      url: '/api/3/commerce/cart/subscription',
      method: 'POST',
      headers: { 'X-CSRF-Token': '0123456789abcdef0123456789abcdef' },
      body: { itemId: 'item-tee', sku: 'TEE-S-BLK', qty: 1, subscriptionOptionId: 'opt-1' },
    });
    expect(assign).toHaveBeenCalledWith('/checkout/subscribe?cartToken=tok%201');
    expect(events.at(-1)).toMatchObject({ subscriptionId: 'opt-1', addToCartText: 'Subscribe' });
  });

  it("shows the server's data.message when the subscription call fails", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    serve(() => jsonResponse({ data: { message: 'This subscription is not available.' } }, 400));
    render(<ProductForm {...TEE} {...SUB} subscriptionOptionId={null} />);
    choose('Size', 'S');
    choose('Color', 'Black');
    await click();
    await settle();
    expect(alertText()).toBe('This subscription is not available.');
    expect(screen.getByRole('alertdialog', { name: 'Unable to Add Item' })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect(events.at(-1)?.errorType).toBe('SUB_API_FAILURE');
  });

  it('offers every subscription option and sends the one chosen', async () => {
    vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { requests } = serve(() => jsonResponse({ data: { cartToken: 't' } }));
    const options = [
      { id: 'opt-1', title: 'Every month' },
      { id: 'opt-2', title: 'Every 2 months' },
    ];
    render(<ProductForm {...TEE} {...SUB} subscriptionOptions={options} />);
    choose('Subscription', 'opt-2');
    choose('Size', 'S');
    choose('Color', 'Black');
    await click();
    expect(requests[1].body).toMatchObject({ subscriptionOptionId: 'opt-2' });
    expect(events.at(-1)).toMatchObject({ subscriptionId: 'opt-2' });
  });

  it('omits subscriptionOptionId when the product has none', async () => {
    vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { requests } = serve(() => jsonResponse({ data: { cartToken: 't' } }));
    render(<ProductForm {...TEE} {...SUB} subscriptionOptionId={null} />);
    choose('Size', 'S');
    choose('Color', 'Black');
    await click();
    expect(requests[1].body).toEqual({ itemId: 'item-tee', sku: 'TEE-S-BLK', qty: 1 });
  });
});
