/** Pure cart totals: subtotal, coupons, shipping, tax, gift cards (spec §3 Cart, §9). */
import { ProductType, type ProductTypeNumber } from './product.js';

/** Spec §9: "The analytics value is subtotal divided by 100." */
export const ANALYTICS_VALUE_DIVISOR = 100;

export function analyticsValue(subtotalCents: number): number {
  return subtotalCents / ANALYTICS_VALUE_DIVISOR;
}

export interface CartLineInput {
  id?: string;
  itemId: string;
  sku: string;
  quantity: number;
  /** Price actually charged per unit (sale price when on sale), in minor units. */
  unitPriceCents: number;
  productType: ProductTypeNumber;
}

export interface TaxRule {
  id: string;
  name: string;
  /** Percentage, e.g. 8.25 for 8.25 %, up to 6 decimal places. */
  ratePercent: number;
  /** Whether the rule also taxes the shipping cost. */
  appliesToShipping?: boolean;
}

export interface ShippingOption {
  id: string;
  name: string;
  costCents: number;
}

export type Coupon =
  | {
      code: string;
      type: 'percentage';
      percent: number;
      minSubtotalCents?: number;
      validFrom?: number;
      validUntil?: number;
    }
  | {
      code: string;
      type: 'fixed';
      amountCents: number;
      minSubtotalCents?: number;
      validFrom?: number;
      validUntil?: number;
    }
  | {
      code: string;
      type: 'free-shipping';
      minSubtotalCents?: number;
      validFrom?: number;
      validUntil?: number;
    };

export type InvalidCouponReason = 'not-started' | 'expired' | 'minimum-not-met' | 'no-shipping' | 'duplicate';

export interface GiftCardInput {
  code: string;
  balanceCents: number;
}

export interface CartTotalsInput {
  entries: readonly CartLineInput[];
  currency: string;
  taxRules?: readonly TaxRule[];
  shippingOptions?: readonly ShippingOption[];
  selectedShipping?: string | null;
  coupons?: readonly Coupon[];
  giftCards?: readonly GiftCardInput[];
  /** Epoch milliseconds used for coupon validity windows (injectable clock). */
  now?: number;
}

export interface CartLineTotal {
  itemId: string;
  sku: string;
  quantity: number;
  subTotalCents: number;
}

export interface CartTotals {
  currency: string;
  lines: CartLineTotal[];
  subtotalCents: number;
  discountCents: number;
  shippingCostCents: number;
  taxCents: number;
  grandTotalCents: number;
  giftCardAppliedCents: number;
  amountDueCents: number;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
  selectedShippingOption: ShippingOption | null;
  validCoupons: Coupon[];
  invalidCoupons: { coupon: Coupon; reason: InvalidCouponReason }[];
  taxes: { rule: TaxRule; amountCents: number }[];
}

const RATE_SCALE_DIGITS = 6;
const RATE_SCALE = 10n ** BigInt(RATE_SCALE_DIGITS);

/** A percentage as an exact scaled integer (12.5 → 12_500_000 with 6 decimal places). */
function scaledPercent(percent: number): bigint {
  // toFixed switches to exponent notation at 1e21; no real rate comes near the bound.
  if (!Number.isFinite(percent) || percent < 0 || percent >= 1e15)
    throw new RangeError(`Invalid percentage: ${percent}`);
  const [intPart, fracPart = ''] = percent.toFixed(RATE_SCALE_DIGITS).split('.');
  return BigInt(intPart) * RATE_SCALE + BigInt(fracPart.padEnd(RATE_SCALE_DIGITS, '0'));
}

/**
 * `percent` % of a non-negative minor amount, rounded half up to a whole minor unit, computed
 * with integers so no float error creeps in (10 % of 1005 → 101, 8.25 % of 1000 → 83).
 */
export function percentOf(amountMinor: number, percent: number): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0)
    throw new RangeError(`Invalid amount: ${amountMinor}`);
  const denominator = 100n * RATE_SCALE;
  const numerator = BigInt(amountMinor) * scaledPercent(percent);
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

function couponWindowReason(coupon: Coupon, now: number | undefined): InvalidCouponReason | null {
  if (now === undefined) return null;
  if (coupon.validFrom !== undefined && now < coupon.validFrom) return 'not-started';
  if (coupon.validUntil !== undefined && now > coupon.validUntil) return 'expired';
  return null;
}

