import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type RecordedRequest, setCrumbCookie } from '../helpers';
import { BILLING, renderArea, stubServer, type Who } from './area';

beforeEach(() => setCrumbCookie('crumb-123'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const summary = (id: string, email: string, testMode = false) => ({
  id,
  number: id === 'ord_1' ? '#1001' : '#1002',
  created: Date.UTC(2026, 10, 20, 12),
  email,
  status: 'paid',
  fulfilmentStatus: 'unfulfilled',
  testMode,
  currency: 'USD',
  grandTotalCents: 4500,
  amountPaidCents: 4500,
  refundedCents: 0,
});

const ORDER = {
  ...summary('ord_1', 'shopper@example.com'),
  source: 'cart',
  items: [
    {
      itemId: 'i1',
      sku: 'MUG',
      productName: 'Mug',
      productType: 1,
      quantity: 2,
      unitPriceCents: 2000,
      lineTotalCents: 4000,
      additionalFields: null,
      variantOptions: { Size: 'Large', Glaze: 'Sage' },
    },
  ],
  subtotalCents: 4000,
  discountCents: 0,
  shippingCents: 500,
  taxCents: 0,
  giftCardCents: 0,
  refundableCents: 4500,
  restocked: false,
  couponCodes: [],
  shippingAddress: {
    firstName: 'Sam',
    lastName: 'Shopper',
    line1: '1 Main St',
    city: 'Springfield',
    postalCode: '12345',
    country: 'US',
  },
  billingAddress: {
    firstName: 'Bo',
    lastName: 'Payer',
    line1: '10 Downing St',
    city: 'London',
    postalCode: 'SW1A2AA',
    country: 'GB',
  },
  phone: '+44 20 7946 0958',
  note: 'Leave it with the neighbour.',
  shippingOption: { id: 'std', name: 'Standard', costCents: 500 },
  payment: { provider: 'test', reference: 'pay_1' },
  downloads: [],
  giftCards: [],
  refunds: [],
  fulfilments: [],
  emails: [
    {
      id: 'm1',
      template: 'order-confirmation',
      to: 'shopper@example.com',
      status: 'sent',
      created: 1,
      sent: 2,
    },
  ],
  statusUrl: 'http://shop.test/orders/ord_1?token=t',
};

function ordersServer(who: Who, refund?: (request: RecordedRequest) => Response) {
  const lists: URLSearchParams[] = [];
  const refunds: RecordedRequest[] = [];
  stubServer(who, {
    'GET /api/config/orders': (request) => {
      lists.push(new URL(request.url, 'http://x').searchParams);
      return jsonResponse({
        orders: [summary('ord_1', 'shopper@example.com'), summary('ord_2', 'other@example.com', true)],
        total: 120,
        page: Number(new URL(request.url, 'http://x').searchParams.get('page') ?? 1),
        pageSize: 50,
      });
    },
    'GET /api/config/orders/ord_1': () => jsonResponse({ order: ORDER }),
    'POST /api/config/orders/ord_1/refund': (request) => {
      refunds.push(request);
      return refund ? refund(request) : jsonResponse({ order: { ...ORDER, refundedCents: 1250 } });
    },
  });
  return { lists, refunds };
}

describe('the orders list', () => {
  it('sends the filters to the server, keeps them in the address and offers them to the CSV export', async () => {
    const { lists } = ordersServer(BILLING);
    const router = renderArea('/config/orders');
    await screen.findByRole('link', { name: '#1001' });
    expect(screen.getByText('120 orders')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'shopper@' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'partially_refunded' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    fireEvent.change(screen.getByLabelText('Test mode'), { target: { value: 'false' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    });
    await vi.waitFor(() => expect(lists.at(-1)?.get('q')).toBe('shopper@'));
    const last = lists.at(-1) as URLSearchParams;
    expect(Object.fromEntries(last)).toEqual({
      page: '1',
      q: 'shopper@',
      status: 'partially_refunded',
      from: '2026-11-01',
      to: '2026-11-30',
      test: 'false',
    });
    expect(router.state.location.search).toContain('status=partially_refunded');
    const csv = screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href') ?? '';
    expect(csv.startsWith('/api/config/orders.csv?')).toBe(true);
    expect(Object.fromEntries(new URLSearchParams(csv.split('?')[1]))).toEqual({
      status: 'partially_refunded',
      from: '2026-11-01',
      to: '2026-11-30',
      test: 'false',
      q: 'shopper@',
    });
  });

  it('refuses an end date before the start date inline, with the server’s words, and asks nothing', async () => {
    const { lists } = ordersServer(BILLING);
    renderArea('/config/orders');
    await screen.findByRole('link', { name: '#1001' });
    const asked = lists.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-02' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    });
    expect(await screen.findByText('The end date must not be before the start date.')).toBeTruthy();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(lists).toHaveLength(asked);
  });

  it('pages through the list, and a new filter starts again at its first page', async () => {
    const { lists } = ordersServer(BILLING);
    const router = renderArea('/config/orders?status=paid');
    await screen.findByText('Page 1 of 3');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    });
    await screen.findByText('Page 2 of 3');
    expect(lists.at(-1)?.get('page')).toBe('2');
    expect(lists.at(-1)?.get('status')).toBe('paid');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'fulfilled' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    });
    await vi.waitFor(() => expect(lists.at(-1)?.get('status')).toBe('fulfilled'));
    expect(lists.at(-1)?.get('page')).toBe('1');
    expect(router.state.location.search).toBe('?status=fulfilled');
  });
});

