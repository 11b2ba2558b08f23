/**
 * The owner's discounts, shipping and tax forms (POST/PUT /api/config/coupons|shipping-options|
 * tax-rules): the catalog import's rules for each, without the import file's ids (the server
 * makes them). zod only, no Node imports.
 */
import { isCountryCode } from '@storefront/commerce';
import { z } from 'zod';
import {
  COUPON_TYPES,
  checkTaxRuleRegion,
  couponSchema,
  shippingOptionSchema,
  taxRuleFields,
} from '../catalog/import-schema.js';

const UNKNOWN_COUNTRY = 'is not a country code (ISO 3166-1, e.g. "US")';

/** A coupon: percentage, fixed or free shipping; start/end, minimum, usage limits, gift cards, combining. */
export const couponBody = couponSchema;
export type CouponBody = z.output<typeof couponBody>;

/** A tax rule of a country, or of one region of it (commerce's region codes). */
export const taxRuleBody = taxRuleFields.omit({ id: true }).superRefine((rule, ctx) => {
  if (!isCountryCode(rule.country))
    ctx.addIssue({ code: 'custom', path: ['country'], message: UNKNOWN_COUNTRY });
  else checkTaxRuleRegion(rule, ctx);
});
export type TaxRuleBody = z.output<typeof taxRuleBody>;

/** A shipping option and its zone: the countries it ships to ([] ships anywhere). */
export const shippingOptionBody = shippingOptionSchema.omit({ id: true }).superRefine((option, ctx) => {
  option.countries.forEach((c, i) => {
    if (!isCountryCode(c)) ctx.addIssue({ code: 'custom', path: ['countries', i], message: UNKNOWN_COUNTRY });
  });
  if (option.freeOverCents !== undefined && option.costCents === 0)
    ctx.addIssue({
      code: 'custom',
      path: ['freeOverCents'],
      message: 'is only for an option that costs something',
    });
});
export type ShippingOptionBody = z.output<typeof shippingOptionBody>;

/** A coupon as the owner's area shows it; times ISO 8601, amounts in minor units. */
const couponSettingsReply = z.object({
  id: z.string(),
  code: z.string(),
  type: z.enum(COUPON_TYPES),
  percent: z.number().optional(),
  amountCents: z.number().optional(),
  minSubtotalCents: z.number().optional(),
  validFrom: z.string().optional(),
  validUntil: z.string().optional(),
  active: z.boolean(),
  appliesToGiftCards: z.boolean(),
  combinable: z.boolean(),
  maxUses: z.number().optional(),
  maxUsesPerCustomer: z.number().optional(),
  timesUsed: z.number(),
});

const taxRuleSettingsReply = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  region: z.string().optional(),
  ratePercent: z.number(),
  appliesToShipping: z.boolean(),
});

const shippingOptionSettingsReply = z.object({
  id: z.string(),
  name: z.string(),
  costCents: z.number(),
  freeOverCents: z.number().optional(),
  /** [] ships anywhere. */
  countries: z.array(z.string()),
});

export const couponListReply = z.object({ coupons: z.array(couponSettingsReply) });
export const couponSettingReply = z.object({ coupon: couponSettingsReply });
export const taxRuleListReply = z.object({ taxRules: z.array(taxRuleSettingsReply) });
export const taxRuleSettingReply = z.object({ taxRule: taxRuleSettingsReply });
export const shippingOptionListReply = z.object({ shippingOptions: z.array(shippingOptionSettingsReply) });
export const shippingOptionSettingReply = z.object({ shippingOption: shippingOptionSettingsReply });
