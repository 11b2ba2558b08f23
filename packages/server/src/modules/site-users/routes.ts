import { ACCOUNT_MESSAGES, type AccountMessageKey, accountMessageKeyOf } from '@storefront/commerce';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../platform/errors.js';
import { siteBaseUrl } from '../../platform/owner-auth.js';
import {
  clearSiteUserSession,
  requireSiteUser,
  setSiteUserSession,
  siteUserToken,
} from '../../platform/site-user-auth.js';
import { parseOr400 } from '../../platform/validation.js';
import type { AppServices } from '../../services.js';
import { CART_COOKIE, clearCartCookies, setCartCookies } from '../cart/routes.js';
import { attachCartToSiteUser } from '../cart/service.js';
import {
  accountRestockBody,
  addressBody,
  emailBody,
  idParams,
  setPasswordBody,
  signInBody,
  signUpBody,
  subscriptionChangeBody,
  useLinkBody,
} from './schema.js';
import {
  accountOverview,
  addAddress,
  changeAccountSubscription,
  joinRestockWaitlist,
  removeAddress,
  requestPasswordReset,
  requestSignInLink,
  type SiteUserView,
  setPasswordWithLink,
  signIn,
  signOut,
  signUp,
  useSignInLink,
} from './service.js';

export const ACCOUNT_URL = '/account';
const API = '/api/site-users';

function isFormPost(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

/** What a call did: its JSON answer, and for a plain form the page to go on to with a message. */
interface Done {
  status?: number;
  body?: unknown;
  message?: AccountMessageKey;
  /** Where a plain form goes next; the account page by default. */
  to?: string;
}

function withParam(url: string, name: string, value: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
}

/**
 * One account call for both clients: JSON in and out for scripts; a plain HTML form (no
 * JavaScript) is redirected to a page naming the outcome by message key (`message` or `error`),
 * never to raw JSON. `back` is where a failed form returns.
 */
function accountCall(
  services: AppServices,
  run: (request: FastifyRequest, reply: FastifyReply) => Promise<Done>,
  back: (request: FastifyRequest) => string = () => ACCOUNT_URL,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const form = isFormPost(request);
    try {
      services.crumbs.check(request);
      const done = await run(request, reply);
      if (form) {
        const to = done.to ?? ACCOUNT_URL;
        return reply.redirect(done.message ? withParam(to, 'message', done.message) : to, 303);
      }
      if (done.body === undefined) return reply.status(done.status ?? 204).send();
      return reply.status(done.status ?? 200).send(done.body);
    } catch (err) {
      if (!form || !(err instanceof HttpError)) throw err;
      // Validation names the field ("email: Please enter…"); the page shows the message alone.
      const text = err.message.replace(/^[\w.]+: /, '');
      const key = accountMessageKeyOf(text) ?? (err.statusCode === 429 ? 'tooManyRequests' : null);
      return reply.redirect(withParam(back(request), 'error', key ?? 'linkInvalid'), 303);
    }
  };
}

/** Signed in: the session and SiteUserInfo cookies, and the visitor's cart joined to the account's. */
async function signedIn(
  services: AppServices,
  request: FastifyRequest,
  reply: FastifyReply,
  result: { token: string; siteUser: SiteUserView },
): Promise<void> {
  setSiteUserSession(request, reply, result.token, result.siteUser);
  const cartToken = await attachCartToSiteUser(
    await services.context(),
    result.siteUser.id,
    request.cookies[CART_COOKIE],
  );
  if (cartToken) setCartCookies(request, reply, cartToken);
}

