import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, addCartEntry, fetchCart } from '../src/api';
import { jsonResponse, makeCart, setCrumbCookie, stubFetch } from './helpers';

beforeEach(() => setCrumbCookie('feedfacefeedfacefeedfacefeedface'));
afterEach(() => vi.unstubAllGlobals());

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('API client', () => {
  it('GETs the cart with same-origin credentials and the crumb header', async () => {
    const cart = makeCart();
    const { requests } = stubFetch(() => jsonResponse(cart));
    await expect(fetchCart()).resolves.toEqual(cart);
    expect(requests[0]).toMatchObject({
      url: '/api/commerce/shopping-cart',
      method: 'GET',
      credentials: 'same-origin',
      body: undefined,
      headers: { 'X-CSRF-Token': 'feedfacefeedfacefeedfacefeedface', Accept: 'application/json' },
    });
    expect(requests[0].headers['Content-Type']).toBeUndefined();
  });

  it('turns an error body into message and type', async () => {
    stubFetch(() =>
      jsonResponse(
        {
          message: 'Sorry, that item variant is unavailable. Please select another variant.',
          type: 'VARIANT_UNAVAILABLE',
        },
        409,
      ),
    );
    const error = await failure(addCartEntry({ itemId: 'i', sku: 's', quantity: 1, additionalFields: null }));
    expect(error.message).toBe('Sorry, that item variant is unavailable. Please select another variant.');
    expect(error.type).toBe('VARIANT_UNAVAILABLE');
    expect(error.status).toBe(409);
  });

  it('passes the session-expired message of a crumb failure through', async () => {
    stubFetch(() =>
      jsonResponse({ message: 'Your session has expired. Please reload the page and try again.' }, 403),
    );
    const error = await failure(addCartEntry({ itemId: 'i', sku: 's', quantity: 1, additionalFields: null }));
    expect(error.message).toBe('Your session has expired. Please reload the page and try again.');
    expect(error.type).toBeUndefined();
  });

  it('answers 429 with the spec message whatever the body says', async () => {
    stubFetch(() => jsonResponse({ message: 'Rate limit exceeded' }, 429));
    expect((await failure(fetchCart())).message).toBe('Please try again in a few seconds.');
  });

  it('answers a network failure with the connection message', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(fetchCart());
    expect(error.message).toBe('Please check your internet connection.');
    expect(error.status).toBe(0);
  });

  it('falls back to the generic message for an error without a JSON message', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect((await failure(fetchCart())).message).toBe('Please try again.');
  });
});
