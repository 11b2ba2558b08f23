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

/** What every coupon carries besides its kind of discount: when and to what it applies, the merchant's rules. */
interface CouponRules {
  code: string;
  minSubtotalCents?: number;
  validFrom?: number;
  validUntil?: number;
  /**
   * Gift cards are sold at face value: a coupon discounts them only when the merchant says so for
   * that coupon. Otherwise buying a card below face value and spending it turns coupons into cash.
   */
  appliesToGiftCards?: boolean;
  /** False: the coupon is never used together with another coupon (default true). */
  combinable?: boolean;
  /** The coupon has been used as often as the merchant allows (looked up by the caller). */
  usageLimitReached?: boolean;
  /** This customer has used the coupon as often as the merchant allows (looked up by the caller). */
  customerLimitReached?: boolean;
}

export type Coupon =
  | (CouponRules & { type: 'percentage'; percent: number })
  | (CouponRules & { type: 'fixed'; amountCents: number })
  | (CouponRules & { type: 'free-shipping' });

export type InvalidCouponReason =
  | 'not-started'
  | 'expired'
  | 'minimum-not-met'
  | 'no-shipping'
  | 'duplicate'
  | 'not-combinable'
  | 'usage-limit'
  | 'customer-limit'
  | 'gift-cards-excluded';

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

/** Why a coupon does not apply before its discount is computed, or null. */
function couponReason(
  coupon: Coupon,
  context: {
    now: number | undefined;
    seen: ReadonlySet<string>;
    applied: readonly Coupon[];
    subtotalCents: number;
    goodsSubtotalCents: number;
    requiresShipping: boolean;
  },
): InvalidCouponReason | null {
  if (context.seen.has(coupon.code.toUpperCase())) return 'duplicate';
  const window = couponWindowReason(coupon, context.now);
  if (window) return window;
  if (coupon.usageLimitReached) return 'usage-limit';
  if (coupon.customerLimitReached) return 'customer-limit';
  if (coupon.minSubtotalCents !== undefined && context.subtotalCents < coupon.minSubtotalCents)
    return 'minimum-not-met';
  if (coupon.type === 'free-shipping' && !context.requiresShipping) return 'no-shipping';
  if (coupon.type !== 'free-shipping' && !coupon.appliesToGiftCards && context.goodsSubtotalCents === 0)
    return 'gift-cards-excluded';
  const alone = (c: Coupon) => c.combinable === false;
  if (context.applied.length > 0 && (alone(coupon) || context.applied.some(alone))) return 'not-combinable';
  return null;
}

/**
 * Computes every cart total in minor units of `currency`.
 * Rounding: each line is exact (integer price × quantity); each percentage (coupon or tax rule)
 * is rounded half up once on its total base, not per line. Coupons apply in the given order:
 * percentages on their base, fixed amounts up to what is left of it; a coupon's base is the
 * subtotal of everything but gift cards, unless the coupon applies to gift cards. A coupon that
 * is not combinable is used only alone. Free shipping zeroes the shipping cost (it is not counted
 * in discountCents). Tax is charged on the goods other than gift cards (a gift card is taxed when
 * it is spent) less their discount, plus shipping for rules that tax shipping.
 * grandTotal = subtotal − discount + shipping + tax; gift cards then pay toward it in order, but
 * never toward gift cards bought in the same order (else balance could buy balance).
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

  const giftCardSubtotalCents = input.entries.reduce(
    (sum, e, i) => (e.productType === ProductType.GIFT_CARD ? sum + lines[i].subTotalCents : sum),
    0,
  );
  const goodsSubtotalCents = subtotalCents - giftCardSubtotalCents;

  const validCoupons: Coupon[] = [];
  const invalidCoupons: CartTotals['invalidCoupons'] = [];
  const seen = new Set<string>();
  // Discount taken off goods other than gift cards, and off gift cards (only by coupons that allow it).
  let goodsDiscountCents = 0;
  let giftCardDiscountCents = 0;
  let freeShipping = false;
  for (const coupon of input.coupons ?? []) {
    const reason = couponReason(coupon, {
      now: input.now,
      seen,
      applied: validCoupons,
      subtotalCents,
      goodsSubtotalCents,
      requiresShipping,
    });
    seen.add(coupon.code.toUpperCase());
    if (reason) {
      invalidCoupons.push({ coupon, reason });
      continue;
    }
    validCoupons.push(coupon);
    if (coupon.type === 'free-shipping') {
      freeShipping = true;
      continue;
    }
    const base = coupon.appliesToGiftCards ? subtotalCents : goodsSubtotalCents;
    const wanted =
      coupon.type === 'percentage' ? percentOf(base, coupon.percent) : Math.max(0, coupon.amountCents);
    const onGoods = Math.min(wanted, goodsSubtotalCents - goodsDiscountCents);
    goodsDiscountCents += onGoods;
    if (coupon.appliesToGiftCards)
      giftCardDiscountCents += Math.min(wanted - onGoods, giftCardSubtotalCents - giftCardDiscountCents);
  }
  const discountCents = goodsDiscountCents + giftCardDiscountCents;

  const shippingCostCents =
    freeShipping || !selectedShippingOption ? 0 : Math.max(0, selectedShippingOption.costCents);
  const taxableGoods = goodsSubtotalCents - goodsDiscountCents;
  const taxes = (input.taxRules ?? []).map((rule) => ({
    rule,
    amountCents: percentOf(taxableGoods + (rule.appliesToShipping ? shippingCostCents : 0), rule.ratePercent),
  }));
  const taxCents = taxes.reduce((sum, t) => sum + t.amountCents, 0);
  const grandTotalCents = subtotalCents - discountCents + shippingCostCents + taxCents;

  const giftCardPayableCents = grandTotalCents - (giftCardSubtotalCents - giftCardDiscountCents);
  let giftCardAppliedCents = 0;
  for (const card of input.giftCards ?? []) {
    giftCardAppliedCents += Math.min(
      Math.max(0, card.balanceCents),
      giftCardPayableCents - giftCardAppliedCents,
    );
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
