import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountIslands } from '../src/islands';
import type { ProductFormProps } from '../src/islands/ProductForm';
import { QuickViewButton } from '../src/islands/QuickViewButton';
import { CENSUS_TIMEOUT_MS, recordQuickView } from '../src/islands/quick-view/census';
import type { QuickViewResponse } from '../src/islands/quick-view/types';
import { resetProductSelections } from '../src/product-store';
import {
  deferred,
  jsonResponse,
  markupShape,
  type RecordedRequest,
  setCrumbCookie,
  stubFetch,
} from './helpers';

const FORM: ProductFormProps = {
  itemId: 'item-tee',
  productType: 1,
  name: 'Classic Tee',
  currency: 'USD',
  options: [{ name: 'Size', values: ['S', 'M'] }],
  variants: [
    {
      sku: 'TEE-S',
      attributes: { Size: 'S' },
      priceCents: 2500,
      salePriceCents: 2000,
      onSale: true,
      qtyInStock: 4,
      unlimited: false,
    },
    {
      sku: 'TEE-M',
      attributes: { Size: 'M' },
      priceCents: 2500,
      salePriceCents: 2000,
      onSale: true,
      qtyInStock: 4,
      unlimited: false,
    },
  ],
  addButtonText: 'Add To Cart',
  soldOut: false,
  showQuantity: true,
};

const RESPONSE: QuickViewResponse = {
  item: {
    id: 'item-tee',
    name: 'Classic Tee',
    fullUrl: '/shop/p/classic-tee',
    images: [{ assetUrl: '/assets/tee.jpg', altText: 'A black tee' }],
    excerpt: 'Soft cotton.',
    price: {
      text: '$25.00',
      saleText: '$20.00',
      onSale: true,
      varied: false,
      fromText: '',
      salePriceLabel: 'Sale Price:',
      originalPriceLabel: 'Original Price:',
    },
    subscriptionText: '',
    badge: 'sale',
    badgeText: 'sale',
  },
  productForm: FORM,
};

const QUICK_VIEW_URL = '/api/commerce/quick-view/item-tee';
const CENSUS_URL = '/api/census/RecordQuickView/item-tee';

function routes(
  quickView: (r: RecordedRequest) => Response | Promise<Response> = () => jsonResponse(RESPONSE),
) {
  return stubFetch((request) => {
    if (request.url === CENSUS_URL) return new Response(null, { status: 204 });
    if (request.url === QUICK_VIEW_URL) return quickView(request);
    throw new Error(`unexpected ${request.url}`);
  });
}

const quickViewButton = () => screen.getByRole('button', { name: 'Quick View' });

async function openQuickView() {
  const button = quickViewButton();
  button.focus();
  await act(async () => {
    fireEvent.click(button);
  });
}

