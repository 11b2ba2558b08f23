import type { CouponBody } from '../../../../server/src/modules/owner-pricing/schema';
import { crudResource } from './crud';

export type Coupon = Omit<CouponBody, 'validFrom' | 'validUntil'> & {
  id: string;
  timesUsed: number;
  validFrom?: string | null;
  validUntil?: string | null;
};

const coupons = crudResource<Coupon, CouponBody>({
  path: '/api/config/coupons',
  key: 'coupons',
  listField: 'coupons',
  itemField: 'coupon',
});

export const couponKeys = coupons.keys;
export const couponsQuery = coupons.listQuery;
export const couponQuery = coupons.itemQuery;
export const useSaveCoupon = coupons.useSave;
export const useRemoveCoupon = coupons.useRemove;
