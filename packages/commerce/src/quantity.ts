/**
 * The quantity field's rule (spec §5), apart from the add-to-cart checks: the product page's
 * entry carries it, and only it, from the add path (the checks load with the add flow).
 */
import { quantityNotANumber, quantityNotAWholeNumber } from './quantity-texts.js';

/** Spec §5: "Number, min 1, max 9999, step 1, default 1." */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 9999;
export const QUANTITY_STEP = 1;
export const QUANTITY_DEFAULT = 1;

export type QuantityResult =
  | { ok: true; quantity: number }
  | { ok: false; reason: 'not-a-number' | 'not-a-whole-number'; message: string };

/**
 * Reads the quantity input. Empty or non-numeric input is 'Quantity must be a number.'; a
 * fractional value is 'Quantity must be a whole number'. Absent input (no quantity field shown)
 * means the default 1. Whole numbers outside 1–9999 are clamped into range, as the number
 * input's min/max would (the spec gives no message for them).
 */
export function parseQuantity(input: string | number | null | undefined): QuantityResult {
  if (input === null || input === undefined) return { ok: true, quantity: QUANTITY_DEFAULT };
  const text = typeof input === 'number' ? String(input) : input.trim();
  const value = text === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(value)) return { ok: false, reason: 'not-a-number', message: quantityNotANumber };
  if (!Number.isInteger(value)) {
    return { ok: false, reason: 'not-a-whole-number', message: quantityNotAWholeNumber };
  }
  return { ok: true, quantity: Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, value)) };
}
