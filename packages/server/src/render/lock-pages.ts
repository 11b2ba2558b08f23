import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ACCESS_MESSAGES } from '../modules/access/service.js';
import { getCart } from '../modules/cart/service.js';
import { getCollections } from '../modules/catalog/service.js';
import { findItem } from '../modules/content/repo.js';
import { contract, htmlReply, seeOther } from '../platform/contract.js';
import { HttpError } from '../platform/errors.js';
import { localPath } from '../platform/local-path.js';
import { verifyPassword } from '../platform/passwords.js';
import type { AppServices, SiteContext } from '../services.js';
import { itemUrl } from './content-context.js';
import { pageContext } from './context.js';
import { PAGE_TYPE } from './page-types.js';

/** Where the lock screen's form posts (an API call: reachable while the site is locked). */
export const SITE_UNLOCK_ACTION = '/api/site/unlock';
export const pageUnlockAction = (itemId: string) => `/api/content/items/${encodeURIComponent(itemId)}/unlock`;

/**
 * What stays reachable while the site is locked: the owner's area, the API (the lock form's call
 * among them), static files and images, health and API documents, and purchased downloads.
 */
const OPEN_WHILE_LOCKED = [
  '/api/',
  '/config',
  '/assets/',
  '/theme/',
  '/media/',
  '/downloads/',
  '/healthz',
  '/openapi',
];

export function isLockablePath(pathname: string): boolean {
  return !OPEN_WHILE_LOCKED.some((p) => pathname === p.replace(/\/$/, '') || pathname.startsWith(p));
}

export interface PasswordForm {
  /** 'site': the lock screen (103); 'page': a page's protected-content form (105). */
  kind: 'site' | 'page';
  action: string;
  returnTo: string;
  error?: string;
  /** The protected page's title (page forms). */
  title?: string;
}

export function passwordPageTitle(ctx: SiteContext, form: PasswordForm): string {
  const siteTitle = ctx.site.website.siteTitle;
  return form.kind === 'site'
    ? `Password required — ${siteTitle}`
    : `${form.title} (protected) — ${siteTitle}`;
}

/** What the password page template shows. */
export function passwordFormContext(ctx: SiteContext, form: PasswordForm, crumb: string) {
  const site = form.kind === 'site';
  return {
    ...form,
    heading: site ? ctx.site.website.siteTitle : (form.title ?? ''),
    lockScreen: site,
    hint: site
      ? 'This site is protected. Enter the password to continue.'
      : 'This page is protected. Enter its password to read it.',
    error: form.error ?? '',
    crumb,
  };
}

/**
 * The lock screen or a protected page's form, inside the site region. The lock screen shows no
 * navigation and no cart: nothing of the site before the password.
 */
export async function renderPasswordPage(
  services: AppServices,
  ctx: SiteContext,
  request: FastifyRequest,
  reply: FastifyReply,
  form: PasswordForm,
  status: number,
) {
  const crumb = services.crumbs.ensure(request, reply);
  const site = form.kind === 'site';
  const [collections, cart] = await Promise.all([
    site ? Promise.resolve([]) : getCollections(ctx),
    getCart(ctx, undefined, ctx.site.website.currency),
  ]);
  const json = pageContext(
    {
      site: ctx.site,
      pageType: site ? PAGE_TYPE.LOCK_SCREEN : PAGE_TYPE.PROTECTED_CONTENT,
      title: passwordPageTitle(ctx, form),
      crumb,
      nonce: reply.cspNonce,
      cart,
      assets: services.theme.assets,
      collections,
      path: new URL(request.url, 'http://local').pathname,
      announcementDismissed: true,
    },
    { passwordForm: passwordFormContext(ctx, form, crumb) },
  );
  const mainContent = services.theme.render('passwordPage', json);
  const html = services.theme.render('site', { ...json, mainContent });
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .send(html);
}

/** A password form's fields (a plain HTML form post). */
const passwordFormBody = z.object({
  crumb: z.string().max(200).optional(),
  password: z.string().max(1000).default(''),
  /** Where to go once unlocked: a path of this site (anything else goes home). */
  returnTo: z.string().max(2000).default('/'),
});
type PasswordFormBody = z.output<typeof passwordFormBody>;
/** On to the page once unlocked; the form again (HTML) for a wrong password or too many tries. */
const unlockReplies = { 303: seeOther, 401: htmlReply, 429: htmlReply };

