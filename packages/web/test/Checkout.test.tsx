import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Quote } from '../src/checkout/types';
import { Checkout, type CheckoutProps } from '../src/islands/Checkout';
import {
  deferred,
  fixedCoupon,
  jsonResponse,
  type RecordedRequest,
  setCrumbCookie,
  shippingOption,
  stubFetch,
  wireQuote,
} from './helpers';

const usd = (cents: number) => ({ decimalValue: (cents / 100).toFixed(2), currency: 'USD' });

function makeQuote(overrides: Partial<Quote> = {}): Quote {
  return wireQuote({
    currency: 'USD',
    items: [
      {
        itemId: 'item-tee',
        sku: 'SQ-TEE-M-BLK',
        productName: 'Classic Tee',
        variant: '',
        productType: 1,
        quantity: 2,
        unitPrice: usd(2500),
        lineTotal: usd(5000),
      },
    ],
    subtotalCents: 5000,
    discountCents: 0,
    shippingCostCents: 0,
    taxCents: 0,
    grandTotalCents: 5000,
    giftCardAppliedCents: 0,
    amountDueCents: 5000,
    shippingOptions: [],
    selectedShippingOption: null,
    applicableTaxRules: [],
    validCoupons: [],
    invalidCoupons: [],
    giftCard: null,
    giftCardError: null,
    requiresShipping: true,
    ...overrides,
  });
}

const DIGITAL = makeQuote({
  items: [
    {
      itemId: 'item-ebook',
      sku: 'EBOOK',
      productName: 'E-book',
      variant: '',
      productType: 2,
      quantity: 1,
      unitPrice: usd(1200),
      lineTotal: usd(1200),
    },
  ],
  subtotalCents: 1200,
  grandTotalCents: 1200,
  amountDueCents: 1200,
  requiresShipping: false,
});

const CART_PROPS: CheckoutProps = { source: { kind: 'cart' }, quote: makeQuote(), locale: 'en-US' };