function formField(request: FastifyRequest, name: string): string {
  const value = (request.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/** Customer accounts (site users): sign-up, sign-in, links, the account page's calls (/api/site-users/…). */
export function siteUserRoutes(app: FastifyInstance, services: AppServices): void {
  const signInLimits = async (request: FastifyRequest, email: string) => {
    await services.rateLimit(request, 'site-user-sign-in-ip');
    await services.rateLimit(request, 'site-user-sign-in-account', email);
  };

  app.post(
    `${API}/sign-up`,
    accountCall(services, async (request, reply) => {
      const body = parseOr400(signUpBody, request.body);
      await signInLimits(request, body.email);
      const result = await signUp(
        await services.context(),
        services.siteUserSessions,
        body,
        siteUserToken(request),
      );
      await signedIn(services, request, reply, result);
      return { status: 201, body: { siteUser: result.siteUser } };
    }),
  );

  app.post(
    `${API}/session`,
    accountCall(services, async (request, reply) => {
      const body = parseOr400(signInBody, request.body);
      await signInLimits(request, body.email);
      const result = await signIn(
        await services.context(),
        services.siteUserSessions,
        body,
        siteUserToken(request),
      );
      await signedIn(services, request, reply, result);
      return { body: { siteUser: result.siteUser } };
    }),
  );

  const end = accountCall(services, async (request, reply) => {
    const token = siteUserToken(request);
    if (token) await signOut(services.siteUserSessions, token);
    clearSiteUserSession(request, reply);
    // The cart stays with the account; this browser no longer shows it.
    clearCartCookies(reply);
    return { message: 'signedOut' };
  });
  app.delete(`${API}/session`, end);
  app.post(`${API}/sign-out`, end);

  app.post(
    `${API}/sign-in-link`,
    accountCall(services, async (request) => {
      const { email } = parseOr400(emailBody, request.body);
      await services.rateLimit(request, 'password-reset');
      await services.rateLimit(request, 'site-user-sign-in-account', email);
      const ctx = await services.context();
      await requestSignInLink(ctx, email, siteBaseUrl(ctx, services.config));
      return { status: 202, body: { message: ACCOUNT_MESSAGES.signInLinkSent }, message: 'signInLinkSent' };
    }),
  );

  app.post(
    `${API}/sign-in-link/use`,
    accountCall(services, async (request, reply) => {
      const { token } = parseOr400(useLinkBody, request.body);
      await services.rateLimit(request, 'site-user-sign-in-ip');
      const result = await useSignInLink(
        await services.context(),
        services.siteUserSessions,
        token,
        siteUserToken(request),
      );
      await signedIn(services, request, reply, result);
      return { body: { siteUser: result.siteUser } };
    }),
  );

  app.post(
    `${API}/password-reset`,
    accountCall(services, async (request) => {
      const { email } = parseOr400(emailBody, request.body);
      await services.rateLimit(request, 'password-reset');
      const ctx = await services.context();
      await requestPasswordReset(ctx, email, siteBaseUrl(ctx, services.config));
      return {
        status: 202,
        body: { message: ACCOUNT_MESSAGES.passwordResetSent },
        message: 'passwordResetSent',
      };
    }),
  );

  app.post(
    `${API}/password`,
    accountCall(
      services,
      async (request, reply) => {
        const body = parseOr400(setPasswordBody, request.body);
        await services.rateLimit(request, 'password-reset');
        const result = await setPasswordWithLink(
          await services.context(),
          services.siteUserSessions,
          body,
          siteUserToken(request),
        );
        await signedIn(services, request, reply, result);
        return { body: { siteUser: result.siteUser }, message: 'passwordSet' };
      },
      (request) => withParam(`${ACCOUNT_URL}/reset-password`, 'token', formField(request, 'token')),
    ),
  );

  app.get(`${API}/account`, async (request, reply) => {
    const siteUser = await requireSiteUser(services, request, reply);
    return accountOverview(await services.context(), siteUser);
  });

  app.post(
    `${API}/account/addresses`,
    accountCall(services, async (request, reply) => {
      const siteUser = await requireSiteUser(services, request, reply);
      const { crumb: _, ...fields } = (request.body ?? {}) as Record<string, unknown>;
      const address = parseOr400(addressBody, emptyToUndefined(fields));
      const saved = await addAddress(await services.context(), siteUser.id, address);
      return { status: 201, body: { address: saved }, message: 'addressSaved' };
    }),
  );

  const remove = accountCall(services, async (request, reply) => {
    const siteUser = await requireSiteUser(services, request, reply);
    const { id } = parseOr400(idParams, request.params);
    await removeAddress(await services.context(), siteUser.id, id);
    return { message: 'addressRemoved' };
  });
  app.delete(`${API}/account/addresses/:id`, remove);
  app.post(`${API}/account/addresses/:id/delete`, remove);

  app.post(
    `${API}/account/subscriptions/:id`,
    accountCall(services, async (request, reply) => {
      const siteUser = await requireSiteUser(services, request, reply);
      const { id } = parseOr400(idParams, request.params);
      const change = parseOr400(subscriptionChangeBody, request.body);
      const ctx = await services.context();
      const subscription = await changeAccountSubscription(
        ctx,
        siteUser.id,
        id,
        change.action === 'reschedule'
          ? {
              action: 'reschedule',
              nextBillingAt: startOfDayIn(change.nextBillingDate, ctx.site.website.timeZone),
            }
          : change,
      );
      return { body: { subscription }, message: SUBSCRIPTION_DONE[change.action] };
    }),
  );

  app.post(
    `${API}/account/notifications/restock`,
    accountCall(services, async (request, reply) => {
      await services.rateLimit(request, 'restock');
      const siteUser = await requireSiteUser(services, request, reply);
      const body = parseOr400(accountRestockBody, request.body);
      const result = await joinRestockWaitlist(await services.context(), siteUser, body);
      return { status: 201, body: result, message: 'restockSaved' };
    }),
  );
}

const SUBSCRIPTION_DONE = {
  pause: 'subscriptionPaused',
  resume: 'subscriptionResumed',
  cancel: 'subscriptionCancelled',
  reschedule: 'subscriptionDateChanged',
} as const satisfies Record<string, AccountMessageKey>;

/** A plain form sends '' for a field left empty; the optional address lines are then absent. */
function emptyToUndefined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== ''));
}

/** Midnight of a calendar day in the store's time zone, in ms since epoch. */
function startOfDayIn(day: string, timeZone: string): number {
  const utc = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(utc)) throw new HttpError(400, ACCOUNT_MESSAGES.nextDateInvalid);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(utc);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asZone = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return utc - (asZone - utc);
}