const UNLOCK_DESCRIPTION =
  'A plain HTML form post (`crumb`, `password`, `returnTo`): the right password sets a signed HttpOnly cookie and answers 303 to `returnTo`; a wrong or missing one answers the form again (HTML, 401), too many tries 429.';

/**
 * A password form's POST: a wrong or missing password answers its form again with the message
 * (401), too many tries 429; the right one sets the signed cookie and goes back (303).
 */
async function checkPassword(
  services: AppServices,
  request: FastifyRequest,
  reply: FastifyReply,
  body: PasswordFormBody,
  form: Omit<PasswordForm, 'returnTo' | 'error'>,
  passwordHash: string,
  grant: () => void,
) {
  services.crumbs.check(request);
  const ctx = await services.context();
  const returnTo = localPath(body.returnTo);
  const { password } = body;
  try {
    await services.rateLimit(request, 'site-password');
  } catch (err) {
    if (!(err instanceof HttpError) || err.statusCode !== 429) throw err;
    return renderPasswordPage(
      services,
      ctx,
      request,
      reply,
      { ...form, returnTo, error: ACCESS_MESSAGES.tooMany },
      429,
    );
  }
  if (password === '' || !(await verifyPassword(passwordHash, password))) {
    const error = password === '' ? ACCESS_MESSAGES.required : ACCESS_MESSAGES.incorrect;
    return renderPasswordPage(services, ctx, request, reply, { ...form, returnTo, error }, 401);
  }
  grant();
  return reply.redirect(returnTo, 303);
}

/** The site password's lock screen in front of every storefront page, and the password forms' calls. */
export function lockRoutes(app: FastifyInstance, services: AppServices): void {
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const pathname = new URL(request.url, 'http://local').pathname;
    if (!isLockablePath(pathname)) return;
    const ctx = await services.context().catch(() => null);
    if (!ctx || services.access.siteOpen(request, ctx.websiteId, ctx.site.lock.passwordHash)) return;
    const form = { kind: 'site' as const, action: SITE_UNLOCK_ACTION, returnTo: localPath(request.url) };
    return renderPasswordPage(services, ctx, request, reply, form, 401);
  });

  const api = contract(app);
  api.post(
    SITE_UNLOCK_ACTION,
    {
      schema: {
        description: `The lock screen's form (spec §2, 103). ${UNLOCK_DESCRIPTION}`,
        body: passwordFormBody,
        response: unlockReplies,
      },
    },
    async (request, reply) => {
      const ctx = await services.context();
      const hash = ctx.site.lock.passwordHash;
      // No password: nothing to unlock, go on to the page.
      if (!hash) return reply.redirect(localPath(request.body.returnTo), 303);
      return checkPassword(
        services,
        request,
        reply,
        request.body,
        { kind: 'site', action: SITE_UNLOCK_ACTION },
        hash,
        () => services.access.grantSite(request, reply, ctx.websiteId, hash),
      );
    },
  );

  api.post(
    '/api/content/items/:id/unlock',
    {
      schema: {
        description: `A page's own password form (spec §2 protected content, 105). ${UNLOCK_DESCRIPTION}`,
        params: z.object({ id: z.string().max(64) }),
        body: passwordFormBody,
        response: unlockReplies,
      },
    },
    async (request, reply) => {
      const ctx = await services.context();
      const row = await findItem(ctx.db, ctx.websiteId, request.params.id);
      if (!row || row.status !== 'published') throw new HttpError(404, 'Not found');
      const collection = (await getCollections(ctx)).find((c) => c.id === row.collection_id);
      const back = collection ? itemUrl({ urlSlug: row.url_slug }, collection) : '/';
      if (!row.password_hash) return reply.redirect(back, 303);
      const hash = row.password_hash;
      return checkPassword(
        services,
        request,
        reply,
        request.body,
        { kind: 'page', action: pageUnlockAction(row.id), title: row.title },
        hash,
        () => services.access.grantPage(request, reply, row.id, hash),
      );
    },
  );
}
