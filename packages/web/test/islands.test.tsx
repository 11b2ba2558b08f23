import { act, screen } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCart } from '../src/cart-store';
import { pageContext, readPageContext, setPageContext } from '../src/context';
import { mountIslands } from '../src/islands';
import { makeCart } from './helpers';

// The real widget needs Web Workers; what is tested here is when the island loads.
vi.mock('../src/islands/CommentCaptcha', () => ({ CommentCaptcha: () => <span>captcha widget</span> }));

/** HTML-attribute escaping as the server applies it to data-props. */
function attr(value: unknown): string {
  return JSON.stringify(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

let roots: Root[] = [];

async function mount() {
  await act(async () => {
    roots = await mountIslands(document);
  });
}

beforeEach(() => resetCart());

afterEach(() => {
  act(() => {
    for (const root of roots) root.unmount();
  });
  roots = [];
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** The footer sign-up block's island props, as the server renders them. */
const SIGN_UP_PROPS = {
  formId: 'newsletter',
  fields: [{ id: 'newsletter-email', type: 'email', title: 'Email Address', required: true }],
  action: '/api/form/submit/newsletter',
  successText: 'Thanks',
  postSubmitHtml: null,
  successRedirect: null,
  captcha: null,
  submitText: 'Sign Up',
  honeypotName: '_website',
  captchaErrorKey: '_captcha',
  values: {},
  errors: {},
  notice: '',
  newsletter: true,
  title: 'Newsletter',
  idPrefix: 'sf-footer',
};

describe('page context', () => {
  it('reads the embedded sf-context JSON', () => {
    document.body.innerHTML = `<script type="application/json" id="sf-context">{"websiteId":"w1","currency":"EUR","locale":"de-DE","pageType":50,"cartUrl":"/cart"}</script>`;
    expect(readPageContext(document)).toEqual({
      websiteId: 'w1',
      currency: 'EUR',
      locale: 'de-DE',
      pageType: 50,
      cartUrl: '/cart',
    });
  });

  it('falls back to defaults without a readable context', () => {
    document.body.innerHTML = `<script type="application/json" id="sf-context">{oops</script>`;
    expect(readPageContext(document)).toMatchObject({ currency: 'USD', locale: 'en-US', cartUrl: '/cart' });
  });
});

describe('mountIslands', () => {
  it('replaces the server markup of each island with the React component', async () => {
    const props = { totalQuantity: 2, subtotalCents: 5000, currency: 'USD' };
    document.body.innerHTML = `<div data-island="PillCart" data-props="${attr(props)}"><a class="pill-cart" href="/cart" aria-label="Cart, 2 items, $50.00"><span class="pill-cart-count">2</span><span class="pill-cart-subtotal">$50.00</span></a></div>`;
    const serverLink = document.querySelector('a.pill-cart');
    await mount();
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).not.toBe(serverLink);
    expect(links[0].getAttribute('aria-label')).toBe('Cart, 2 items, $50.00');
  });

  it('marks an island ready only once its render is on the page, not when its mounting starts', async () => {
    document.body.innerHTML = `<div data-island="CartPage" data-props="${attr({ cart: makeCart([]) })}"><p>server</p></div>`;
    const el = document.querySelector('[data-island]')!;
    let mounting!: Promise<Root[]>;
    act(() => {
      mounting = mountIslands(document);
    });
    // The cart page's code is still loading: the server markup is what a click reaches.
    expect(el.hasAttribute('data-island-mounted')).toBe(true);
    expect(el.hasAttribute('data-island-ready')).toBe(false);
    await act(async () => {
      roots = await mounting;
    });
    expect(screen.queryByText('server')).toBeNull();
    expect(el.hasAttribute('data-island-ready')).toBe(true);
  });

  it('uses the page locale from the context', async () => {
    setPageContext({ ...pageContext(), locale: 'de-DE' });
    try {
      document.body.innerHTML = `<div data-island="PillCart" data-props="${attr({ totalQuantity: 1, subtotalCents: 1999, currency: 'EUR' })}"></div>`;
      await mount();
      expect(document.querySelector('.pill-cart-subtotal')!.textContent).toBe('19,99\u00a0€');
    } finally {
      setPageContext({ ...pageContext(), locale: 'en-US' });
    }
  });

  it('decodes attribute-escaped props with quotes, ampersands and angle brackets', async () => {
    const cart = makeCart();
    cart.entries[0].title = 'Tee "Classic" & <Co>';
    document.body.innerHTML = `<div data-island="CartPage" data-props="${attr({ cart })}"></div>`;
    await mount();
    expect(screen.getByRole('link', { name: 'Tee "Classic" & <Co>' })).toBeTruthy();
  });

  it('loads the cart page island on demand', async () => {
    document.body.innerHTML = `<div data-island="CartPage" data-props="${attr({ cart: makeCart([]) })}"><p>server</p></div>`;
    await mount();
    expect(screen.getByText(/You have nothing in your shopping cart\./)).toBeTruthy();
    expect(screen.queryByText('server')).toBeNull();
  });

  it('mounts a block marked data-island-intent (the footer sign-up) only at first use, keeping what was typed', async () => {
    const props = SIGN_UP_PROPS;
    document.body.innerHTML = `<div data-island="SiteForm" data-island-intent data-props="${attr(props)}"><form class="site-form"><label for="sf-footer-newsletter-email">Email Address</label><input id="sf-footer-newsletter-email" type="email" name="newsletter-email" value=""><button type="submit">Sign Up</button></form></div>`;
    const serverInput = document.querySelector<HTMLInputElement>('input')!;
    let mounted: (root: Root) => void = () => {};
    const island = new Promise<Root>((resolve) => {
      mounted = resolve;
    });
    await act(async () => {
      roots = await mountIslands(document, mounted);
    });
    // Nothing mounted at load: the server's form is still the page's.
    expect(roots).toEqual([]);
    expect(document.querySelector('input')).toBe(serverInput);
    serverInput.value = 'early@example.com';
    await act(async () => {
      serverInput.focus();
      roots = [await island];
    });
    const input = screen.getByLabelText(/Email Address/) as HTMLInputElement;
    expect(input).not.toBe(serverInput);
    expect(input.id).toBe('sf-footer-newsletter-email');
    expect(input.value).toBe('early@example.com');
    expect(document.activeElement).toBe(input);
  });

  it('holds a footer sign-up sent before its island arrived, and sends the island’s form once it is there', async () => {
    document.body.innerHTML = `<div data-island="SiteForm" data-island-intent data-props="${attr({ ...SIGN_UP_PROPS })}"><form class="site-form"><label for="sf-footer-newsletter-email">Email Address</label><input id="sf-footer-newsletter-email" type="email" name="newsletter-email" value="fast@example.com"><button type="submit">Sign Up</button></form></div>`;
    const serverForm = document.querySelector('form')!;
    const resend = vi.spyOn(HTMLFormElement.prototype, 'requestSubmit').mockImplementation(() => {});
    let mounted: (root: Root) => void = () => {};
    const island = new Promise<Root>((resolve) => {
      mounted = resolve;
    });
    await act(async () => {
      roots = await mountIslands(document, mounted);
    });
    // The button pressed at once: the plain form is not sent (the page would be left)…
    const sent = new Event('submit', { cancelable: true });
    await act(async () => {
      serverForm.querySelector('input')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      serverForm.dispatchEvent(sent);
      roots = [await island];
    });
    expect(sent.defaultPrevented).toBe(true);
    // …the island's own form is sent instead, with what was typed.
    await new Promise((r) => setTimeout(r));
    expect(resend).toHaveBeenCalledTimes(1);
    const islandForm = resend.mock.contexts[0] as HTMLFormElement;
    expect(islandForm).not.toBe(serverForm);
    expect(islandForm.isConnected).toBe(true);
    expect((screen.getByLabelText(/Email Address/) as HTMLInputElement).value).toBe('fast@example.com');
    resend.mockRestore();
  });

  it('loads the comment captcha only when its form is used, holding a form sent before it arrived', async () => {
    const props = { captcha: { kind: 'altcha', challengeUrl: '/api/form/captcha-challenge' } };
    document.body.innerHTML = `<form id="comment-form"><input name="name"><div data-island="CommentCaptcha" data-props="${attr(props)}"></div><button type="submit">Post comment</button></form>`;
    const form = document.querySelector('form')!;
    const resend = vi.spyOn(form, 'requestSubmit').mockImplementation(() => {});
    let mounted: (root: Root) => void = () => {};
    const island = new Promise<Root>((resolve) => {
      mounted = resolve;
    });
    await act(async () => {
      roots = await mountIslands(document, mounted);
    });
    expect(screen.queryByText('captcha widget')).toBeNull();
    // The reader starts on the form and sends it at once: held, then sent again with the widget there.
    const sent = new Event('submit', { cancelable: true });
    await act(async () => {
      form.querySelector('input')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      form.dispatchEvent(sent);
      roots = [await island];
    });
    expect(sent.defaultPrevented).toBe(true);
    expect(screen.getByText('captcha widget')).toBeTruthy();
    await new Promise((r) => setTimeout(r));
    expect(resend).toHaveBeenCalledTimes(1);
    // Once there, the island holds nothing more.
    const later = new Event('submit', { cancelable: true });
    form.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });

  it('leaves unknown islands and unreadable props with their server markup', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.body.innerHTML = `<div data-island="Nope"><p>kept one</p></div><div data-island="PillCart" data-props="{broken"><p>kept two</p></div>`;
    await mount();
    expect(screen.getByText('kept one')).toBeTruthy();
    expect(screen.getByText('kept two')).toBeTruthy();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('keeps the options and quantity a shopper chose before the bundle loaded', async () => {
    const props = {
      itemId: 'item-tee',
      productType: 1,
      name: 'Tee',
      currency: 'USD',
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        {
          sku: 'S',
          attributes: { Size: 'S' },
          priceCents: 1,
          salePriceCents: 0,
          onSale: false,
          qtyInStock: 9,
          unlimited: false,
        },
        {
          sku: 'M',
          attributes: { Size: 'M' },
          priceCents: 1,
          salePriceCents: 0,
          onSale: false,
          qtyInStock: 9,
          unlimited: false,
        },
      ],
      addButtonText: 'Add To Cart',
      soldOut: false,
      showQuantity: true,
    };
    document.body.innerHTML = `<div data-island="ProductForm" data-props="${attr(props)}"><form class="product-form"><div class="variant-option"><label for="variant-option-Size">Size</label><select id="variant-option-Size" name="variant-option-Size" class="variant-select"><option value="">Select Size</option><option value="S">S</option><option value="M">M</option></select></div><div class="product-quantity-input"><label for="quantity">Quantity</label><input id="quantity" type="number" name="quantity" min="1" max="9999" step="1" value="1"></div></form></div>`;
    document.querySelector<HTMLSelectElement>('select')!.value = 'M';
    document.querySelector<HTMLInputElement>('#quantity')!.value = '3';
    await mount();
    expect(screen.getByLabelText<HTMLSelectElement>('Size').value).toBe('M');
    expect(screen.getByLabelText<HTMLInputElement>('Quantity').value).toBe('3');
  });

  it('never mounts the same element twice', async () => {
    document.body.innerHTML = `<div data-island="PillCart" data-props="${attr({ totalQuantity: 1, subtotalCents: 100, currency: 'USD' })}"></div>`;
    await mount();
    const first = roots;
    await mount();
    expect(roots).toHaveLength(0);
    roots = first;
  });
});
