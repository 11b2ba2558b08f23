import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRUMB, createTestApp, type TestApp } from './support/app.js';

/** Fastify's own refusals answer `{ message }` in plain words, never the library's wording. */
describe("Fastify's own errors", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  const post = (payload: string, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/commerce/checkout/quote',
      headers: { 'content-type': contentType, 'x-csrf-token': CRUMB },
      cookies: { crumb: CRUMB },
      payload,
    });

  it('answers a malformed or over-long address in the {message} shape', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/commerce/orders/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'This address is not valid.' });
    // A parameter longer than the router takes matches no route.
    const long = await t.app.inject({ method: 'GET', url: `/api/commerce/quick-view/${'x'.repeat(500)}` });
    expect(long.statusCode).toBe(404);
    expect(long.json()).toEqual({ message: 'Not found' });
  });

  it('answers 415, 413 and bad JSON in plain words', async () => {
    const media = await post('<quote/>', 'application/xml');
    expect(media.statusCode).toBe(415);
    expect(media.json()).toEqual({ message: 'Send the request body as JSON or as a form.' });
    const large = await post(JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }), 'application/json');
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ message: 'The request is too large.' });
    const broken = await post('{"source":', 'application/json');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'The request body is not valid JSON.' });
    const poisoned = await post('{"__proto__":{"admin":true}}', 'application/json');
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json()).toEqual({ message: 'The request body is not valid JSON.' });
    const empty = await post('', 'application/json');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'The request body is empty: send a JSON object.' });
  });
});