beforeEach(() => {
  resetProductSelections();
  setCrumbCookie('crumb-9');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('QuickViewButton', () => {
  it('renders the visible Quick View button for the card', () => {
    render(<QuickViewButton itemId="item-tee" />);
    const button = quickViewButton();
    expect(button.hidden).toBe(false);
    expect(button.className).toBe('product-quick-view-button');
    expect(button.getAttribute('type')).toBe('button');
    expect(button.getAttribute('data-item-id')).toBe('item-tee');
  });

  it('uses a custom text when given', () => {
    render(<QuickViewButton itemId="item-tee" text="Peek" />);
    expect(screen.getByRole('button', { name: 'Peek' })).toBeTruthy();
  });

  it('keeps the click from reaching the card', async () => {
    routes();
    const cardClick = vi.fn();
    render(
      // biome-ignore lint/a11y/noStaticElementInteractions: stands in for a theme's clickable card
      // biome-ignore lint/a11y/useKeyWithClickEvents: as above
      <div onClick={cardClick}>
        <QuickViewButton itemId="item-tee" />
      </div>,
    );
    await openQuickView();
    expect(cardClick).not.toHaveBeenCalled();
  });
});

describe('Quick view overlay', () => {
  it('loads the item and shows image, name, badge, price, excerpt, the product form and a link', async () => {
    const { requests } = routes();
    render(<QuickViewButton itemId="item-tee" />);
    await openQuickView();
    const dialog = await screen.findByRole('dialog', { name: 'Classic Tee' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const img = dialog.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/assets/tee.jpg');
    expect(img.getAttribute('alt')).toBe('A black tee');
    expect(dialog.querySelector('.product-badge')!.textContent).toBe('sale');
    expect(dialog.querySelector('.product-badge')!.classList.contains('product-badge--sale')).toBe(true);
    expect(dialog.querySelector('.product-price')!.innerHTML).toBe(
      '<span class="visually-hidden sf-visually-hidden">Sale Price:</span> <span class="sale-price">$20.00</span> <span class="visually-hidden sf-visually-hidden">Original Price:</span> <del class="original-price">$25.00</del>',
    );
    expect(screen.getByText('Soft cotton.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View full details' }).getAttribute('href')).toBe(
      '/shop/p/classic-tee',
    );
    expect(await screen.findByRole('button', { name: 'Add To Cart' })).toBeTruthy();
    expect(screen.getByLabelText('Size')).toBeTruthy();

    const load = requests.find((r) => r.url === QUICK_VIEW_URL)!;
    expect(load.method).toBe('GET');
    expect(load.credentials).toBe('same-origin');
  });

  it("shows the chosen variant's price", async () => {
    const variants = [FORM.variants[0], { ...FORM.variants[1], priceCents: 3000, onSale: false }];
    routes(() => jsonResponse({ ...RESPONSE, productForm: { ...FORM, variants } }));
    render(<QuickViewButton itemId="item-tee" />);
    await openQuickView();
    const dialog = await screen.findByRole('dialog', { name: 'Classic Tee' });
    fireEvent.change(await screen.findByLabelText('Size'), { target: { value: 'M' } });
    await waitFor(() => expect(dialog.querySelector('.product-price')!.textContent).toBe('$30.00'));
  });

  it('shows the restock form for a sold-out variant where the merchant shows it in the quick view', async () => {
    const variants = [{ ...FORM.variants[0], qtyInStock: 0 }, FORM.variants[1]];
    const restockForm = {
      productId: 'item-tee',
      variants: [
        { sku: 'TEE-S', variantId: 'TEE-S', attributes: { Size: 'S' }, soldOut: true },
        { sku: 'TEE-M', variantId: 'TEE-M', attributes: { Size: 'M' }, soldOut: false },
      ],
      messages: {
        buttonText: 'Sign Up',
        CTAText: 'Notify me when back in stock',
        placeholderText: 'Email Address',
        mailingListDescription: '',
      },
      mailingListSignUpEnabled: false,
      mailingListOptInByDefault: false,
      successText: 'Thanks!',
      shownByDefault: false,
    };
    routes(() => jsonResponse({ ...RESPONSE, productForm: { ...FORM, variants }, restockForm }));
    render(<QuickViewButton itemId="item-tee" />);
    await openQuickView();
    const dialog = await screen.findByRole('dialog', { name: 'Classic Tee' });
    fireEvent.change(await screen.findByLabelText('Size'), { target: { value: 'S' } });
    await waitFor(() => expect(dialog.textContent).toContain('Notify me when back in stock'));
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: 'M' } });
    await waitFor(() => expect(dialog.textContent).not.toContain('Notify me when back in stock'));
  });

  it('leaves the restock form out when the merchant does not show it in the quick view', async () => {
    routes(() => jsonResponse({ ...RESPONSE, restockForm: null }));
    render(<QuickViewButton itemId="item-tee" />);
    await openQuickView();
    const dialog = await screen.findByRole('dialog', { name: 'Classic Tee' });
    await screen.findByLabelText('Size');
    expect(dialog.querySelector('.product-restock, details')).toBeNull();
  });

  it('shows the loading state until the item arrives', async () => {
    const answer = deferred<Response>();
    routes(() => answer.promise);
    render(<QuickViewButton itemId="item-tee" />);
    await openQuickView();
    const dialog = await screen.findByRole('dialog', { name: 'Quick View' });
    expect(dialog.querySelector('.quick-view-loading')!.textContent).toBe('Loading…');
    expect(screen.getByRole('status')).toBeTruthy();
    await act(async () => answer.resolve(jsonResponse(RESPONSE)));
    expect(await screen.findByRole('dialog', { name: 'Classic Tee' })).toBeTruthy();
    expect(dialog.querySelector('.quick-view-loading')).toBeNull();
  });

  it('shows the from price when variants differ in price, the plain price when not on sale', async () => {
    const item = {
      ...RESPONSE.item,
      price: { ...RESPONSE.item.price, onSale: false, fromText: 'from $10.00' },
    };
    routes(() => jsonResponse({ ...RESPONSE, item }));
    render(<QuickViewButton itemId="item-tee" />);
    await openQuickView();
    const dialog = await screen.findByRole('dialog', { name: 'Classic Tee' });
    expect(dialog.querySelector('.product-price')!.textContent).toBe('from $10.00');
    cleanup();

    const plain = { ...RESPONSE.item, badge: null, price: { ...RESPONSE.item.price, onSale: false } };
    routes(() => jsonResponse({ ...RESPONSE, item: plain }));
    render(<QuickViewButton itemId="item-tee" />);
    await openQuickView();
    const second = await screen.findByRole('dialog', { name: 'Classic Tee' });
    expect(second.querySelector('.product-price')!.textContent).toBe('$25.00');
    expect(second.querySelector('.product-badge')).toBeNull();
  });

  it("words a subscription's price with its plan ('every month')", async () => {
    const item = { ...RESPONSE.item, subscriptionText: '$22.00 every month' };
    routes(() => jsonResponse({ ...RESPONSE, item }));
    render(<QuickViewButton itemId="item-tee" />);
    await openQuickView();
    const dialog = await screen.findByRole('dialog', { name: 'Classic Tee' });
    expect(dialog.querySelector('.product-price')!.textContent).toBe('$22.00 every month');
  });

  it('records the view for the census with no body, once per opening', async () => {
    const { requests } = routes();
    render(<QuickViewButton itemId="item-tee" />);
    await openQuickView();
    await screen.findByRole('dialog', { name: 'Classic Tee' });
    const census = requests.filter((r) => r.url === CENSUS_URL);
    expect(census).toHaveLength(1);
    expect(census[0].method).toBe('POST');
    expect(census[0].body).toBeUndefined();
    expect(census[0].headers['X-CSRF-Token']).toBe('crumb-9');

    act(() => {
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    });
    await openQuickView();
    await waitFor(() => expect(requests.filter((r) => r.url === CENSUS_URL)).toHaveLength(2));
    // The item is kept from the first opening.
    expect(requests.filter((r) => r.url === QUICK_VIEW_URL)).toHaveLength(1);
  });

  it('ignores census failures', async () => {
    stubFetch((request) => {
      if (request.url === CENSUS_URL) throw new TypeError('Failed to fetch');
      return jsonResponse(RESPONSE);
    });
    render(<QuickViewButton itemId="item-tee" />);
    await openQuickView();
    expect(await screen.findByRole('dialog', { name: 'Classic Tee' })).toBeTruthy();
  });

  it('gives up on the census after its timeout', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const fetchMock = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const done = recordQuickView('item-tee');
    expect(fetchMock.mock.calls[0][0]).toBe(CENSUS_URL);
    await vi.advanceTimersByTimeAsync(CENSUS_TIMEOUT_MS - 1);
    expect(signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal!.aborted).toBe(true);
    await expect(done).resolves.toBeUndefined();
  });

  it('offers a retry when loading fails', async () => {
    let fail = true;
    const { requests } = routes(() =>
      fail ? jsonResponse({ message: 'nope' }, 404) : jsonResponse(RESPONSE),
    );
    render(<QuickViewButton itemId="item-tee" />);
    await openQuickView();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Unable to load. Try again.');
    fail = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again.' }));
    });
    expect(await screen.findByRole('dialog', { name: 'Classic Tee' })).toBeTruthy();
    expect(requests.filter((r) => r.url === QUICK_VIEW_URL)).toHaveLength(2);
  });

  it('closes on Escape and returns focus to the Quick View button', async () => {
    routes();
    render(<QuickViewButton itemId="item-tee" />);
    await openQuickView();
    await screen.findByRole('dialog', { name: 'Classic Tee' });
    act(() => {
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    });
    expect(document.activeElement).toBe(quickViewButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('QuickViewButton server markup (docs/quick-view.md)', () => {
  it('is the server button without hidden', () => {
    const { container } = render(<QuickViewButton itemId="item-tee" />);
    const host = document.createElement('div');
    host.innerHTML =
      '<button type="button" class="product-quick-view-button" data-item-id="item-tee" hidden>Quick View</button>';
    const server = host.firstElementChild!;
    expect(server.hasAttribute('hidden')).toBe(true);
    server.removeAttribute('hidden');
    expect(markupShape(container.firstElementChild!)).toEqual(markupShape(server));
  });
});

describe('QuickViewButton island', () => {
  it('mounts from the server markup and shows the button', async () => {
    document.body.innerHTML =
      '<div class="product-quick-view" data-island="QuickViewButton" data-props="{&quot;itemId&quot;:&quot;item-tee&quot;}"><button type="button" class="product-quick-view-button" data-item-id="item-tee" hidden>Quick View</button></div>';
    let roots: Root[] = [];
    await act(async () => {
      roots = await mountIslands(document);
    });
    expect(quickViewButton().hidden).toBe(false);
    act(() => {
      for (const root of roots) root.unmount();
    });
    document.body.innerHTML = '';
  });
});
