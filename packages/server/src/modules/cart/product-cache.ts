import type { WriteVersion } from '../../db/write-version.js';
import type { RequestContext } from '../../platform/context.js';
import { type CatalogProduct, getProductById } from '../catalog/service.js';

/**
 * How long add-to-cart uses a product it read again while no write in this process changed the
 * catalog: writes by other instances (several processes on one PostgreSQL) are not counted here,
 * as for the page cache, and neither are the stock decrements of orders (else every sale would
 * send the next add back to the database). A stock figure this old can let a cart hold more than
 * is left, never an order take it: the order takes stock with a conditional update.
 */
const PRODUCT_CACHE_TTL_MS = 2_000;
/** Products kept: a store's best sellers; the oldest read goes first. */
const PRODUCT_CACHE_SIZE = 256;

export type ProductReader = (ctx: RequestContext, id: string) => Promise<CatalogProduct | null>;

/**
 * The product add-to-cart checks against, read once per catalog write instead of on every add
 * (its product, variants and images were 2–3 of an add's 8–10 statements). `version.cart` counts
 * this process's committed writes to the tables a product is read from; the version is taken
 * before the read, so a write that commits during it makes the entry stale at once.
 */
export function cachedProductReader(version: WriteVersion): ProductReader {
  const cache = new Map<string, { product: CatalogProduct; version: number; at: number }>();
  return async (ctx, id) => {
    const key = `${ctx.websiteId}\u0000${id}`;
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.version === version.cart && now - hit.at <= PRODUCT_CACHE_TTL_MS) return hit.product;
    const before = version.cart;
    const product = await getProductById(ctx, id);
    cache.delete(key);
    if (product) {
      if (cache.size >= PRODUCT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(key, { product, version: before, at: now });
    }
    return product;
  };
}
