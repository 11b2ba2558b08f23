import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigation } from '../src/checkout/navigation';
import type { Quote } from '../src/checkout/types';
import { Checkout } from '../src/islands/Checkout';
import {
  deferred,
  jsonResponse,
  type RecordedRequest,
  setCrumbCookie,
  stubFetch,
  wireQuote,
} from './helpers';

const usd = (cents: number) => ({ decimalValue: (cents / 100).toFixed(2), currency: 'USD' });

const GIFT_CARD_QUOTE: Quote = wireQuote({
  currency: 'USD',
  items: [
    {
      itemId: 'item-gift',
      sku: 'GC-50',
      productName: 'Gift Card',
      variant: '',
      productType: 4,
      quantity: 1,
      unitPrice: usd(5000),
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
  requiresShipping: false,
});

const GIFT_CARD_SOURCE = { kind: 'gift-card', giftCardProductId: 'item-gift', sku: 'GC-50' } as const;
const ORDERS_URL = '/api/commerce/orders';
const CONFIRMATION = '/commerce/orders/o_1/confirmation?token=abc';
const PLACED = { order: { id: 'o_1' }, confirmationUrl: CONFIRMATION };

let assign: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  setCrumbCookie('crumb-1');
  assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
});

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

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const EXP_YEAR = new Date().getFullYear() + 2;

function fill(cardNumber: string) {
  type('Email', ' ann@example.com ');
  type('Card number', cardNumber);
  type('Expiry month', '12');
  type('Expiry year', String(EXP_YEAR));
  type('CVC', '123');
  type('Name on card', 'Ann Lee');
}

function placeOrder() {
  fireEvent.click(screen.getByRole('button', { name: /Place order|Placing order…/ }));
}

function orders(requests: RecordedRequest[]) {
  return requests.filter((r) => r.url === ORDERS_URL);
}

function renderGiftCard() {
  return render(<Checkout source={GIFT_CARD_SOURCE} quote={GIFT_CARD_QUOTE} locale="en-US" />);
}

