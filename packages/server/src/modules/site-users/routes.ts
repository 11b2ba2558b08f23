import { ACCOUNT_MESSAGES, type AccountMessageKey, accountMessageKeyOf } from '@storefront/commerce';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { contract, guard, invalidRequest, isFormPost, noContent, seeOther } from '../../platform/contract.js';
import { HttpError } from '../../platform/errors.js';
import { localPath } from '../../platform/local-path.js';
import { siteBaseUrl } from '../../platform/owner-auth.js';
import {
  clearSiteUserSession,
  markRegistered,
  requireSiteUser,
  setSiteUserSession,
  siteUserToken,
} from '../../platform/site-user-auth.js';
import type { AppServices } from '../../services.js';
import { CART_COOKIE, clearCartCookies, setCartCookies } from '../cart/routes.js';
import { attachCartToSiteUser } from '../cart/service.js';
import {
  accountReply,
  accountRestockBody,
  accountSubscriptionReply,
  addressBody,
  addressReply,
  emailBody,
  idParams,
  messageReply,
  setPasswordBody,
  signedInReply,
  signInBody,
  signInLinkBody,
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
  type SignedIn,
  setPasswordWithLink,
  signIn,
  signOut,
  signUp,
  useSignInLink,
} from './service.js';

export const ACCOUNT_URL = '/account';
const API = '/api/site-users';

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
 * JavaScript) is redirected to a page naming the outcome by message key (`message`).
 */
function accountCall<R extends FastifyRequest>(run: (request: R, reply: FastifyReply) => Promise<Done>) {
  return async (request: R, reply: FastifyReply) => {
    const done = await run(request, reply);
    if (isFormPost(request)) {
      const to = done.to ?? ACCOUNT_URL;
      return reply.redirect(done.message ? withParam(to, 'message', done.message) : to, 303);
    }
    if (done.body === undefined) return reply.status(done.status ?? 204).send();
    return reply.status(done.status ?? 200).send(done.body);
  };
}

/** The account page, carrying the form's `returnTo` on when it names a path of this site. */
function accountReturning(body: unknown): string {
  const wanted = body && typeof body === 'object' ? (body as { returnTo?: unknown }).returnTo : undefined;
  const to = localPath(wanted, '');
  return to ? withParam(ACCOUNT_URL, 'returnTo', to) : ACCOUNT_URL;
}

/**
 * The error handler of an account call: a plain form that fails (its fields, its crumb, a limit,
 * the service's refusal) goes back to `back` naming the message by key (`error`), never to raw JSON.
 */
function formErrors(back: (request: FastifyRequest) => string = () => ACCOUNT_URL) {
  return (err: Error, request: FastifyRequest, reply: FastifyReply) => {
    const failure = invalidRequest(err, request) ?? err;
    if (!isFormPost(request) || !(failure instanceof HttpError)) throw err;
    const key =
      accountMessageKeyOf(failure.message) ?? (failure.statusCode === 429 ? 'tooManyRequests' : null);
    return reply.redirect(withParam(back(request), 'error', key ?? 'linkInvalid'), 303);
  };
}

/**
 * Signed in: the session and SiteUserInfo cookies, the registered mark when the account was just
 * created, and the visitor's cart joined to the account's.
 */
async function signedIn(
  services: AppServices,
  request: FastifyRequest,
  reply: FastifyReply,
  result: SignedIn,
): Promise<void> {
  setSiteUserSession(request, reply, result.token, result.siteUser);
  if (result.registered) markRegistered(request, reply);
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

/** A plain form sends '' for a field left empty; the optional address lines are then absent. */
const emptyToUndefined: preValidationAsyncHookHandler = async (request) => {
  if (request.body && typeof request.body === 'object' && !Array.isArray(request.body))
    request.body = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== ''));
};

