import { MODAL_ANIMATION_MS } from '@storefront/commerce';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountIslands } from '../src/islands';
import { Installments, type InstallmentsProps } from '../src/islands/Installments';
import { publishProductSelection, resetProductSelections } from '../src/product-store';
import { markupShape } from './helpers';

const US_CONTEXT = {
  afterPayAvailable: true,
  afterPayMin: 3500,
  afterPayMax: 200000,
  shopperLanguage: 'en-US',
  stripeAccountCountry: 'US',
};

const TEE: InstallmentsProps = {
  itemId: 'item-tee',
  productType: 1,
  isSubscribable: false,
  currency: 'USD',
  priceCents: 5000,
  context: US_CONTEXT,
};

function variant(priceCents: number, salePriceCents = 0, onSale = false) {
  return {
    sku: `SKU-${priceCents}`,
    attributes: {},
    priceCents,
    salePriceCents,
    onSale,
    qtyInStock: 3,
    unlimited: false,
  };
}

const message = () => document.querySelector('.installments-message')?.textContent ?? null;
const pill = () => document.querySelector<HTMLButtonElement>('.installments-pill')!;

beforeEach(() => {
  vi.useFakeTimers();
  resetProductSelections();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Installments message', () => {
  it('in range: the pill with the brand, said once (no second sentence beside it)', () => {
    render(<Installments {...TEE} />);
    expect(message()).toBeNull();
    expect(screen.getAllByText(/installments|payments/)).toHaveLength(1);
    expect(pill().textContent).toBe('or 4 installments with Afterpay');
    expect(pill().getAttribute('aria-haspopup')).toBe('dialog');
    expect(document.querySelector('.installments')!.getAttribute('data-kind')).toBe('in-range');
  });

  it('is branded Clearpay in GB', () => {
    render(
      <Installments
        {...TEE}
        currency="GBP"
        context={{ ...US_CONTEXT, stripeAccountCountry: 'GB', shopperLanguage: 'en-GB' }}
      />,
    );
    expect(pill().textContent).toBe('or 4 installments with Clearpay');
  });

  it('at or below the minimum: the pill reads the availability text', () => {
    render(<Installments {...TEE} priceCents={3500} />);
    expect(message()).toBeNull();
    expect(pill().textContent).toBe('Afterpay available for orders over $35.00');
    expect(document.querySelector('.installments')!.getAttribute('data-kind')).toBe('out-of-range');
  });

  it('above the maximum: available for orders up to the maximum; the maximum itself is in range', () => {
    const { rerender } = render(<Installments {...TEE} priceCents={200001} />);
    expect(pill().textContent).toBe('Afterpay available for orders up to $2,000.00');
    rerender(<Installments {...TEE} priceCents={200000} />);
    expect(pill().textContent).toBe('or 4 installments with Afterpay');
  });

  it.each([
    ['a subscribable product', { isSubscribable: true }],
    ['a digital product', { productType: 2 as const }],
    ['a service', { productType: 3 as const }],
    ['no provider for the store', { context: { ...US_CONTEXT, afterPayAvailable: false } }],
    ['an unsupported language', { context: { ...US_CONTEXT, shopperLanguage: 'fr' } }],
    ['an unsupported country', { context: { ...US_CONTEXT, stripeAccountCountry: 'DE' } }],
    ['no context', { context: null }],
    ['a sold-out product', { soldOut: true }],
  ])('shows nothing for %s', (_name, overrides) => {
    const { container } = render(<Installments {...TEE} {...overrides} />);
    expect(container.innerHTML).toBe('');
  });

  it('follows the variant the product form has chosen, at its sale price', () => {
    render(<Installments {...TEE} />);
    act(() => publishProductSelection({ itemId: 'item-tee', selectedVariant: variant(8000), quantity: 1 }));
    expect(pill().textContent).toBe('or 4 installments with Afterpay');
    act(() =>
      publishProductSelection({
        itemId: 'item-tee',
        selectedVariant: variant(8000, 3000, true),
        quantity: 1,
      }),
    );
    expect(message()).toBeNull();
    expect(pill().textContent).toBe('Afterpay available for orders over $35.00');
    // Back to the props price while no variant is chosen; other items' choices are ignored.
    act(() => publishProductSelection({ itemId: 'item-tee', selectedVariant: null, quantity: 1 }));
    act(() => publishProductSelection({ itemId: 'other', selectedVariant: variant(900000), quantity: 1 }));
    expect(pill().textContent).toBe('or 4 installments with Afterpay');
  });
});