describe('an order’s drawer', () => {
  it('opens at its own address with items, totals, address and emails', async () => {
    ordersServer(BILLING);
    renderArea('/config/orders/ord_1');
    const drawer = await screen.findByRole('dialog', { name: 'Order #1001' });
    await within(drawer).findByText(/Mug/);
    expect(within(drawer).getByText(/1 Main St/)).toBeTruthy();
    expect(within(drawer).getByText(/Large \/ Sage/)).toBeTruthy();
    // The billing address as written in its country, the phone and the customer's note.
    expect(within(drawer).getByText(/London SW1A 2AA/)).toBeTruthy();
    expect(within(drawer).getByText(/United Kingdom/)).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: '+44 20 7946 0958' }).getAttribute('href')).toBe(
      'tel:+442079460958',
    );
    expect(within(drawer).getByText('Leave it with the neighbour.')).toBeTruthy();
    expect(within(drawer).getByText(/order-confirmation/)).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Resend confirmation' })).toBeTruthy();
  });

  it('shows a role that may only read orders no actions', async () => {
    ordersServer({ role: 3, roleName: 'reporting', permissions: ['orders.read'] });
    renderArea('/config/orders/ord_1');
    const drawer = await screen.findByRole('dialog', { name: 'Order #1001' });
    await within(drawer).findByText(/Mug/);
    expect(within(drawer).queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Mark fulfilled' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Resend confirmation' })).toBeNull();
  });
});

describe('the refund form', () => {
  async function openRefund(refund?: (request: RecordedRequest) => Response) {
    const server = ordersServer(BILLING, refund);
    renderArea('/config/orders/ord_1');
    const drawer = await screen.findByRole('dialog', { name: 'Order #1001' });
    await within(drawer).findByText(/Mug/);
    return { ...server, drawer };
  }
  const submit = async (drawer: HTMLElement) =>
    act(async () => {
      fireEvent.click(within(drawer).getByRole('button', { name: 'Refund' }));
    });

  it('asks for an amount or the whole order, with the server’s schema’s words', async () => {
    const { drawer, refunds } = await openRefund();
    await submit(drawer);
    expect(
      await within(drawer).findByText('Enter an amount to refund, or refund the whole order.'),
    ).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText('Amount to refund'), { target: { value: 'abc' } });
    await submit(drawer);
    expect(await within(drawer).findByText('Enter an amount of at least 0.01, in minor units.')).toBeTruthy();
    expect(within(drawer).getByLabelText('Amount to refund').getAttribute('aria-invalid')).toBe('true');
    expect(refunds).toHaveLength(0);
  });

  it('sends a part refund in minor units with the restock choice and the crumb', async () => {
    const { drawer, refunds } = await openRefund();
    fireEvent.change(within(drawer).getByLabelText('Amount to refund'), { target: { value: '12.50' } });
    fireEvent.click(within(drawer).getByLabelText('Put the items back in stock'));
    await submit(drawer);
    await vi.waitFor(() => expect(refunds).toHaveLength(1));
    expect(refunds[0].body).toEqual({ amountCents: 1250, restock: true });
    expect(refunds[0].headers['X-CSRF-Token']).toBe('crumb-123');
    expect(await within(drawer).findByText('Refunded; the shopper is emailed.')).toBeTruthy();
  });

  it('sends a whole refund without an amount', async () => {
    const { drawer, refunds } = await openRefund();
    fireEvent.click(within(drawer).getByLabelText('Refund everything left ($45.00)'));
    expect(within(drawer).queryByLabelText('Amount to refund')).toBeNull();
    await submit(drawer);
    await vi.waitFor(() => expect(refunds).toHaveLength(1));
    expect(refunds[0].body).toEqual({ whole: true, restock: false });
  });

  it('puts the server’s field error on the amount', async () => {
    const { drawer } = await openRefund(() =>
      jsonResponse(
        {
          message: 'A refund cannot be more than what is left of the amount paid.',
          errors: { amountCents: 'A refund cannot be more than what is left of the amount paid.' },
        },
        409,
      ),
    );
    fireEvent.change(within(drawer).getByLabelText('Amount to refund'), { target: { value: '99' } });
    await submit(drawer);
    const amount = within(drawer).getByLabelText('Amount to refund');
    await vi.waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(
      within(drawer).getByText('A refund cannot be more than what is left of the amount paid.'),
    ).toBeTruthy();
    expect(within(drawer).queryByRole('alert')).toBeNull();
  });
});
