import type { OwnerEndpoint } from './owner.js';

/** The template editor's calls; the theme is the site's look, kept to settings.write (docs/roles.md). */
export const TEMPLATE_ENDPOINTS: OwnerEndpoint[] = [
  { method: 'GET', url: '/api/config/templates', permission: 'settings.write' },
  { method: 'GET', url: '/api/config/templates/notFound', permission: 'settings.write' },
  {
    method: 'PUT',
    url: '/api/config/templates/notFound/draft',
    permission: 'settings.write',
    body: { source: '<h1>Not here</h1>' },
  },
  {
    method: 'POST',
    url: '/api/config/templates/notFound/validate',
    permission: 'settings.write',
    body: { source: '<h1>Not here</h1>' },
  },
  {
    method: 'GET',
    url: '/api/config/templates/notFound/preview?path=/nowhere',
    permission: 'settings.write',
    ok: 404,
  },
  {
    method: 'POST',
    url: '/api/config/templates/notFound/publish',
    permission: 'settings.write',
    body: { source: '<h1>Not here</h1>' },
  },
  { method: 'POST', url: '/api/config/templates/notFound/revert', permission: 'settings.write' },
];
