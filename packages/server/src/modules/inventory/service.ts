import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { decrementStock, findVariantsBySkus } from './repo.js';

export interface StockLine {
  sku: string;
  quantity: number;
  /** What the shopper is told is short. */
  name: string;
}

export type ReserveResult = { ok: true } | { ok: false; sku: string; itemName: string };

/**
 * Reserves every line's quantity inside the caller's transaction. Lines of one sku are summed and
 * skus taken in a fixed order, so two checkouts never wait on each other's rows in a cycle.
 * Unlimited variants are left untouched. On a shortage the caller rolls its transaction back.
 */
export async function reserveStock(
  db: Kysely<DB>,
  websiteId: string,
  lines: readonly StockLine[],
): Promise<ReserveResult> {
  const wanted = new Map<string, { quantity: number; name: string }>();
  for (const l of lines) {
    const prev = wanted.get(l.sku);
    wanted.set(l.sku, { quantity: (prev?.quantity ?? 0) + l.quantity, name: prev?.name ?? l.name });
  }
  const skus = [...wanted.keys()].sort();
  const variants = new Map((await findVariantsBySkus(db, websiteId, skus)).map((v) => [v.sku, v]));
  for (const sku of skus) {
    const want = wanted.get(sku)!;
    const variant = variants.get(sku);
    if (!variant) return { ok: false, sku, itemName: want.name };
    if (variant.unlimited) continue;
    if (!(await decrementStock(db, variant.id, want.quantity)))
      return { ok: false, sku, itemName: want.name };
  }
  return { ok: true };
}
