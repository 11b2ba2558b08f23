import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type RecordedRequest, setCrumbCookie } from '../helpers';
import { renderArea, stubServer, type Who } from './area';

beforeEach(() => setCrumbCookie('crumb-123'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MANAGER: Who = { role: 8, roleName: 'store manager', permissions: ['products.read', 'restock.manage'] };
const PATH = '/api/site-users/account/notifications/restock';

const group = (variantId: string, variantText: string, waitingCount: number) => ({
  productId: 'mug',
  variantId,
  sku: `MUG-${variantId}`,
  productName: 'Mug',
  variantText,
  waitingCount,
  notifiedCount: 0,
  inStock: true,
});

function restockServer() {
  const sends: RecordedRequest[] = [];
  const groupPages: (string | null)[] = [];
  stubServer(MANAGER, {
    [`GET ${PATH}/groups`]: (request) => {
      const cursor = new URL(request.url, 'http://x').searchParams.get('cursor');
      groupPages.push(cursor);
      return cursor
        ? jsonResponse({ signUpGroups: [group('ash', 'Ash', 1)], hasNextPage: false, nextPageCursor: null })
        : jsonResponse({
            signUpGroups: [group('juniper', 'Juniper', 2), group('sand', 'Sand', 3)],
            hasNextPage: true,
            nextPageCursor: 'next-1',
          });
    },
    [`POST ${PATH}/send`]: (request) => {
      sends.push(request);
      return jsonResponse({ productId: 'mug', variantId: 'juniper', sent: 2 });
    },
    [`POST ${PATH}/send/all`]: (request) => {
      sends.push(request);
      return jsonResponse({ results: [], sent: 4 });
    },
  });
  return { sends, groupPages };
}

describe('the restock tools', () => {
  it('pages the waitlists by cursor and sends to one variant', async () => {
    const { sends, groupPages } = restockServer();
    renderArea('/config/restock');
    await screen.findByRole('link', { name: 'Mug — Juniper' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    });
    await screen.findByRole('link', { name: 'Mug — Ash' });
    // The first page without a cursor, the next with the one it answered.
    expect(groupPages[0]).toBeNull();
    expect(groupPages.at(-1)).toBe('next-1');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Notify the waitlist of Mug — Juniper' }));
    });
    await vi.waitFor(() => expect(sends).toHaveLength(1));
    expect(sends[0].url).toBe(`${PATH}/send`);
    expect(sends[0].body).toEqual({ productId: 'mug', variantId: 'juniper' });
    expect(await screen.findByText('2 emails are on their way.')).toBeTruthy();
  });

  it('sends to the selected variants together', async () => {
    const { sends } = restockServer();
    renderArea('/config/restock');
    fireEvent.click(await screen.findByLabelText('Select Mug — Juniper'));
    fireEvent.click(screen.getByLabelText('Select Mug — Sand'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Notify selected (2)' }));
    });
    await vi.waitFor(() => expect(sends).toHaveLength(1));
    expect(sends[0].url).toBe(`${PATH}/send/all`);
    expect(sends[0].body).toEqual({
      sendRequests: [
        { productId: 'mug', variantId: 'juniper' },
        { productId: 'mug', variantId: 'sand' },
      ],
    });
    expect(await screen.findByText('4 emails are on their way.')).toBeTruthy();
  });
});
