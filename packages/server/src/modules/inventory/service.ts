import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { decrementStock, findVariantBySku, incrementStock } from './repo.js';

export interface StockLine {
  sku: string;
  quantity: number;
  /** What the shopper is told is short. */
  name: string;
  /** As the caller read the variant; unlimited variants are not touched. */
  unlimited: boolean;
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
  const wanted = new Map<string, { quantity: number; name: string; unlimited: boolean }>();
  for (const l of lines) {
    const prev = wanted.get(l.sku);
    wanted.set(l.sku, {
      quantity: (prev?.quantity ?? 0) + l.quantity,
      name: prev?.name ?? l.name,
      unlimited: l.unlimited,
    });
  }
  for (const sku of [...wanted.keys()].sort()) {
    const want = wanted.get(sku)!;
    if (want.unlimited) continue;
    if (await decrementStock(db, websiteId, sku, want.quantity)) continue;
    // Short, gone, or made unlimited since it was read: only the last one may go on.
    const variant = await findVariantBySku(db, websiteId, sku);
    if (!variant?.unlimited) return { ok: false, sku, itemName: want.name };
  }
  return { ok: true };
}

/**
 * Puts lines back in stock inside the caller's transaction (a refunded order's items), skus in
 * the same fixed order as reserveStock. Unlimited or since-removed variants are skipped; answers
 * the skus whose stock went up.
 */
export async function restoreStock(
  db: Kysely<DB>,
  websiteId: string,
  lines: readonly { sku: string; quantity: number }[],
): Promise<string[]> {
  const wanted = new Map<string, number>();
  for (const l of lines) wanted.set(l.sku, (wanted.get(l.sku) ?? 0) + l.quantity);
  const restored: string[] = [];
  for (const sku of [...wanted.keys()].sort()) {
    if (await incrementStock(db, websiteId, sku, wanted.get(sku)!)) restored.push(sku);
  }
  return restored;
}