describe('Installments popup', () => {
  const dialog = () => screen.queryByRole('dialog', { name: 'Pay in 4 with Afterpay' });

  it('opens from the pill with the provider explanation and the payment plan', async () => {
    render(<Installments {...TEE} priceCents={10001} />);
    await act(async () => {
      fireEvent.click(pill());
      await import('../src/ui/Dialog');
    });
    const popup = dialog()!;
    expect(popup.getAttribute('aria-modal')).toBe('true');
    expect(popup.textContent).toContain('4 interest-free payments');
    expect(popup.textContent).toContain('every 2 weeks');
    const plan = Array.from(popup.querySelectorAll('.installments-popup-schedule li')).map(
      (li) => li.textContent,
    );
    expect(plan).toEqual(['Today $25.01', 'In 2 weeks $25.00', 'In 4 weeks $25.00', 'In 6 weeks $25.00']);
  });

  it('names Clearpay in GB and shows no plan out of range', async () => {
    render(
      <Installments
        {...TEE}
        priceCents={1000}
        currency="GBP"
        context={{ ...US_CONTEXT, stripeAccountCountry: 'GB' }}
      />,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'About Clearpay' }));
      await import('../src/ui/Dialog');
    });
    const popup = screen.getByRole('dialog', { name: 'Pay in 4 with Clearpay' });
    expect(popup.textContent).toContain('Choose Clearpay as your payment method at checkout.');
    expect(popup.querySelector('.installments-popup-schedule')).toBeNull();
  });

  it('closes on Escape and returns focus to the pill', async () => {
    render(<Installments {...TEE} />);
    await act(async () => {
      fireEvent.click(pill());
      await import('../src/ui/Dialog');
    });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    act(() => {
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    });
    expect(document.activeElement).toBe(pill());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(MODAL_ANIMATION_MS);
    });
    expect(dialog()).toBeNull();
  });

  it('closes on the close button and returns focus to the info button', async () => {
    render(<Installments {...TEE} />);
    const info = screen.getByRole('button', { name: 'About Afterpay' });
    await act(async () => {
      fireEvent.click(info);
      await import('../src/ui/Dialog');
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
      await import('../src/ui/Dialog');
    });
    expect(document.activeElement).toBe(info);
  });

  it('closes on a click outside', async () => {
    render(<Installments {...TEE} />);
    await act(async () => {
      fireEvent.click(pill());
      await import('../src/ui/Dialog');
    });
    const backdrop = document.querySelector('.sf-dialog-backdrop')!;
    act(() => {
      fireEvent.pointerDown(backdrop);
      fireEvent.click(backdrop);
    });
    expect(backdrop.getAttribute('data-state')).toBe('closing');
    expect(document.activeElement).toBe(pill());
  });
});

describe('Installments server markup (docs/installments.md)', () => {
  function shapeOf(html: string) {
    const host = document.createElement('div');
    host.innerHTML = html;
    return markupShape(host.firstElementChild!);
  }

  it('matches the island in range', async () => {
    const { container } = render(<Installments {...TEE} />);
    const server =
      '<div class="installments" data-kind="in-range"><button type="button" class="installments-pill" aria-haspopup="dialog">or 4 installments with <span class="installments-brand">Afterpay</span></button><button type="button" class="installments-info" aria-label="About Afterpay" aria-haspopup="dialog"><svg class="installments-info-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" stroke-width="1.5"></circle><circle cx="8" cy="4.75" r="1" fill="currentColor"></circle><path d="M8 7v5" stroke="currentColor" stroke-width="1.5" stroke-linecap="round"></path></svg></button></div>';
    expect(markupShape(container.firstElementChild!)).toEqual(shapeOf(server));
  });

  it('matches the island out of range', async () => {
    const { container } = render(<Installments {...TEE} priceCents={1000} />);
    const server =
      '<div class="installments" data-kind="out-of-range"><button type="button" class="installments-pill" aria-haspopup="dialog"><span class="installments-brand">Afterpay</span> available for orders over $35.00</button><button type="button" class="installments-info" aria-label="About Afterpay" aria-haspopup="dialog"><svg class="installments-info-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" stroke-width="1.5"></circle><circle cx="8" cy="4.75" r="1" fill="currentColor"></circle><path d="M8 7v5" stroke="currentColor" stroke-width="1.5" stroke-linecap="round"></path></svg></button></div>';
    expect(markupShape(container.firstElementChild!)).toEqual(shapeOf(server));
  });
});

describe('Installments island', () => {
  const SERVER =
    '<div class="installments" data-kind="in-range"><button type="button" class="installments-pill" aria-haspopup="dialog">or 4 installments with <span class="installments-brand">Afterpay</span></button><button type="button" class="installments-info" aria-label="About Afterpay" aria-haspopup="dialog"></button></div>';

  async function mountPage(): Promise<Root> {
    const props = JSON.stringify(TEE).replace(/"/g, '&quot;');
    document.body.innerHTML = `<div data-island="Installments" data-props="${props}">${SERVER}</div>`;
    const mounted = new Promise<Root>((resolve) => {
      void mountIslands(document, resolve);
    });
    return mounted;
  }

  // The chunk loads and the popup opens on real time.
  beforeEach(() => {
    vi.useRealTimers();
  });

  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('keeps the server markup until the shopper comes near it, then mounts', async () => {
    const mounted = mountPage();
    const serverPill = pill();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(pill()).toBe(serverPill);
    let root: Root | undefined;
    await act(async () => {
      serverPill.dispatchEvent(new Event('pointerover', { bubbles: true }));
      root = await mounted;
    });
    expect(pill()).not.toBe(serverPill);
    expect(pill().textContent).toBe('or 4 installments with Afterpay');
    act(() => root?.unmount());
  });

  it('mounts when a product choice changes anywhere on the page', async () => {
    const mounted = mountPage();
    const serverPill = pill();
    let root: Root | undefined;
    await act(async () => {
      document.body.dispatchEvent(new Event('change', { bubbles: true }));
      root = await mounted;
    });
    expect(pill()).not.toBe(serverPill);
    act(() => root?.unmount());
  });

  it('replays a press that came before its code: the popup opens', async () => {
    const mounted = mountPage();
    let root: Root | undefined;
    await act(async () => {
      pill().click();
      root = await mounted;
    });
    expect(await screen.findByRole('dialog')).toBeTruthy();
    act(() => root?.unmount());
  });
});
