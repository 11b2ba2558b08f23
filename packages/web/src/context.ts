import { CART_URL, DEFAULT_CURRENCY } from '@storefront/commerce';
import type { PageContext } from './types';

export const CONTEXT_ELEMENT_ID = 'sf-context';

const FALLBACK: PageContext = {
  websiteId: '',
  currency: DEFAULT_CURRENCY,
  locale: 'en-US',
  pageType: 0,
  cartUrl: CART_URL,
};

let current: PageContext = FALLBACK;

/** Reads the page context the server embeds; a missing or broken one falls back to the defaults. */
export function readPageContext(doc: Document): PageContext {
  const text = doc.getElementById(CONTEXT_ELEMENT_ID)?.textContent;
  if (!text) return FALLBACK;
  try {
    return { ...FALLBACK, ...(JSON.parse(text) as Partial<PageContext>) };
  } catch {
    return FALLBACK;
  }
}

/** Called once by main.tsx before any island renders. */
export function setPageContext(context: PageContext): void {
  current = context;
}

export function pageContext(): PageContext {
  return current;
}
