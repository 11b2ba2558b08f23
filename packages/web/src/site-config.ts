import { useEffect, useState } from 'react';
import type { ContextConfig } from '../../server/src/modules/context/schema';

export type SiteConfig = ContextConfig;

export const SITE_CONFIG_PATH = '/api/context/config';

let pending: Promise<SiteConfig | null> | undefined;

/**
 * Spec §7 `GET /api/context/config`: the store's settings, fetched once a page. On failure the
 * error is reported (as an error event, which the analytics script's reporter takes when it runs on
 * the page) and null is used: callers keep what the page itself says.
 */
export function siteConfig(): Promise<SiteConfig | null> {
  pending ??= fetch(SITE_CONFIG_PATH, { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
    .then(async (response) => {
      if (!response.ok) throw new Error(`HTTP Status ${response.status}`);
      return (await response.json()) as SiteConfig;
    })
    .catch((error: unknown) => {
      const message = `Site config: ${error instanceof Error ? error.message : String(error)}`;
      window.dispatchEvent(new ErrorEvent('error', { message, error }));
      return null;
    });
  return pending;
}

/** The site config once it arrives; null before, and for good when the call failed. */
export function useSiteConfig(): SiteConfig | null {
  const [config, setConfig] = useState<SiteConfig | null>(null);
  useEffect(() => {
    let live = true;
    void siteConfig().then((c) => {
      if (live) setConfig(c);
    });
    return () => {
      live = false;
    };
  }, []);
  return config;
}

/** Forgets the fetched config (tests). */
export function resetSiteConfig(): void {
  pending = undefined;
}
