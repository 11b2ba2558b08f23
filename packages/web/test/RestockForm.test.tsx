import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountIslands } from '../src/islands';
import { RestockForm, type RestockFormProps } from '../src/islands/RestockForm';
import { publishProductSelection, resetProductSelections } from '../src/product-store';
import { deferred, jsonResponse, markupShape, setCrumbCookie, stubFetch } from './helpers';

const PROPS: RestockFormProps = {
  productId: 'item-tee',
  variants: [
    { sku: 'TEE-S', variantId: 'v-s', attributes: { Size: 'S' }, soldOut: true },
    { sku: 'TEE-M', variantId: 'v-m', attributes: { Size: 'M' }, soldOut: false },
  ],
  messages: {
    buttonText: 'Sign Up',
    CTAText: 'Notify me when back in stock',
    placeholderText: 'Email Address',
    mailingListDescription: 'Also sign up for our newsletter',
  },
  mailingListSignUpEnabled: true,
  mailingListOptInByDefault: false,
  successText: 'Thanks! We will email you.',
  shownByDefault: true,
};

const ONE_SOLD_OUT: RestockFormProps = {
  ...PROPS,
  variants: [{ sku: 'MUG', variantId: 'v-mug', attributes: {}, soldOut: true }],
};

function choose(sku: string | null) {
  const variant =
    sku === null
      ? null
      : {
          sku,
          attributes: {},
          priceCents: 1000,
          salePriceCents: 0,
          onSale: false,
          qtyInStock: 0,
          unlimited: false,
        };
  act(() => publishProductSelection({ itemId: 'item-tee', selectedVariant: variant, quantity: 1 }));
}

const emailInput = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Email Address' });
const alertText = () => screen.getByRole('alert').textContent;

function type(value: string) {
  fireEvent.change(emailInput(), { target: { value } });
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
  });
}

beforeEach(() => {
  resetProductSelections();
  setCrumbCookie('crumb-123');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RestockForm visibility', () => {
  it('shows for a sold-out product', () => {
    render(<RestockForm {...ONE_SOLD_OUT} />);
    const input = emailInput();
    expect(input.type).toBe('text');
    expect(input.name).toBe('email');
    expect(input.placeholder).toBe('Email Address');
  });

  it('shows only while the chosen variant is sold out', () => {
    const { container } = render(<RestockForm {...PROPS} />);
    expect(container.innerHTML).toBe('');
    choose('TEE-S');
    expect(emailInput()).toBeTruthy();
    expect(container.querySelector<HTMLInputElement>('input[name="variantId"]')!.value).toBe('v-s');
    choose('TEE-M');
    expect(container.innerHTML).toBe('');
    choose(null);
    expect(container.innerHTML).toBe('');
  });

  it('is behind the CTA when not shown by default', () => {
    render(<RestockForm {...ONE_SOLD_OUT} shownByDefault={false} />);
    const details = document.querySelector('details.product-restock-disclosure') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(screen.getByText('Notify me when back in stock').tagName).toBe('SUMMARY');
    act(() => {
      details.open = true;
      details.dispatchEvent(new Event('toggle'));
    });
    expect(details.open).toBe(true);
    expect(document.activeElement).toBe(emailInput());
  });
});

