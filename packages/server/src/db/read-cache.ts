import type { Kysely } from 'kysely';
import { writeVersionOf } from './write-version.js';

/**
 * How long a kept read is used while no write in this process changed what it read: writes by
 * other instances (several processes on one PostgreSQL) are not counted here, as for the page
 * cache, so this is their staleness bound (docs/scaling.md).
 */
export const READ_CACHE_TTL_MS = 2_000;

export interface ReadCache<T> {
  /**
   * `read()`'s answer for `key`, as last read while this process's count of writes to
   * `CART_TABLES` (`WriteVersion.cart`) is unchanged and for at most READ_CACHE_TTL_MS. In a
   * transaction, call it only before the transaction writes one of those tables: a read of its own
   * uncommitted write would be kept if it rolled back.
   */
  get(db: Kysely<any>, key: string, read: () => Promise<T>): Promise<T>;
}

/**
 * Reads that carts and checkout make on every call and that change only when the owner writes
 * (a product with its variants, the shipping options, the tax rules of a country), kept per
 * database. Orders taking stock do not count as writes here: stock read from this cache may be
 * a little old, which the order's conditional decrement makes harmless. The count is taken before
 * the read, so a write that commits during it makes the entry stale at once. `size`: entries kept,
 * the oldest read going first.
 */
export function readCache<T>(size: number): ReadCache<T> {
  const byVersion = new WeakMap<object, Map<string, { value: T; version: number; at: number }>>();
  return {
    async get(db, key, read) {
      const version = writeVersionOf(db);
      if (!version) return read();
      let kept = byVersion.get(version);
      if (!kept) {
        kept = new Map();
        byVersion.set(version, kept);
      }
      const now = Date.now();
      const hit = kept.get(key);
      if (hit && hit.version === version.cart && now - hit.at <= READ_CACHE_TTL_MS) return hit.value;
      const before = version.cart;
      const value = await read();
      kept.delete(key);
      if (kept.size >= size) kept.delete(kept.keys().next().value!);
      kept.set(key, { value, version: before, at: now });
      return value;
    },
  };
}
