import type { QueryClient } from '@tanstack/react-query';
import { type RouteObject, redirect } from 'react-router';
import { sessionQuery } from './api/session';
import { ShellSkeleton } from './components/Status';
import { SetPassword } from './routes/auth/set-password/SetPassword';
import { SignIn } from './routes/auth/sign-in/SignIn';
import { inventoryRoute } from './routes/catalog/inventory/route';
import { mediaRoute } from './routes/catalog/media/route';
import { productsRoute } from './routes/catalog/products/route';
import { restockRoute } from './routes/catalog/restock/route';
import { commentsRoute } from './routes/content/comments/route';
import { formsRoute } from './routes/content/forms/route';
import { contentRoute } from './routes/content/items/route';
import { reviewsRoute } from './routes/content/reviews/route';
import { requireSession, safeNext } from './routes/guards';
import { newsletterRoutes } from './routes/newsletter/route';
import { auditRoute } from './routes/people/audit/route';
import { contributorsRoute } from './routes/people/contributors/route';
import { adPixelsRoute } from './routes/reports/ad-pixels/route';
import { analyticsRoute } from './routes/reports/analytics/route';
import { ordersRoute } from './routes/sales/orders/route';
import { subscriptionsRoute } from './routes/sales/subscriptions/route';
import { Home } from './routes/shell/Home';
import { Layout } from './routes/shell/Layout';
import { RouteError } from './routes/shell/RouteError';
import { couponsRoute } from './routes/store/coupons/route';
import { settingsRoute } from './routes/store/settings/route';
import { shippingTaxRoute } from './routes/store/shipping-tax/route';
import { templatesRoute } from './routes/store/templates/route';

/** Where the area lives; every route below is relative to it. */
export const CONFIG_BASENAME = '/config';

export interface ScreenContext {
  queryClient: QueryClient;
  basename: string;
}

/**
 * The area's routes. Signed-out visitors reach only the sign-in and set-password screens; every
 * other route sits under the layout, whose loader sends them to the sign-in. Each screen's folder
 * exports its route (path, loader with its permission guard, component); a later issue's screen
 * plugs in by adding its route here and its entry to the navigation (routes/shell/nav.ts).
 */
export function configRoutes(queryClient: QueryClient, basename = CONFIG_BASENAME): RouteObject[] {
  const ctx: ScreenContext = { queryClient, basename };
  return [
    {
      path: '/sign-in',
      loader: async ({ request }) => {
        const contributor = await queryClient.ensureQueryData(sessionQuery());
        if (contributor) throw redirect(safeNext(new URL(request.url).searchParams.get('next')));
        return null;
      },
      element: <SignIn />,
      hydrateFallbackElement: <ShellSkeleton />,
    },
    { path: '/set-password', element: <SetPassword /> },
    {
      path: '/',
      loader: async ({ request }) => {
        await requireSession(queryClient, request, basename);
        return null;
      },
      element: <Layout />,
      hydrateFallbackElement: <ShellSkeleton />,
      errorElement: <RouteError />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { index: true, element: <Home /> },
            productsRoute(ctx),
            inventoryRoute(ctx),
            mediaRoute(ctx),
            restockRoute(ctx),
            contentRoute(ctx),
            analyticsRoute(ctx),
            ordersRoute(ctx),
            subscriptionsRoute(ctx),
            couponsRoute(ctx),
            shippingTaxRoute(ctx),
            settingsRoute(ctx),
            adPixelsRoute(ctx),
            formsRoute(ctx),
            commentsRoute(ctx),
            reviewsRoute(ctx),
            contributorsRoute(ctx),
            auditRoute(ctx),
            templatesRoute(ctx),
            ...newsletterRoutes(ctx),
            {
              path: '*',
              loader: () => {
                throw new Response(null, { status: 404 });
              },
            },
          ],
        },
      ],
    },
  ];
}