/**
 * Computes every cart total in minor units of `currency`.
 * Rounding: each line is exact (integer price × quantity); each percentage (coupon or tax rule)
 * is rounded half up once on its total base, not per line. Coupons apply in the given order:
 * percentages on the subtotal, fixed amounts up to what is left; the discount never exceeds the
 * subtotal. Free shipping zeroes the shipping cost (it is not counted in discountCents). Tax is
 * charged on subtotal − discount, plus shipping for rules that tax shipping.
 * grandTotal = subtotal − discount + shipping + tax; gift cards then pay toward it in order.
 */
export function computeCartTotals(input: CartTotalsInput): CartTotals {
  const lines: CartLineTotal[] = input.entries.map((e) => {
    if (!Number.isSafeInteger(e.quantity) || e.quantity < 0)
      throw new RangeError(`Invalid quantity: ${e.quantity}`);
    if (!Number.isSafeInteger(e.unitPriceCents) || e.unitPriceCents < 0)
      throw new RangeError(`Invalid price: ${e.unitPriceCents}`);
    return {
      itemId: e.itemId,
      sku: e.sku,
      quantity: e.quantity,
      subTotalCents: e.unitPriceCents * e.quantity,
    };
  });
  const subtotalCents = lines.reduce((sum, l) => sum + l.subTotalCents, 0);
  const totalQuantity = lines.reduce((sum, l) => sum + l.quantity, 0);
  const hasDigital = input.entries.some((e) => e.productType === ProductType.DIGITAL);
  const purelyDigital =
    input.entries.length > 0 && input.entries.every((e) => e.productType === ProductType.DIGITAL);
  const requiresShipping = input.entries.some((e) => e.productType === ProductType.PHYSICAL);

  const selectedShippingOption = requiresShipping
    ? (input.shippingOptions?.find((o) => o.id === input.selectedShipping) ?? null)
    : null;

  const validCoupons: Coupon[] = [];
  const invalidCoupons: CartTotals['invalidCoupons'] = [];
  const seen = new Set<string>();
  let discountCents = 0;
  let freeShipping = false;
  for (const coupon of input.coupons ?? []) {
    const code = coupon.code.toUpperCase();
    let reason: InvalidCouponReason | null = seen.has(code)
      ? 'duplicate'
      : couponWindowReason(coupon, input.now);
    if (!reason && coupon.minSubtotalCents !== undefined && subtotalCents < coupon.minSubtotalCents)
      reason = 'minimum-not-met';
    if (!reason && coupon.type === 'free-shipping' && !requiresShipping) reason = 'no-shipping';
    seen.add(code);
    if (reason) {
      invalidCoupons.push({ coupon, reason });
      continue;
    }
    validCoupons.push(coupon);
    const remaining = subtotalCents - discountCents;
    if (coupon.type === 'percentage')
      discountCents += Math.min(remaining, percentOf(subtotalCents, coupon.percent));
    else if (coupon.type === 'fixed') discountCents += Math.min(remaining, Math.max(0, coupon.amountCents));
    else freeShipping = true;
  }

  const shippingCostCents =
    freeShipping || !selectedShippingOption ? 0 : Math.max(0, selectedShippingOption.costCents);
  const taxableGoods = subtotalCents - discountCents;
  const taxes = (input.taxRules ?? []).map((rule) => ({
    rule,
    amountCents: percentOf(taxableGoods + (rule.appliesToShipping ? shippingCostCents : 0), rule.ratePercent),
  }));
  const taxCents = taxes.reduce((sum, t) => sum + t.amountCents, 0);
  const grandTotalCents = subtotalCents - discountCents + shippingCostCents + taxCents;

  let giftCardAppliedCents = 0;
  for (const card of input.giftCards ?? []) {
    giftCardAppliedCents += Math.min(Math.max(0, card.balanceCents), grandTotalCents - giftCardAppliedCents);
  }

  return {
    currency: input.currency,
    lines,
    subtotalCents,
    discountCents,
    shippingCostCents,
    taxCents,
    grandTotalCents,
    giftCardAppliedCents,
    amountDueCents: grandTotalCents - giftCardAppliedCents,
    totalQuantity,
    hasDigital,
    purelyDigital,
    requiresShipping,
    selectedShippingOption,
    validCoupons,
    invalidCoupons,
    taxes,
  };
}
