import './config.css';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ApiError, UNAUTHORIZED } from './api/client';
import { sessionKeys } from './api/session';
import { readAreaContext, setAreaContext } from './context';
import { CONFIG_BASENAME, configRoutes } from './router';
import { areaPath, signInPath } from './routes/guards';

const context = readAreaContext(document);
setAreaContext(context);

/** Lists stay fresh for this long before a screen refetches them in the background. */
const STALE_MS = 30_000;

let router: ReturnType<typeof createBrowserRouter>;
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: STALE_MS, retry: 1 } },
  queryCache: new QueryCache({
    // A session that ended while a screen was open (expired, signed out elsewhere): back to the
    // sign-in, which returns here afterwards.
    onError: (error) => {
      if (error instanceof ApiError && error.status === UNAUTHORIZED) {
        queryClient.setQueryData(sessionKeys.all, null);
        void router.navigate(signInPath(areaPath(new URL(window.location.href), CONFIG_BASENAME)));
      }
    },
  }),
});
// Served signed out: the session is known to be none, so no screen asks the API (a 401 the
// browser would log as an error on the sign-in page).
if (!context.signedIn) queryClient.setQueryData(sessionKeys.all, null);
router = createBrowserRouter(configRoutes(queryClient), { basename: CONFIG_BASENAME });

const root = document.getElementById('config-root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
