import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentContributor } from '../platform/owner-auth.js';
import type { AppServices } from '../services.js';
import type { WebAssets } from './assets.js';

/** Where the owner's area lives; its app routes everything below it in the browser. */
export const CONFIG_PATH = '/config';
const AREA_TITLE = 'Owner’s area';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a <script> element: nothing in it may close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

interface ShellStore {
  siteTitle: string;
  currency: string;
  locale: string;
  /** The store's time zone: the analytics dashboard's days are its calendar days. */
  timeZone?: string;
}

/**
 * What the app starts from. `signedIn` false lets a signed-out visitor's sign-in screen skip
 * asking GET /api/config/session, whose 401 the browser would log as an error; when true the
 * app still asks it for the contributor (the session may end in between, and the API decides).
 */
interface ShellContext extends ShellStore {
  signedIn: boolean;
}

/** The store's name, currency and locale for the area; a fresh install without a site has none yet. */
async function storeFor(services: AppServices): Promise<ShellStore> {
  try {
    const { site } = await services.context();
    return {
      siteTitle: site.website.siteTitle,
      currency: site.website.currency,
      locale: site.website.locale,
      timeZone: site.website.timeZone,
    };
  } catch {
    return { siteTitle: '', currency: 'USD', locale: 'en-US' };
  }
}

/** The page the area's app starts from: one root element, the store's context, the bundle. */
export function configShellHtml(assets: WebAssets, store: ShellContext): string {
  const title = store.siteTitle ? `${AREA_TITLE} — ${store.siteTitle}` : AREA_TITLE;
  const lang = store.locale.split('-')[0] || 'en';
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title>`,
    '<link rel="icon" href="/theme/favicon.svg" type="image/svg+xml">',
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...assets.scripts.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`),
    '</head>',
    '<body>',
    `<script type="application/json" id="config-context">${scriptJson(store)}</script>`,
    '<div id="config-root"></div>',
    `<noscript>${escapeHtml(AREA_TITLE)} needs JavaScript.</noscript>`,
    '</body>',
    '</html>',
  ].join('\n');
}

/**
 * `GET /config` and everything under it answer the same shell page; the app decides what to show.
 * The page sets the crumb cookie the app echoes on every change.
 */
export function configShellRoutes(app: FastifyInstance, services: AppServices, assets: WebAssets): void {
  const shell = async (request: FastifyRequest, reply: FastifyReply) => {
    services.crumbs.ensure(request, reply);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-frame-options', 'DENY')
      .send(
        configShellHtml(assets, {
          ...(await storeFor(services)),
          signedIn: (await currentContributor(services, request, reply)) !== null,
        }),
      );
  };
  app.get(CONFIG_PATH, shell);
  app.get(`${CONFIG_PATH}/*`, shell);
}
