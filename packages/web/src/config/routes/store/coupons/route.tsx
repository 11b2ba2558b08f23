import type { RouteObject } from 'react-router';
import { couponQuery, couponsQuery } from '../../../api/coupons';
import type { ScreenContext } from '../../../router';
import { requirePermission } from '../../guards';
import { CouponEditor } from '../coupon-editor/CouponEditor';
import { CouponsScreen } from './CouponsScreen';

export function couponsRoute({ queryClient, basename }: ScreenContext): RouteObject {
  return {
    path: 'coupons',
    loader: async ({ request }) => {
      await requirePermission(queryClient, request, basename, 'settings.read');
      void queryClient.prefetchQuery(couponsQuery());
      return null;
    },
    element: <CouponsScreen />,
    children: [
      {
        path: 'new',
        loader: async ({ request }) => {
          await requirePermission(queryClient, request, basename, 'discounts.write');
          return null;
        },
        element: <CouponEditor />,
      },
      {
        path: ':couponId',
        loader: async ({ request, params }) => {
          await requirePermission(queryClient, request, basename, 'settings.read');
          void queryClient.prefetchQuery(couponQuery(params.couponId ?? ''));
          return null;
        },
        element: <CouponEditor />,
      },
    ],
  };
}