describe('RestockForm submission', () => {
  it('needs an email: blank, then malformed', async () => {
    const { requests } = stubFetch(() => jsonResponse({}));
    render(<RestockForm {...ONE_SOLD_OUT} />);
    await submit();
    expect(alertText()).toBe('Email cannot be blank');
    expect(emailInput().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(emailInput());
    type('not-an-email');
    expect(alertText()).toBe('');
    await submit();
    expect(alertText()).toBe('Email is invalid');
    expect(requests).toHaveLength(0);
  });

  it('posts the waitlist payload with the crumb and shows the server success text in place of the form', async () => {
    const { requests } = stubFetch(() => jsonResponse({ message: 'You are on the list.' }));
    render(<RestockForm {...ONE_SOLD_OUT} />);
    type('  shopper@example.com ');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Also sign up for our newsletter' }));
    await submit();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      url: '/api/commerce/restock-notifications',
      method: 'POST',
      credentials: 'same-origin',
      body: {
        isJoinMailingList: true,
        productId: 'item-tee',
        siteVisitorEmail: 'shopper@example.com',
        variantId: 'v-mug',
        recaptchaEnterpriseV3Token: null,
      },
    });
    expect(requests[0].headers['X-CSRF-Token']).toBe('crumb-123');
    expect(document.querySelector('form')).toBeNull();
    const success = screen.getByText('You are on the list.');
    expect(success.className).toBe('product-restock-success');
    expect(document.activeElement).toBe(success);
  });

  it('uses the configured success text when the answer has no message', async () => {
    stubFetch(() => jsonResponse({}));
    render(<RestockForm {...ONE_SOLD_OUT} />);
    type('shopper@example.com');
    await submit();
    expect(screen.getByText('Thanks! We will email you.')).toBeTruthy();
  });

  it('joins the mailing list by default when configured, never when sign-up is off', async () => {
    const { requests } = stubFetch(() => jsonResponse({}));
    render(<RestockForm {...ONE_SOLD_OUT} mailingListOptInByDefault />);
    expect(screen.getByRole<HTMLInputElement>('checkbox').checked).toBe(true);
    type('a@example.com');
    await submit();
    cleanup();
    render(<RestockForm {...ONE_SOLD_OUT} mailingListSignUpEnabled={false} mailingListOptInByDefault />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    type('b@example.com');
    await submit();
    expect(requests.map((r) => (r.body as { isJoinMailingList: boolean }).isJoinMailingList)).toEqual([
      true,
      false,
    ]);
  });

  it('sends the chosen sold-out variant', async () => {
    const { requests } = stubFetch(() => jsonResponse({}));
    render(<RestockForm {...PROPS} />);
    choose('TEE-S');
    type('shopper@example.com');
    await submit();
    expect((requests[0].body as { variantId: string }).variantId).toBe('v-s');
  });

  it('asks for an option when several variants are sold out and none is chosen', async () => {
    const { requests } = stubFetch(() => jsonResponse({}));
    render(<RestockForm {...PROPS} variants={PROPS.variants.map((v) => ({ ...v, soldOut: true }))} />);
    type('shopper@example.com');
    await submit();
    expect(alertText()).toBe('Please select the Size option.');
    expect(requests).toHaveLength(0);
  });

  it('keeps the typed email, the tick and the open form when the shopper then chooses the variant', async () => {
    const { requests } = stubFetch(() => jsonResponse({}));
    const allOut = PROPS.variants.map((v) => ({ ...v, soldOut: true }));
    render(<RestockForm {...PROPS} shownByDefault={false} variants={allOut} />);
    const details = document.querySelector('details.product-restock-disclosure') as HTMLDetailsElement;
    act(() => {
      details.open = true;
      details.dispatchEvent(new Event('toggle'));
    });
    type('shopper@example.com');
    fireEvent.click(screen.getByRole('checkbox'));
    await submit();
    expect(alertText()).toBe('Please select the Size option.');
    choose('TEE-S');
    expect(emailInput().value).toBe('shopper@example.com');
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect((document.querySelector('details.product-restock-disclosure') as HTMLDetailsElement).open).toBe(
      true,
    );
    await submit();
    expect(requests[0]?.body).toMatchObject({ siteVisitorEmail: 'shopper@example.com', variantId: 'v-s' });
  });

  it('shows the server message on failure and keeps the form', async () => {
    stubFetch(() => jsonResponse({ message: 'You are already on the list.' }, 400));
    render(<RestockForm {...ONE_SOLD_OUT} />);
    type('shopper@example.com');
    await submit();
    expect(alertText()).toBe('You are already on the list.');
    expect(emailInput().value).toBe('shopper@example.com');
  });

  it.each([
    ['no message', () => jsonResponse({}, 500)],
    ['a body that is not JSON', () => new Response('oops', { status: 502 })],
    [
      'no answer',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('falls back to the waitlist failure text with %s', async (_name, respond) => {
    stubFetch(respond);
    render(<RestockForm {...ONE_SOLD_OUT} />);
    type('shopper@example.com');
    await submit();
    expect(alertText()).toBe('Unable to submit form. Please try again later.');
  });

  it('ignores a second submit while the first is on its way', async () => {
    const answer = deferred<Response>();
    const { requests } = stubFetch(() => answer.promise);
    render(<RestockForm {...ONE_SOLD_OUT} />);
    type('shopper@example.com');
    await submit();
    expect(screen.getByRole('button', { name: 'Sign Up' }).getAttribute('aria-disabled')).toBe('true');
    await submit();
    expect(requests).toHaveLength(1);
    await act(async () => answer.resolve(jsonResponse({ message: 'Done.' })));
    expect(screen.getByText('Done.')).toBeTruthy();
  });
});

describe('RestockForm server markup (docs/restock.md)', () => {
  const form = (variantId: string, mailingList: string) =>
    `<form class="product-restock-form" method="post" action="/api/commerce/restock-notifications"><input type="hidden" name="crumb" value="x"><input type="hidden" name="productId" value="item-tee"><input type="hidden" name="variantId" value="${variantId}"><div class="product-restock-fields"><input type="text" name="email" class="product-restock-email" placeholder="Email Address" aria-label="Email Address" autocomplete="email" inputmode="email" value=""><button type="submit" class="product-restock-submit">Sign Up</button></div>${mailingList}<p id="restock-message-item-tee" class="product-restock-message" role="alert"></p></form>`;
  const mailingList =
    '<label class="product-restock-mailing-list"><input type="checkbox" name="isJoinMailingList" value="true"> Also sign up for our newsletter</label>';

  function shapeOf(html: string) {
    const host = document.createElement('div');
    host.innerHTML = html;
    return markupShape(host.firstElementChild!);
  }

  it('matches the island when shown by default', () => {
    const { container } = render(<RestockForm {...ONE_SOLD_OUT} />);
    const server = `<div class="product-restock">${form('v-mug', mailingList)}</div>`;
    expect(markupShape(container.firstElementChild!)).toEqual(shapeOf(server));
  });

  it('matches the island behind the CTA, without the mailing list', () => {
    const { container } = render(
      <RestockForm {...ONE_SOLD_OUT} shownByDefault={false} mailingListSignUpEnabled={false} />,
    );
    const server = `<div class="product-restock"><details class="product-restock-disclosure"><summary class="product-restock-cta">Notify me when back in stock</summary>${form('v-mug', '')}</details></div>`;
    expect(markupShape(container.firstElementChild!)).toEqual(shapeOf(server));
  });

  it('leaves the variant empty when several variants are sold out', () => {
    const { container } = render(
      <RestockForm {...PROPS} variants={PROPS.variants.map((v) => ({ ...v, soldOut: true }))} />,
    );
    const server = `<div class="product-restock">${form('', mailingList)}</div>`;
    expect(markupShape(container.firstElementChild!)).toEqual(shapeOf(server));
  });
});

describe('RestockForm island', () => {
  it('takes over on focus, keeping what the shopper typed, ticked and where the focus was', async () => {
    const props = JSON.stringify(ONE_SOLD_OUT).replace(/"/g, '&quot;');
    document.body.innerHTML = `<div data-island="RestockForm" data-props="${props}"><div class="product-restock"><form><input type="text" name="email" value=""><label><input type="checkbox" name="isJoinMailingList" value="true"> Also sign up</label></form></div></div>`;
    const serverEmail = document.querySelector<HTMLInputElement>('input[name="email"]')!;
    const mounted = new Promise<Root>((resolve) => {
      void mountIslands(document, resolve);
    });
    serverEmail.value = 'early@example.com';
    document.querySelector<HTMLInputElement>('input[name="isJoinMailingList"]')!.checked = true;
    let root: Root | undefined;
    await act(async () => {
      serverEmail.focus();
      root = await mounted;
    });
    expect(emailInput()).not.toBe(serverEmail);
    expect(emailInput().value).toBe('early@example.com');
    expect(screen.getByRole<HTMLInputElement>('checkbox').checked).toBe(true);
    expect(document.activeElement).toBe(emailInput());
    act(() => root?.unmount());
    document.body.innerHTML = '';
  });
});
