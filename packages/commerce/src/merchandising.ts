/** Merchandising texts (spec §3 "Merchandising context per product id"). */

/** The placeholder a merchant writes in `scarcityText` for the units left. */
export const SCARCITY_QTY_PLACEHOLDER = '{qtyInStock}';

/** 'Only {qtyInStock} left in stock' → 'Only 2 left in stock'. */
export function scarcityMessage(template: string, qtyInStock: number | string): string {
  return template.replaceAll(SCARCITY_QTY_PLACEHOLDER, () => String(qtyInStock));
}