beforeEach(() => setCrumbCookie('crumb-1'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function type(label: string | RegExp, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

function fillPayment(cardNumber = '4242 4242 4242 4242') {
  type('Card number', cardNumber);
  fireEvent.change(screen.getByLabelText('Expiry month'), { target: { value: '12' } });
  fireEvent.change(screen.getByLabelText('Expiry year'), {
    target: { value: String(new Date().getFullYear() + 2) },
  });
  type('CVC', '123');
  type('Name on card', 'Ann Lee');
}

function fillUsAddress() {
  type('First name', 'Ann');
  type('Last name', 'Lee');
  type('Address', '1 Main St');
  type('City', 'Springfield');
  fireEvent.change(screen.getByLabelText('State'), { target: { value: 'IL' } });
  type('ZIP code', '62701');
}

function errorOf(label: string): string | null {
  const control = screen.getByLabelText(label);
  const ids = (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-error'));
  return ids.length > 0 ? document.getElementById(ids[0])!.textContent : null;
}

function placeOrderButton() {
  return screen.getByRole('button', { name: /Place order|Placing order…/ }) as HTMLButtonElement;
}

describe('Checkout steps', () => {
  it('asks no address of a digital-only order', () => {
    render(<Checkout source={{ kind: 'cart' }} quote={DIGITAL} locale="en-US" />);
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Shipping address' })).toBeNull();
    expect(screen.queryByLabelText('Country')).toBeNull();
    expect(screen.getByLabelText('Card number')).toBeTruthy();
  });

  it('labels a US address with State and ZIP code and lists the states', () => {
    render(<Checkout {...CART_PROPS} />);
    const country = screen.getByLabelText('Country') as HTMLSelectElement;
    expect(country.value).toBe('US');
    expect(country.options).toHaveLength(12);
    const state = screen.getByLabelText('State') as HTMLSelectElement;
    expect(within(state).getByRole('option', { name: 'Illinois' })).toBeTruthy();
    expect(screen.getByLabelText('ZIP code')).toBeTruthy();
  });

  it("rejects the ZIP code '1234' with the spec's message, tied to the field and focused", async () => {
    const { requests } = stubFetch(() => jsonResponse(makeQuote()));
    render(<Checkout {...CART_PROPS} />);
    type('Email', 'ann@example.com');
    fillUsAddress();
    type('ZIP code', '1234');
    fillPayment();
    fireEvent.click(placeOrderButton());
    await settle();
    expect(errorOf('ZIP code')).toBe('ZIP Codes need to be 5 digits');
    expect(screen.getByLabelText('ZIP code').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('ZIP code'));
    expect(requests.filter((r) => r.url === '/api/commerce/orders')).toHaveLength(0);
  });

  it('clears the postal-code error when the country changes', async () => {
    stubFetch(() => jsonResponse(makeQuote()));
    render(<Checkout {...CART_PROPS} />);
    type('Email', 'ann@example.com');
    fillUsAddress();
    type('ZIP code', '1234');
    fireEvent.click(placeOrderButton());
    await settle();
    expect(errorOf('ZIP code')).toBe('ZIP Codes need to be 5 digits');
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'CA' } });
    expect(errorOf('Postal code')).toBeNull();
    expect(screen.getByLabelText('Postal code').getAttribute('aria-invalid')).toBeNull();
  });

  it('warns, without refusing, when a US ZIP does not match the state', async () => {
    const { requests } = stubFetch(() => jsonResponse(makeQuote()));
    render(<Checkout {...CART_PROPS} />);
    fillUsAddress();
    const warning = () =>
      document.getElementById('checkout-shippingAddress-postalCode-warning')?.textContent ?? null;
    expect(warning()).toBeNull();
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'CA' } });
    type('ZIP code', '10001');
    expect(warning()).toBe('This ZIP code does not look like one in California. Please check it.');
    expect(screen.getByLabelText('ZIP code').getAttribute('aria-describedby')).toContain('warning');
    await settle();
    // Still a complete address: it is quoted.
    expect(requests.some((r) => r.url === '/api/commerce/checkout/quote')).toBe(true);
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'NY' } });
    expect(warning()).toBeNull();
  });

  it('switches to Canada: Province/territory, the provinces and the FSA rule', async () => {
    stubFetch(() => jsonResponse(makeQuote()));
    render(<Checkout {...CART_PROPS} />);
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'CA' } });
    const province = screen.getByLabelText('Province/territory') as HTMLSelectElement;
    expect(within(province).getByRole('option', { name: 'Ontario' })).toBeTruthy();
    expect(screen.queryByLabelText('State')).toBeNull();
    type('Email', 'ann@example.com');
    type('Postal code', 'D1A');
    fireEvent.click(placeOrderButton());
    await settle();
    expect(errorOf('Postal code')).toBe('An FSA code is invalid');
    expect(errorOf('Province/territory')).toBe('Required');
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
  });

  it("names the country's region and postal code (Ireland: Eircode, County), asking for the whole code", () => {
    render(<Checkout {...CART_PROPS} />);
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'IE' } });
    expect(screen.getByLabelText('County')).toBeTruthy();
    // The shipping-zone hint ('only the first three characters') is for the owner's zones, not an address.
    expect(screen.getByLabelText('Eircode').getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText(/Enter only/)).toBeNull();
  });

  it('checks the email with the site-form rule', async () => {
    render(<Checkout source={{ kind: 'cart' }} quote={DIGITAL} locale="en-US" />);
    type('Email', 'not-an-email');
    fireEvent.click(placeOrderButton());
    await settle();
    expect(errorOf('Email')).toBe(
      'Email is not valid. Email addresses should follow the format user@domain.com.',
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('shows the test-mode notice with the test cards', () => {
    render(<Checkout source={{ kind: 'cart' }} quote={DIGITAL} locale="en-US" />);
    expect(document.querySelector('.checkout-test-mode')!.textContent).toContain('4242 4242 4242 4242');
  });

  it('says before payment that a subscription recurs, in its plan wording', () => {
    render(
      <Checkout
        source={{ kind: 'subscription', cartToken: 'tok-1' }}
        quote={makeQuote({ planText: '$22.00 every month' })}
        locale="en-US"
      />,
    );
    expect(document.querySelector('.checkout-plan')!.textContent).toBe('Subscription: $22.00 every month');
    cleanup();
    render(<Checkout {...CART_PROPS} />);
    expect(document.querySelector('.checkout-plan')).toBeNull();
  });

  it('shows the server error instead of a form when nothing could be priced', () => {
    render(<Checkout source={{ kind: 'cart' }} quote={null} error="Your cart is empty." />);
    expect(screen.getByRole('alert').textContent).toBe('Your cart is empty.');
    expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();
  });
});

describe('Checkout quote', () => {
  const SHIPPING = makeQuote({
    shippingOptions: [
      shippingOption('standard', 'Standard', 500),
      shippingOption('express', 'Express', 1500),
    ],
    selectedShippingOption: shippingOption('standard', 'Standard', 500),
    shippingCostCents: 500,
    taxCents: 440,
    grandTotalCents: 5940,
    amountDueCents: 5940,
  });

  it('quotes the complete address and then the chosen shipping option, showing the live totals', async () => {
    const express = makeQuote({
      ...SHIPPING,
      selectedShippingOption: shippingOption('express', 'Express', 1500),
      shippingCostCents: 1500,
      grandTotalCents: 6940,
      amountDueCents: 6940,
    });
    const { requests } = stubFetch((request: RecordedRequest) =>
      jsonResponse(
        (request.body as { shippingOptionId?: string }).shippingOptionId === 'express' ? express : SHIPPING,
      ),
    );
    render(<Checkout {...CART_PROPS} />);
    fillUsAddress();
    await settle();
    const last = requests[requests.length - 1];
    expect(last).toMatchObject({
      method: 'POST',
      url: '/api/commerce/checkout/quote',
      body: {
        source: { kind: 'cart' },
        shippingAddress: {
          firstName: 'Ann',
          lastName: 'Lee',
          line1: '1 Main St',
          city: 'Springfield',
          region: 'IL',
          postalCode: '62701',
          country: 'US',
        },
      },
    });
    expect(document.querySelector('.checkout-grand-total')!.textContent).toBe('$59.40');
    fireEvent.click(screen.getByRole('radio', { name: /Express/ }));
    await settle();
    expect(requests[requests.length - 1].body).toMatchObject({ shippingOptionId: 'express' });
    expect(document.querySelector('.checkout-grand-total')!.textContent).toBe('$69.40');
    expect((screen.getByRole('radio', { name: /Express/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('applies coupons and shows the refused ones with their reason', async () => {
    const quoted = makeQuote({
      discountCents: 500,
      grandTotalCents: 4500,
      amountDueCents: 4500,
      validCoupons: [fixedCoupon('SAVE5')],
      invalidCoupons: [
        { code: 'OLD', reason: 'expired', message: 'This coupon has expired.', coupon: fixedCoupon('OLD') },
      ],
    });
    const { requests } = stubFetch(() => jsonResponse(quoted));
    render(<Checkout {...CART_PROPS} />);
    type('Coupon code', 'SAVE5');
    fireEvent.click(screen.getAllByRole('button', { name: 'Apply' })[0]);
    await settle();
    expect(requests[0].body).toEqual({ source: { kind: 'cart' }, couponCodes: ['SAVE5'] });
    expect(document.querySelector('.checkout-coupon-invalid .checkout-coupon-reason')!.textContent).toBe(
      'This coupon has expired.',
    );
    expect(screen.getByText('−$5.00')).toBeTruthy();
  });

  it('applies a gift card and shows what it pays; a refused code shows beside the field', async () => {
    const paid = makeQuote({
      giftCard: { code: 'GC-1', balance: usd(2000), applied: usd(2000) },
      giftCardAppliedCents: 2000,
      amountDueCents: 3000,
    });
    const refused = makeQuote({ giftCardError: 'That gift card code is not valid.' });
    const { requests } = stubFetch((request) =>
      jsonResponse((request.body as { giftCardCode?: string }).giftCardCode === 'GC-1' ? paid : refused),
    );
    render(<Checkout {...CART_PROPS} />);
    type('Gift card code', 'NOPE');
    fireEvent.click(screen.getAllByRole('button', { name: 'Apply' })[1]);
    await settle();
    expect(errorOf('Gift card code')).toBe('That gift card code is not valid.');
    type('Gift card code', 'GC-1');
    fireEvent.click(screen.getAllByRole('button', { name: 'Apply' })[1]);
    await settle();
    expect(requests[1].body).toMatchObject({ giftCardCode: 'GC-1' });
    expect(document.querySelector('.checkout-gift-card-applied')!.textContent).toBe('$20.00 applied');
    expect(document.querySelector('.checkout-amount-due')!.textContent).toBe('$30.00');
  });

  it('shows only the latest quote when answers arrive out of order', async () => {
    const slow = deferred<Response>();
    const { requests } = stubFetch(() =>
      requests.length === 1 ? slow.promise : jsonResponse(makeQuote({ grandTotalCents: 4000 })),
    );
    render(<Checkout {...CART_PROPS} />);
    type('Coupon code', 'A');
    fireEvent.click(screen.getAllByRole('button', { name: 'Apply' })[0]);
    type('Coupon code', 'B');
    fireEvent.click(screen.getAllByRole('button', { name: 'Apply' })[0]);
    await settle();
    slow.resolve(jsonResponse(makeQuote({ grandTotalCents: 9900 })));
    await settle();
    expect(document.querySelector('.checkout-grand-total')!.textContent).toBe('$40.00');
  });
});
