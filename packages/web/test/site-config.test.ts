import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteConfig, SITE_CONFIG_PATH, siteConfig } from '../src/site-config';
import { jsonResponse, SITE_CONFIG, stubFetch } from './helpers';

let reported: string[];
const onError = (e: ErrorEvent) => {
  reported.push(e.message);
  e.preventDefault();
};

beforeEach(() => {
  resetSiteConfig();
  reported = [];
  window.addEventListener('error', onError);
});
afterEach(() => {
  window.removeEventListener('error', onError);
  vi.unstubAllGlobals();
});

describe('GET /api/context/config from the islands', () => {
  it('answers the config, fetched once a page', async () => {
    const { requests } = stubFetch(() => jsonResponse(SITE_CONFIG));
    expect(await siteConfig()).toEqual(SITE_CONFIG);
    expect(await siteConfig()).toEqual(SITE_CONFIG);
    expect(requests.map((r) => [r.method, r.url])).toEqual([['GET', SITE_CONFIG_PATH]]);
    expect(reported).toEqual([]);
  });

  it('reports an HTTP failure once and answers null', async () => {
    stubFetch(() => jsonResponse({ message: 'down' }, 503));
    expect(await siteConfig()).toBeNull();
    expect(await siteConfig()).toBeNull();
    expect(reported).toEqual(['Site config: HTTP Status 503']);
  });

  it('reports a network failure once and answers null', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await siteConfig()).toBeNull();
    expect(reported).toEqual(['Site config: Failed to fetch']);
  });
});
