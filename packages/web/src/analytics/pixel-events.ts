import type { PixelEvent } from '@storefront/commerce';

/** DOM event an island raises for a spec §7 ad-pixel event (the analytics script hands it to the adapter). */
export const PIXEL_EVENT = 'sf:pixel';

export interface PixelDetail {
  event: PixelEvent;
  data: Record<string, unknown>;
}

/** Hands an ad-pixel event to the merchant's pixels, if the analytics script runs and they are on. */
export function trackPixel(event: PixelEvent, data: Record<string, unknown> = {}): void {
  document.dispatchEvent(new CustomEvent<PixelDetail>(PIXEL_EVENT, { detail: { event, data } }));
}
