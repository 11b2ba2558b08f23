import { z } from 'zod';
import { COUPON_CODE_MAX_LENGTH } from './service.js';

/** POST /api/commerce/shopping-cart/coupons. */
export const addCouponBody = z.object({
  code: z
    .string('code is required')
    .trim()
    .min(1, 'code is required')
    .max(COUPON_CODE_MAX_LENGTH, `code must be at most ${COUPON_CODE_MAX_LENGTH} characters`),
});

/** PUT /api/commerce/shopping-cart/shipping-location; the country's rules are checked by the service. */
export const shippingLocationBody = z.object({
  country: z.string('country is required').max(8),
  region: z.string().max(100).nullable().optional(),
  postalCode: z.string().max(32).nullable().optional(),
});

/** PUT /api/commerce/shopping-cart/shipping-option. */
export const shippingOptionBody = z.object({
  id: z.string('id is required').min(1, 'id is required').max(64),
});

/** Spec §3 Money: minor units as a decimal string. */
export const moneyReply = z.object({ value: z.string(), currency: z.string() }).meta({ id: 'Money' });

const couponRules = {
  code: z.string(),
  minSubtotalCents: z.number().optional(),
  validFrom: z.number().optional(),
  validUntil: z.number().optional(),
  appliesToGiftCards: z.boolean().optional(),
  combinable: z.boolean().optional(),
  usageLimitReached: z.boolean().optional(),
  customerLimitReached: z.boolean().optional(),
};

/** A coupon as the cart and the quote show it (commerce's Coupon). */
export const couponReply = z
  .discriminatedUnion('type', [
    z.object({ ...couponRules, type: z.literal('percentage'), percent: z.number() }),
    z.object({ ...couponRules, type: z.literal('fixed'), amountCents: z.number() }),
    z.object({ ...couponRules, type: z.literal('free-shipping') }),
  ])
  .meta({ id: 'Coupon' });

export const shippingOptionReply = z
  .object({
    id: z.string(),
    name: z.string(),
    /** 0 once the subtotal reaches `freeOverCents`. */
    costCents: z.number(),
    cost: moneyReply,
    /** The option's own price, before any free-over threshold. */
    baseCostCents: z.number(),
    freeOverCents: z.number().nullable(),
    countries: z.array(z.string()),
  })
  .meta({ id: 'ShippingOption' });

export const shippingLocationReply = z.object({
  country: z.string(),
  region: z.string().nullable(),
  postalCode: z.string().nullable(),
  regionName: z.string().nullable(),
});

export const taxRuleReply = z
  .object({
    id: z.string(),
    name: z.string(),
    country: z.string(),
    region: z.string().nullable(),
    ratePercent: z.number(),
    appliesToShipping: z.boolean(),
    /** What the rule adds to this cart. */
    amountCents: z.number(),
  })
  .meta({ id: 'TaxRule' });

export const INVALID_COUPON_REASONS = [
  'not-started',
  'expired',
  'minimum-not-met',
  'no-shipping',
  'duplicate',
  'not-combinable',
  'usage-limit',
  'customer-limit',
  'gift-cards-excluded',
] as const;

export const invalidCouponReply = z.object({
  code: z.string(),
  reason: z.enum(INVALID_COUPON_REASONS),
  message: z.string(),
  coupon: couponReply,
});

/** The pricing fields of the cart (spec §3 Cart), computed by commerce's computeCartTotals. */
export const cartPricingReply = z.object({
  shippingOptions: z.array(shippingOptionReply),
  selectedShippingOption: shippingOptionReply.nullable(),
  shippingLocation: shippingLocationReply.nullable(),
  applicableTaxRules: z.array(taxRuleReply),
  coupons: z.array(couponReply),
  validCoupons: z.array(couponReply),
  invalidCoupons: z.array(invalidCouponReply),
  subtotalCents: z.number(),
  taxCents: z.number(),
  shippingCostCents: z.number(),
  discountCents: z.number(),
  grandTotalCents: z.number(),
  totalQuantity: z.number(),
  hasDigital: z.boolean(),
  purelyDigital: z.boolean(),
  requiresShipping: z.boolean(),
});
