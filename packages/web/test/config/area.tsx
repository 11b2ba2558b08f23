import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CONFIG_BASENAME, configRoutes } from '../../src/config/router';
import { jsonResponse, type RecordedRequest, stubFetch } from '../helpers';

export interface Who {
  role: number;
  roleName: string;
  permissions: string[];
}

export const STORE_MANAGER: Who = {
  role: 8,
  roleName: 'store manager',
  permissions: ['products.read', 'products.write', 'inventory.write', 'media.write', 'orders.read'],
};
/** Billing (spec §6 role 2): orders and their refunds. */
export const BILLING: Who = {
  role: 2,
  roleName: 'billing',
  permissions: ['orders.read', 'orders.write', 'settings.read', 'billing.manage', 'analytics.read'],
};
export const VIEWER: Who = { role: 10, roleName: 'viewer', permissions: ['products.read', 'settings.read'] };
export const ADMIN: Who = {
  role: 1,
  roleName: 'admin',
  permissions: [
    'products.read',
    'products.write',
    'inventory.write',
    'media.write',
    'contributors.manage',
    'audit.read',
  ],
};

export const contributor = (who: Who) => ({ id: 'c_1', email: 'ada@example.com', name: 'Ada', ...who });

/**
 * The server as the area sees it: `who` signed in (or nobody), and `routes` answering the other
 * calls by "METHOD /path" (404 for anything else).
 */
export function stubServer(
  who: Who | null,
  routes: Record<string, (request: RecordedRequest) => Response | Promise<Response>> = {},
) {
  return stubFetch((request) => {
    const path = request.url.split('?')[0];
    const key = `${request.method} ${path}`;
    if (routes[key]) return routes[key](request);
    if (key === 'GET /api/config/session')
      return who
        ? jsonResponse({ contributor: contributor(who) })
        : jsonResponse({ message: 'Please sign in.' }, 401);
    return jsonResponse({ message: 'Not found' }, 404);
  });
}

/** The area's real routes in memory, at `path` (e.g. '/config/products'). */
export function renderArea(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(configRoutes(queryClient, CONFIG_BASENAME), {
    initialEntries: [path],
    basename: CONFIG_BASENAME,
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