/** Customer accounts (site users): sign-up, sign-in, links, the account page's calls (/api/site-users/…). */
export function siteUserRoutes(app: FastifyInstance, services: AppServices): void {
  const api = contract(app);
  const crumb = guard(services, null, { crumb: true });
  /** The account page's calls: the crumb, then a signed-in shopper, before any input is read. */
  const signedInOnly: preValidationAsyncHookHandler = async (request, reply) => {
    await requireSiteUser(services, request, reply);
  };
  // Refused input: the first problem's message, every field's in `errors` (the form shows them).
  const config = { invalid: { body: 'fields' as const, params: 'fields' as const } };
  const errorHandler = formErrors();
  // A refused sign-in or sign-up goes back to the account page still carrying where to go next.
  const signInErrors = formErrors((request) => accountReturning(request.body));
  const signInLimits = async (request: FastifyRequest, email: string) => {
    await services.rateLimit(request, 'site-user-sign-in-ip');
    await services.rateLimit(request, 'site-user-sign-in-account', email);
  };

  api.post(
    `${API}/sign-up`,
    {
      schema: { body: signUpBody, response: { 201: signedInReply } },
      config,
      preValidation: crumb,
      errorHandler: signInErrors,
    },
    accountCall(async (request, reply) => {
      await signInLimits(request, request.body.email);
      const result = await signUp(
        await services.context(),
        services.siteUserSessions,
        request.body,
        siteUserToken(request),
      );
      await signedIn(services, request, reply, result);
      return {
        status: 201,
        body: { siteUser: result.siteUser },
        to: localPath(request.body.returnTo, ACCOUNT_URL),
      };
    }),
  );

  api.post(
    `${API}/session`,
    {
      schema: { body: signInBody, response: { 200: signedInReply } },
      config,
      preValidation: crumb,
      errorHandler: signInErrors,
    },
    accountCall(async (request, reply) => {
      await signInLimits(request, request.body.email);
      const result = await signIn(
        await services.context(),
        services.siteUserSessions,
        request.body,
        siteUserToken(request),
      );
      await signedIn(services, request, reply, result);
      return { body: { siteUser: result.siteUser }, to: localPath(request.body.returnTo, ACCOUNT_URL) };
    }),
  );

  const end = accountCall(async (request, reply) => {
    const token = siteUserToken(request);
    if (token) await signOut(services.siteUserSessions, token);
    clearSiteUserSession(request, reply);
    // The cart stays with the account; this browser no longer shows it.
    clearCartCookies(reply);
    return { message: 'signedOut' };
  });
  const ended = {
    schema: { response: { 204: noContent, 303: seeOther } },
    preValidation: crumb,
    errorHandler,
  };
  api.delete(`${API}/session`, ended, end);
  api.post(`${API}/sign-out`, ended, end);

  api.post(
    `${API}/sign-in-link`,
    {
      schema: { body: signInLinkBody, response: { 202: messageReply } },
      config,
      preValidation: crumb,
      errorHandler,
    },
    accountCall(async (request) => {
      const { email, returnTo } = request.body;
      await services.rateLimit(request, 'password-reset');
      await services.rateLimit(request, 'site-user-sign-in-account', email);
      const ctx = await services.context();
      await requestSignInLink(ctx, email, siteBaseUrl(ctx, services.config), localPath(returnTo, ''));
      return {
        status: 202,
        body: { message: ACCOUNT_MESSAGES.signInLinkSent },
        message: 'signInLinkSent',
        to: accountReturning(request.body),
      };
    }),
  );

  api.post(
    `${API}/sign-in-link/use`,
    {
      schema: { body: useLinkBody, response: { 200: signedInReply } },
      config,
      preValidation: crumb,
      errorHandler,
    },
    accountCall(async (request, reply) => {
      await services.rateLimit(request, 'site-user-sign-in-ip');
      const result = await useSignInLink(
        await services.context(),
        services.siteUserSessions,
        request.body.token,
        siteUserToken(request),
      );
      await signedIn(services, request, reply, result);
      return { body: { siteUser: result.siteUser }, to: localPath(request.body.returnTo, ACCOUNT_URL) };
    }),
  );

  api.post(
    `${API}/password-reset`,
    {
      schema: { body: emailBody, response: { 202: messageReply } },
      config,
      preValidation: crumb,
      errorHandler,
    },
    accountCall(async (request) => {
      await services.rateLimit(request, 'password-reset');
      const ctx = await services.context();
      await requestPasswordReset(ctx, request.body.email, siteBaseUrl(ctx, services.config));
      return {
        status: 202,
        body: { message: ACCOUNT_MESSAGES.passwordResetSent },
        message: 'passwordResetSent',
      };
    }),
  );

  api.post(
    `${API}/password`,
    {
      schema: { body: setPasswordBody, response: { 200: signedInReply } },
      config,
      preValidation: crumb,
      // A failed form goes back to the new-password page of its link.
      errorHandler: formErrors((request) =>
        withParam(`${ACCOUNT_URL}/reset-password`, 'token', formField(request, 'token')),
      ),
    },
    accountCall(async (request, reply) => {
      await services.rateLimit(request, 'password-reset');
      const result = await setPasswordWithLink(
        await services.context(),
        services.siteUserSessions,
        request.body,
        siteUserToken(request),
      );
      await signedIn(services, request, reply, result);
      return { body: { siteUser: result.siteUser }, message: 'passwordSet' };
    }),
  );

  api.get(`${API}/account`, { schema: { response: { 200: accountReply } } }, async (request, reply) => {
    const siteUser = await requireSiteUser(services, request, reply);
    return accountOverview(await services.context(), siteUser);
  });

  api.post(
    `${API}/account/addresses`,
    {
      schema: { body: addressBody, response: { 201: addressReply } },
      config,
      preValidation: [crumb, signedInOnly, emptyToUndefined],
      errorHandler,
    },
    accountCall(async (request, reply) => {
      const siteUser = await requireSiteUser(services, request, reply);
      const saved = await addAddress(await services.context(), siteUser.id, request.body);
      return { status: 201, body: { address: saved }, message: 'addressSaved' };
    }),
  );

  // DELETE for scripts; the account page's plain form posts to …/delete.
  for (const [method, url] of [
    ['delete', `${API}/account/addresses/:id`],
    ['post', `${API}/account/addresses/:id/delete`],
  ] as const) {
    api[method](
      url,
      {
        schema: { params: idParams, response: { 204: noContent, 303: seeOther } },
        config,
        preValidation: [crumb, signedInOnly],
        errorHandler,
      },
      accountCall(async (request, reply) => {
        const siteUser = await requireSiteUser(services, request, reply);
        await removeAddress(await services.context(), siteUser.id, request.params.id);
        return { message: 'addressRemoved' };
      }),
    );
  }

  api.post(
    `${API}/account/subscriptions/:id`,
    {
      schema: { params: idParams, body: subscriptionChangeBody, response: { 200: accountSubscriptionReply } },
      config,
      preValidation: [crumb, signedInOnly],
      errorHandler,
    },
    accountCall(async (request, reply) => {
      const siteUser = await requireSiteUser(services, request, reply);
      const change = request.body;
      const ctx = await services.context();
      const subscription = await changeAccountSubscription(
        ctx,
        siteUser.id,
        request.params.id,
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

  api.post(
    `${API}/account/notifications/restock`,
    {
      schema: { body: accountRestockBody, response: { 201: messageReply } },
      config,
      preValidation: [crumb, guard(services, 'restock', { crumb: false }), signedInOnly],
      errorHandler,
    },
    accountCall(async (request, reply) => {
      const siteUser = await requireSiteUser(services, request, reply);
      const result = await joinRestockWaitlist(await services.context(), siteUser, request.body);
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
