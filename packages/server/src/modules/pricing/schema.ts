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
