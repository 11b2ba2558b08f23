import { readCrumb } from '../../cookies';

/** Spec §7 "Census calls: timeout 2500 ms; failures ignored." */
export const CENSUS_TIMEOUT_MS = 2500;

/** Spec §7: "POST /api/census/RecordQuickView/{id}: no body." */
export function recordQuickViewPath(itemId: string): string {
  return `/api/census/RecordQuickView/${encodeURIComponent(itemId)}`;
}

/** Best-effort census of a quick view: never throws, gives up after the census timeout. */
export async function recordQuickView(itemId: string): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CENSUS_TIMEOUT_MS);
  try {
    await fetch(recordQuickViewPath(itemId), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'X-CSRF-Token': readCrumb() },
      signal: controller.signal,
      keepalive: true,
    });
  } catch {
    // Analytics failures are silently ignored (spec §8).
  } finally {
    clearTimeout(timer);
  }
}