describe('Checkout place order', () => {
  it('sends a gift-card order with the card and goes to the confirmation page', async () => {
    const { requests } = stubFetch(() => jsonResponse(PLACED, 201));
    renderGiftCard();
    expect(screen.queryByLabelText('Country')).toBeNull();
    fill('4242 4242 4242 4242');
    placeOrder();
    await settle();
    const [order] = orders(requests);
    expect(order).toMatchObject({
      method: 'POST',
      headers: { 'X-CSRF-Token': 'crumb-1' },
      body: {
        source: { kind: 'gift-card', giftCardProductId: 'item-gift', sku: 'GC-50' },
        email: 'ann@example.com',
        payment: {
          cardNumber: '4242424242424242',
          expMonth: 12,
          expYear: EXP_YEAR,
          cvc: '123',
          name: 'Ann Lee',
        },
      },
    });
    expect((order.body as { idempotencyKey: string }).idempotencyKey.length).toBeGreaterThanOrEqual(8);
    expect((order.body as Record<string, unknown>).shippingAddress).toBeUndefined();
    expect(assign).toHaveBeenCalledWith(CONFIRMATION);
  });

  it('is disabled while placing, so a double click sends one order', async () => {
    const answer = deferred<Response>();
    const { requests } = stubFetch(() => answer.promise);
    renderGiftCard();
    fill('4242 4242 4242 4242');
    placeOrder();
    placeOrder();
    const button = screen.getByRole('button', { name: 'Placing order…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    answer.resolve(jsonResponse(PLACED, 201));
    await settle();
    expect(orders(requests)).toHaveLength(1);
  });

  it('keeps the idempotency key when retrying after no answer came', async () => {
    let attempt = 0;
    const { requests } = stubFetch(() => {
      attempt += 1;
      return attempt === 1 ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse(PLACED, 201);
    });
    renderGiftCard();
    fill('4242 4242 4242 4242');
    placeOrder();
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Please check your internet connection.');
    placeOrder();
    await settle();
    const [first, second] = orders(requests).map(
      (r) => (r.body as { idempotencyKey: string }).idempotencyKey,
    );
    expect(second).toBe(first);
    expect(assign).toHaveBeenCalledWith(CONFIRMATION);
  });

  it('keeps the key after a server error too (the order may have been made)', async () => {
    let attempt = 0;
    const { requests } = stubFetch(() => {
      attempt += 1;
      return attempt === 1 ? new Response('', { status: 503 }) : jsonResponse(PLACED, 201);
    });
    renderGiftCard();
    fill('4242 4242 4242 4242');
    placeOrder();
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Please try again.');
    placeOrder();
    await settle();
    const keys = orders(requests).map((r) => (r.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys[1]).toBe(keys[0]);
  });

  it("shows a declined card's message as an alert, and the next attempt is a new one", async () => {
    let attempt = 0;
    const { requests } = stubFetch(() => {
      attempt += 1;
      return attempt === 1
        ? jsonResponse({ message: 'Your card was declined.', code: 'declined' }, 402)
        : jsonResponse(PLACED, 201);
    });
    renderGiftCard();
    fill('4000 0000 0000 0002');
    placeOrder();
    await settle();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Your card was declined.');
    expect(document.activeElement).toBe(alert);
    expect(assign).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4000 0000 0000 0002');
    type('Card number', '4242 4242 4242 4242');
    placeOrder();
    await settle();
    const keys = orders(requests).map((r) => (r.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('names the item that ran out of stock', async () => {
    stubFetch(() =>
      jsonResponse(
        {
          message: 'Sorry, we do not have enough of that item available.',
          type: 'OUT_OF_STOCK',
          itemName: 'Classic Tee',
        },
        409,
      ),
    );
    renderGiftCard();
    fill('4242 4242 4242 4242');
    placeOrder();
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(
      'Classic Tee: Sorry, we do not have enough of that item available.',
    );
  });

  it("puts the server's field errors at their fields and focuses the first", async () => {
    stubFetch(() =>
      jsonResponse(
        {
          message: 'One or more fields is invalid, please check your entries.',
          errors: { 'payment.cvc': 'Enter the 3 or 4 digit security code.' },
        },
        400,
      ),
    );
    renderGiftCard();
    fill('4242 4242 4242 4242');
    placeOrder();
    await settle();
    const cvc = screen.getByLabelText('CVC');
    expect(cvc.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(cvc.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Enter the 3 or 4 digit security code.',
    );
    expect(document.activeElement).toBe(cvc);
  });

  it('requires the card fields before sending anything', async () => {
    const { requests } = stubFetch(() => jsonResponse(PLACED, 201));
    renderGiftCard();
    type('Email', 'ann@example.com');
    placeOrder();
    await settle();
    expect(orders(requests)).toHaveLength(0);
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Card number'));
  });

  it('sends no card when a gift card pays the whole order', async () => {
    const { requests } = stubFetch(() => jsonResponse(PLACED, 201));
    render(
      <Checkout
        source={{ kind: 'subscription', cartToken: 'tok-1' }}
        quote={{ ...GIFT_CARD_QUOTE, amountDueCents: 0, giftCardAppliedCents: 5000 }}
        locale="en-US"
      />,
    );
    expect(screen.queryByLabelText('Card number')).toBeNull();
    type('Email', 'ann@example.com');
    placeOrder();
    await settle();
    const [order] = orders(requests);
    expect(order.body).toMatchObject({ source: { kind: 'subscription', cartToken: 'tok-1' } });
    expect((order.body as Record<string, unknown>).payment).toBeUndefined();
  });
});

describe('pay-later beside the card', () => {
  const PAY_LATER_QUOTE: Quote = {
    ...GIFT_CARD_QUOTE,
    items: [
      { ...GIFT_CARD_QUOTE.items[0], itemId: 'item-lamp', sku: 'LAMP', productName: 'Lamp', productType: 1 },
    ],
    payLater: { available: true, brand: 'Afterpay', count: 4, scheduleCents: [1250, 1250, 1250, 1250] },
  };
  const PAYMENT_URL = '/checkout/pay-later/test/tpl_1';

  it('asks for no card, shows the plan, sends the method and goes to the provider', async () => {
    const { requests } = stubFetch(() => jsonResponse({ ...PLACED, paymentUrl: PAYMENT_URL }, 201));
    render(<Checkout source={{ kind: 'cart' }} quote={PAY_LATER_QUOTE} locale="en-US" />);
    fireEvent.click(screen.getByRole('radio', { name: /Afterpay/ }));
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.getAllByText('$12.50')).toHaveLength(4);
    expect(screen.getByText(/4 interest-free payments of \$12.50/)).toBeTruthy();
    type('Email', 'ann@example.com');
    placeOrder();
    await settle();
    const [sent] = orders(requests);
    expect(sent.body).toMatchObject({ paymentMethod: 'pay-later', email: 'ann@example.com' });
    expect(sent.body).not.toHaveProperty('payment');
    expect(assign).toHaveBeenCalledWith(PAYMENT_URL);
  });

  it('says why an order cannot be paid later', () => {
    const reason = 'Afterpay is available for orders over $35.00.';
    const quote: Quote = { ...PAY_LATER_QUOTE, payLater: { available: false, brand: 'Afterpay', reason } };
    render(<Checkout source={{ kind: 'cart' }} quote={quote} locale="en-US" />);
    expect(screen.queryByRole('radio', { name: /Afterpay/ })).toBeNull();
    expect(screen.getByText(reason)).toBeTruthy();
    expect(screen.getByLabelText('Card number')).toBeTruthy();
  });
});
