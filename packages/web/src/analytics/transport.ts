import { ANALYTICS_TIMEOUT_MS } from '@storefront/commerce';

/**
 * One analytics call: times out after 2500 ms (spec §7, §9) and outlives the page (keepalive).
 * Answers the status, or 0 when the call failed; callers ignore failures (spec §8).
 */
export async function post(url: string, body: BodyInit, headers: Record<string, string>): Promise<number> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ANALYTICS_TIMEOUT_MS);
  try {
    const res = await fetch(url, {
      method: 'POST',
      body,
      headers,
      credentials: 'same-origin',
      keepalive: true,
      signal: controller.signal,
    });
    return res.status;
  } catch {
    return 0;
  } finally {
    clearTimeout(timer);
  }
}

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
export const JSON_TYPE = { 'content-type': 'application/json' };
