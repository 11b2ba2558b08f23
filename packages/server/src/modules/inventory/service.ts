import {
  hasUnlimitedStockByType,
  type ProductTypeNumber,
  type StockLevel,
  stockLevel,
} from '@storefront/commerce';
import type { Kysely } from 'kysely';
import type { CompanionWrite } from '../../db/companion.js';
import type { DB } from '../../db/schema.js';
import type { RequestContext } from '../../platform/context.js';
import { type AuditActor, recordAudit } from '../audit/service.js';
import {
  adjustStock,
  decrementStock,
  decrementStockAlong,
  findStockBySkus,
  findVariantBySku,
  incrementStock,
  listAllStock,
  setStock,
  setUnlimited,
} from './repo.js';

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
  const taken: StockTaken[] = [];
  for (const want of stockWanted(lines)) {
    if (want.unlimited) continue;
    if (await decrementStock(db, websiteId, want.sku, want.quantity)) {
      taken.push({ sku: want.sku, quantity: want.quantity });
      continue;
    }
    // Short, gone, or made unlimited since it was read: only the last one may go on.
    const variant = await findVariantBySku(db, websiteId, want.sku);
    if (!variant?.unlimited) return { ok: false, sku: want.sku, itemName: want.name };
  }
  return { ok: true, taken };
}

/** Lines of one sku summed, in sku order (the order stock is taken in). */
function stockWanted(lines: readonly StockLine[]) {
  const wanted = new Map<string, { sku: string; quantity: number; name: string; unlimited: boolean }>();
  for (const l of lines) {
    const prev = wanted.get(l.sku);
    wanted.set(l.sku, {
      sku: l.sku,
      quantity: (prev?.quantity ?? 0) + l.quantity,
      name: prev?.name ?? l.name,
      unlimited: l.unlimited,
    });
  }
  return [...wanted.values()].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
}

/**
 * What `reserveStock` takes when it succeeds and no variant was made unlimited meanwhile: known
 * before the stock rows are touched, so it can be written with the order in one statement.
 */
export function expectedStockTaken(lines: readonly StockLine[]): StockTaken[] {
  return stockWanted(lines)
    .filter((w) => !w.unlimited)
    .map((w) => ({ sku: w.sku, quantity: w.quantity }));
}

/**
 * The stock an order of one counted sku takes, as a companion write of the order's insert
 * (PostgreSQL): `expected` is `expectedStockTaken`'s answer. Null for several skus, which
 * `reserveStock` takes one by one in sku order, so that no two orders lock rows in opposite orders.
 */
export function reserveStockAlong(websiteId: string, expected: readonly StockTaken[]): CompanionWrite | null {
  return expected.length === 1 ? decrementStockAlong(websiteId, expected[0].sku, expected[0].quantity) : null;
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

/** One variant's stock as the owner's inventory table shows it. */
export interface StockRow {
  productId: string;
  productName: string;
  productType: number;
  sku: string;
  attributes: Record<string, string>;
  qtyInStock: number;
  unlimited: boolean;
  level: StockLevel;
  /** Digital and gift-card variants are always unlimited: their stock cannot be edited. */
  editable: boolean;
}

export async function listInventory(ctx: RequestContext): Promise<StockRow[]> {
  const rows = await listAllStock(ctx.db, ctx.websiteId);
  return rows.map((r) => {
    const unlimited = !!r.unlimited;
    return {
      productId: r.product_id,
      productName: r.product_name,
      productType: r.product_type,
      sku: r.sku,
      attributes: JSON.parse(r.attributes) as Record<string, string>,
      qtyInStock: r.qty_in_stock,
      unlimited,
      level: stockLevel({ unlimited, qtyInStock: r.qty_in_stock }),
      editable: !hasUnlimitedStockByType({ productType: r.product_type as ProductTypeNumber }),
    };
  });
}

/** One variant's change: set a count, adjust by a signed amount, or make it unlimited. */
export interface StockChange {
  sku: string;
  set?: number;
  adjust?: number;
  unlimited?: boolean;
}

export type StockChangeResult = { ok: true } | { ok: false; errors: Record<string, string> };

/**
 * Applies every change or none: all inside one transaction, rolled back at the first refusal
 * (an unknown sku, a repeated one, a digital or gift-card variant, a count that would go below
 * zero). Errors are keyed `changes[i].field`. The change is audited in the same transaction.
 */
export async function changeStock(
  ctx: RequestContext,
  actor: AuditActor,
  changes: readonly StockChange[],
): Promise<StockChangeResult> {
  const errors: Record<string, string> = {};
  const skus = changes.map((c) => c.sku);
  const known = new Map((await findStockBySkus(ctx.db, ctx.websiteId, skus)).map((v) => [v.sku, v]));
  const seen = new Map<string, number>();
  changes.forEach((c, i) => {
    const variant = known.get(c.sku);
    const first = seen.get(c.sku);
    if (!variant) errors[`changes[${i}].sku`] = `no variant has the SKU "${c.sku}"`;
    else if (first !== undefined)
      errors[`changes[${i}].sku`] = `repeats changes[${first}]; change each SKU once`;
    else if (hasUnlimitedStockByType({ productType: variant.product_type as ProductTypeNumber }))
      errors[`changes[${i}].sku`] = 'digital products and gift cards always have unlimited stock';
    else if (c.adjust !== undefined && variant.unlimited)
      errors[`changes[${i}].adjust`] = 'the variant has unlimited stock: set a count instead';
    seen.set(c.sku, first ?? i);
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  class Refused extends Error {}
  try {
    await ctx.db.transaction().execute(async (trx) => {
      for (const [i, c] of changes.entries()) {
        if (c.unlimited === true) await setUnlimited(trx, ctx.websiteId, c.sku);
        else if (c.set !== undefined) await setStock(trx, ctx.websiteId, c.sku, c.set);
        else if (c.adjust !== undefined && !(await adjustStock(trx, ctx.websiteId, c.sku, c.adjust))) {
          errors[`changes[${i}].adjust`] = 'would take the stock below zero';
          throw new Refused();
        }
      }
      await recordAudit({ db: trx, clock: ctx.clock }, actor, 'inventory.change', 'inventory', { changes });
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, errors };
    throw error;
  }
  return { ok: true };
}
