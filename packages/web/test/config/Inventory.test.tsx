import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type RecordedRequest, setCrumbCookie } from '../helpers';
import { renderArea, STORE_MANAGER, stubServer } from './area';

beforeEach(() => setCrumbCookie('crumb-123'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (sku: string, attributes: Record<string, string>, qtyInStock: number) => ({
  productId: 'tee',
  productName: 'Tee',
  productType: 1,
  sku,
  attributes,
  qtyInStock,
  unlimited: false,
  level: qtyInStock > 0 ? 'in' : 'out',
  editable: true,
});

const STOCK = [
  row('TEE-S', { Size: 'S' }, 3),
  row('TEE-M', { Size: 'M' }, 0),
  row('TEE-L', { Size: 'L' }, 7),
];

function inventoryServer() {
  const patches: RecordedRequest[] = [];
  stubServer(STORE_MANAGER, {
    'GET /api/config/inventory': () => jsonResponse({ variants: STOCK }),
    'PATCH /api/config/inventory': (request) => {
      patches.push(request);
      return jsonResponse({ variants: STOCK });
    },
  });
  return patches;
}

describe('the inventory table', () => {
  it('saves a stock figure edited in place when Enter is pressed', async () => {
    const patches = inventoryServer();
    renderArea('/config/inventory');
    const cell = (await screen.findByLabelText('Stock of Tee — M')) as HTMLInputElement;
    expect(cell.value).toBe('0');
    fireEvent.change(cell, { target: { value: '12' } });
    await act(async () => {
      fireEvent.keyDown(cell, { key: 'Enter' });
    });
    await vi.waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0].body).toEqual({ changes: [{ sku: 'TEE-M', set: 12 }] });
    expect(patches[0].headers['X-CSRF-Token']).toBe('crumb-123');
  });

  it('adjusts the selected variants together', async () => {
    const patches = inventoryServer();
    renderArea('/config/inventory');
    fireEvent.click(await screen.findByLabelText('Select Tee — S'));
    fireEvent.click(screen.getByLabelText('Select Tee — L'));
    expect(screen.getByText('2 variants selected')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Adjust stock by'), { target: { value: '-2' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    });
    await vi.waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0].body).toEqual({
      changes: [
        { sku: 'TEE-S', adjust: -2 },
        { sku: 'TEE-L', adjust: -2 },
      ],
    });
    await vi.waitFor(() => expect(screen.queryByText('2 variants selected')).toBeNull());
  });

  it('shows the server’s refusal beside the change', async () => {
    stubServer(STORE_MANAGER, {
      'GET /api/config/inventory': () => jsonResponse({ variants: STOCK }),
      'PATCH /api/config/inventory': () =>
        jsonResponse(
          { message: 'No stock was changed.', errors: { 'changes.0.adjust': 'would go below 0' } },
          400,
        ),
    });
    renderArea('/config/inventory');
    fireEvent.click(await screen.findByLabelText('Select Tee — M'));
    fireEvent.change(screen.getByLabelText('Adjust stock by'), { target: { value: '-1' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe('No stock was changed.');
  });
});
