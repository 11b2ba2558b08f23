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

/** What a reservation took off counted stock, per sku: what releasing it puts back. */
export interface StockTaken {
  sku: string;
  quantity: number;
}

export type ReserveResult = { ok: true; taken: StockTaken[] } | { ok: false; sku: string; itemName: string };

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
  const taken: StockTaken[] = [];
  for (const sku of [...wanted.keys()].sort()) {
    const want = wanted.get(sku)!;
    if (want.unlimited) continue;
    if (await decrementStock(db, websiteId, sku, want.quantity)) {
      taken.push({ sku, quantity: want.quantity });
      continue;
    }
    // Short, gone, or made unlimited since it was read: only the last one may go on.
    const variant = await findVariantBySku(db, websiteId, sku);
    if (!variant?.unlimited) return { ok: false, sku, itemName: want.name };
  }
  return { ok: true, taken };
}

/** Puts back the stock a reservation took (its order was never paid), or a refunded order's items. */
export async function releaseStock(
  db: Kysely<DB>,
  websiteId: string,
  taken: readonly StockTaken[],
): Promise<void> {
  for (const t of [...taken].sort((a, b) => (a.sku < b.sku ? -1 : 1))) {
    await incrementStock(db, websiteId, t.sku, t.quantity);
  }
}
