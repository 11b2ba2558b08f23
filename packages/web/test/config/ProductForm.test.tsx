import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type RecordedRequest, setCrumbCookie } from '../helpers';
import { ADMIN, renderArea, stubServer, VIEWER } from './area';

beforeEach(() => setCrumbCookie('crumb-123'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const EMPTY_LIST = () => jsonResponse({ products: [], total: 0, page: 1, pageSize: 25 });
const COLLECTIONS = () => jsonResponse({ collections: [{ id: 'shop', title: 'Shop', fullUrl: '/shop' }] });

/** The messages a control's aria-describedby points at. */
const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .filter(Boolean);

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });
}

async function openNew() {
  renderArea('/config/products/new');
  // The editor is its own chunk: the first test of a run waits for it to load.
  return screen.findByRole('dialog', { name: 'New product' }, { timeout: 5000 });
}

describe('the product editor validates inline with the server’s schema', () => {
  it('shows each problem at its field and sends nothing', async () => {
    const { requests } = stubServer(ADMIN, {
      'GET /api/config/products': EMPTY_LIST,
      'GET /api/config/collections': COLLECTIONS,
    });
    await openNew();
    type('Address', 'Linen Shirt!');
    fireEvent.input(screen.getByLabelText('SKU of Default'), { target: { value: '' } });
    type('Price of Default', '12,50');
    await save();
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(name)).toEqual(['Must not be empty']);
    expect(describedBy(screen.getByLabelText('Address'))).toContain(
      'Must be lowercase letters and digits separated by single hyphens, e.g. "linen-shirt"',
    );
    expect(describedBy(screen.getByLabelText('SKU of Default'))).toEqual(['Must not be empty']);
    expect(describedBy(screen.getByLabelText('Price of Default'))).toEqual([
      'Must be a decimal string such as "25.00" (no sign, no symbol)',
    ]);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('clears a field’s error once it is put right', async () => {
    stubServer(ADMIN, { 'GET /api/config/products': EMPTY_LIST, 'GET /api/config/collections': COLLECTIONS });
    await openNew();
    await save();
    expect(describedBy(screen.getByLabelText('Name'))).toEqual(['Must not be empty']);
    await act(async () => {
      type('Name', 'Linen Shirt');
    });
    await vi.waitFor(() => expect(describedBy(screen.getByLabelText('Name'))).toEqual([]));
    expect((screen.getByLabelText('Address') as HTMLInputElement).value).toBe('linen-shirt');
  });

  it('makes one variant per option value and posts the product with the crumb', async () => {
    let posted: RecordedRequest | null = null;
    stubServer(ADMIN, {
      'GET /api/config/products': EMPTY_LIST,
      'GET /api/config/collections': COLLECTIONS,
      'POST /api/config/products': (request) => {
        posted = request;
        return jsonResponse({ product: { id: 'p_new' } }, 201);
      },
      'GET /api/config/products/p_new': () => jsonResponse({ message: 'Not found' }, 404),
    });
    await openNew();
    type('Name', 'Linen Shirt');
    type('Price of Default', '45.00');
    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    type('Option 1 name', 'Size');
    await act(async () => {
      type('Option 1 values', 'S, M');
    });
    const variants = screen.getByRole('table', { name: 'Variants' });
    await vi.waitFor(() =>
      expect(
        within(variants)
          .getAllByRole('rowheader')
          .map((c) => c.textContent),
      ).toEqual(['S', 'M']),
    );
    expect((screen.getByLabelText('SKU of M') as HTMLInputElement).value).toBe('LINEN-SHIRT-M');
    expect((screen.getByLabelText('Price of M') as HTMLInputElement).value).toBe('45.00');
    type('Stock of S', '4');
    fireEvent.click(screen.getByLabelText('Unlimited of M'));
    await save();
    await vi.waitFor(() => expect(posted).not.toBeNull());
    const request = posted as unknown as RecordedRequest;
    expect(request.headers['X-CSRF-Token']).toBe('crumb-123');
    expect(request.body).toMatchObject({
      name: 'Linen Shirt',
      urlSlug: 'linen-shirt',
      collectionId: 'shop',
      productType: 1,
      variantOptionOrdering: ['Size'],
      variants: [
        { sku: 'LINEN-SHIRT-S', attributes: { Size: 'S' }, price: '45.00', qtyInStock: 4, unlimited: false },
        { sku: 'LINEN-SHIRT-M', attributes: { Size: 'M' }, price: '45.00', unlimited: true },
      ],
    });
  });

  it('sends the questions at add-to-cart, subscription options and restock texts, ids made from their names', async () => {
    let posted: RecordedRequest | null = null;
    stubServer(ADMIN, {
      'GET /api/config/products': EMPTY_LIST,
      'GET /api/config/collections': COLLECTIONS,
      'POST /api/config/products': (request) => {
        posted = request;
        return jsonResponse({ product: { id: 'p_new' } }, 201);
      },
      'GET /api/config/products/p_new': () => jsonResponse({ message: 'Not found' }, 404),
    });
    await openNew();
    type('Name', 'Walnut Board');
    type('SKU of Default', 'WB-1');
    type('Price of Default', '55.00');
    await act(async () => {
      fireEvent.click(screen.getByLabelText('Sold as a subscription'));
    });
    for (const n of [1, 2]) {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Add a subscription option' }));
      });
      type(`Subscription option ${n} name`, 'Monthly');
    }
    // Turning the questions on starts with one to fill.
    await act(async () => {
      fireEvent.click(screen.getByLabelText('Ask shoppers questions'));
    });
    const first = await screen.findByRole('group', { name: 'Question 1' });
    fireEvent.input(within(first).getByLabelText('Label'), { target: { value: 'Engraving' } });
    await act(async () => {
      fireEvent.change(within(first).getByLabelText('Kind'), { target: { value: 'select' } });
    });
    fireEvent.input(within(first).getByLabelText('Choices'), { target: { value: 'Serif\n Script \n' } });
    fireEvent.click(within(first).getByLabelText('Required'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    });
    const second = screen.getByRole('group', { name: 'Question 2' });
    fireEvent.input(within(second).getByLabelText('Label'), { target: { value: 'Engraving' } });
    type('Button text', 'Tell me');
    await act(async () => {
      fireEvent.click(screen.getByLabelText('Offer to join the mailing list too'));
    });
    type('Mailing-list checkbox text', 'News too');
    await save();
    await vi.waitFor(() => expect(posted).not.toBeNull());
    const body = (posted as unknown as RecordedRequest).body as Record<string, any>;
    expect(body.productSubscriptionOptions).toEqual([
      { id: 'monthly', title: 'Monthly' },
      { id: 'monthly-2', title: 'Monthly' },
    ]);
    expect(body.additionalFieldsForm).toEqual({
      fields: [
        { id: 'engraving', title: 'Engraving', type: 'select', required: true, options: ['Serif', 'Script'] },
        { id: 'engraving-2', title: 'Engraving', type: 'text', required: false },
      ],
    });
    expect(body.merchandising).toMatchObject({
      restockNotificationMessages: { buttonText: 'Tell me', mailingListDescription: 'News too' },
      mailingListSignUpEnabled: true,
      mailingListOptInByDefault: false,
    });
    // Many fields typed one by one: slower than the 5 s default on a busy machine.
  }, 20_000);

  it('shows the server’s rule failures at their fields', async () => {
    stubServer(ADMIN, {
      'GET /api/config/products': EMPTY_LIST,
      'GET /api/config/collections': COLLECTIONS,
      'POST /api/config/products': () =>
        jsonResponse(
          {
            message: 'variants[0].sku: is already used by another product',
            errors: { 'variants[0].sku': 'is already used by another product' },
          },
          400,
        ),
    });
    await openNew();
    type('Name', 'Linen Shirt');
    type('SKU of Default', 'LS-1');
    await save();
    await vi.waitFor(() =>
      expect(describedBy(screen.getByLabelText('SKU of Default'))).toEqual([
        'is already used by another product',
      ]),
    );
  });

  it('shows a donation’s amounts and keeps them through a save', async () => {
    const product = {
      id: 'p9',
      published: true,
      fullUrl: '/shop/p/give',
      imagePreviews: [],
      collectionId: 'shop',
      urlSlug: 'give',
      name: 'Give',
      productType: 3,
      donation: { minCents: 500, maxCents: 50_000, presetsCents: [1000, 2500] },
      variants: [{ sku: 'GIVE', priceCents: 0, unlimited: true }],
    };
    let put: RecordedRequest | null = null;
    stubServer(ADMIN, {
      'GET /api/config/products': EMPTY_LIST,
      'GET /api/config/products/p9': () => jsonResponse({ product }),
      'PUT /api/config/products/p9': (request) => {
        put = request;
        return jsonResponse({ product });
      },
    });
    renderArea('/config/products/p9');
    await screen.findByRole('dialog', { name: 'Give' }, { timeout: 5000 });
    expect((screen.getByLabelText('Donation') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Smallest amount') as HTMLInputElement).value).toBe('5.00');
    expect((screen.getByLabelText('Largest amount') as HTMLInputElement).value).toBe('500.00');
    expect((screen.getByLabelText('Suggested amounts') as HTMLInputElement).value).toBe('10.00, 25.00');
    // Saved unchanged, the donation goes back as it came.
    await save();
    await vi.waitFor(() => expect(put).not.toBeNull());
    expect((put as unknown as RecordedRequest).body).toMatchObject({
      name: 'Give',
      donation: { minCents: 500, maxCents: 50_000, presetsCents: [1000, 2500] },
    });
    put = null;
    type('Smallest amount', 'five');
    await save();
    await vi.waitFor(() =>
      expect(describedBy(screen.getByLabelText('Smallest amount'))).toEqual([
        'Empty: $1.00.',
        'Must be an amount, like 5 or 5.00',
      ]),
    );
    expect(put).toBeNull();
    type('Smallest amount', '7.50');
    type('Suggested amounts', '10, 20.5');
    await save();
    await vi.waitFor(() => expect(put).not.toBeNull());
    expect((put as unknown as RecordedRequest).body).toMatchObject({
      donation: { minCents: 750, maxCents: 50_000, presetsCents: [1000, 2050] },
    });
  });

  it('opens read-only for a viewer', async () => {
    stubServer(VIEWER, {
      'GET /api/config/products': EMPTY_LIST,
      'GET /api/config/products/p1': () =>
        jsonResponse({
          product: {
            id: 'p1',
            published: true,
            fullUrl: '/shop/p/linen-shirt',
            imagePreviews: [],
            collectionId: 'shop',
            urlSlug: 'linen-shirt',
            name: 'Linen Shirt',
            productType: 1,
            variants: [{ sku: 'LS-S', attributes: { Size: 'S' }, price: '45.00', qtyInStock: 3 }],
          },
        }),
    });
    renderArea('/config/products/p1');
    await screen.findByRole('dialog', { name: 'Linen Shirt' });
    // A disabled fieldset holds every field (happy-dom does not pass the state down to :disabled).
    expect(screen.getByLabelText('Name').closest('fieldset[disabled]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unpublish' })).toBeNull();
    expect((screen.getByLabelText('Option 1 values') as HTMLInputElement).value).toBe('S');
  });

  it.each([
    [
      'the server’s reason',
      () =>
        jsonResponse(
          {
            message: 'Unable to Upload File',
            errors: { file: 'Only JPEG, PNG, WebP and GIF images can be uploaded.' },
          },
          415,
        ),
      'Only JPEG, PNG, WebP and GIF images can be uploaded.',
    ],
    [
      'spec §8’s Network error when nothing answers',
      () => Promise.reject(new TypeError('offline')),
      'Network error',
    ],
  ])('says why an upload failed: %s', async (_case, answer, detail) => {
    stubServer(ADMIN, {
      'GET /api/config/products': EMPTY_LIST,
      'GET /api/config/collections': COLLECTIONS,
      'POST /api/config/media': answer,
    });
    await openNew();
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Add images'), {
        target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
      });
    });
    const alert = await screen.findByRole('alert');
    expect([...alert.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Unable to Upload File',
      detail,
    ]);
  });
});
