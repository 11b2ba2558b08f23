import { ACCOUNT_MESSAGES, isAccountMessageKey } from '@storefront/commerce';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type AccountOverview, accountOverview } from '../modules/site-users/service.js';
import type { SubscriptionView } from '../modules/subscriptions/billing-service.js';
import { NEXT_BILLING_MAX_AHEAD_MS } from '../modules/subscriptions/billing-service.js';
import { localPath } from '../platform/local-path.js';
import { parseInput, text } from '../platform/request-input.js';
import { currentSiteUser } from '../platform/site-user-auth.js';
import type { AppServices, SiteContext } from '../services.js';
import { ORDER_STATUS_TEXT, render } from './checkout-pages.js';
import { PAGE_TYPE } from './page-types.js';

const DAY_MS = 24 * 60 * 60_000;
const noticeQuery = z.object({
  message: text().optional(),
  error: text().optional(),
  token: text().optional(),
  returnTo: text().optional(),
});

/** The words a form's redirect names by key (never text from the link itself). */
function notices(request: FastifyRequest) {
  const { message, error } = parseInput(noticeQuery, request.query);
  return {
    message: isAccountMessageKey(message) ? ACCOUNT_MESSAGES[message] : '',
    error: isAccountMessageKey(error) ? ACCOUNT_MESSAGES[error] : '',
  };
}

const SUBSCRIPTION_STATUS_TEXT: Record<SubscriptionView['status'], string> = {
  active: 'Active',
  paused: 'Paused',
  past_due: 'Payment failed: we will try again',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

/** A calendar day (YYYY-MM-DD) in the store's time zone, for a date input's value and bounds. */
function dayIn(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms);
}

function accountContext(ctx: SiteContext, overview: AccountOverview) {
  const { timeZone, locale } = ctx.site.website;
  const now = ctx.clock.now();
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  return {
    email: overview.siteUser.email,
    orders: overview.orders.map((o) => ({
      ...o,
      statusText: ORDER_STATUS_TEXT[o.status as keyof typeof ORDER_STATUS_TEXT] ?? o.status,
    })),
    subscriptions: overview.subscriptions.map((s) => ({
      ...s,
      statusText: SUBSCRIPTION_STATUS_TEXT[s.status],
      open: s.status === 'active' || s.status === 'paused' || s.status === 'past_due',
      canPause: s.status === 'active',
      canResume: s.status === 'paused',
      canReschedule: s.status === 'active' || s.status === 'paused',
      nextDay: s.nextBillingDate ? dayIn(Date.parse(s.nextBillingDate), timeZone) : '',
      minDay: dayIn(now + DAY_MS, timeZone),
      maxDay: dayIn(now + NEXT_BILLING_MAX_AHEAD_MS - DAY_MS, timeZone),
    })),
    addresses: overview.addresses,
    restockNotifications: overview.restockNotifications.map((r) => ({
      ...r,
      statusText: r.notified ? `Emailed ${day.format(r.notified)}` : 'Waiting for stock',
    })),
  };
}

/** The storefront's account pages: sign in or up, the account itself, and the pages one-time links open. */
export function accountPageRoutes(app: FastifyInstance, services: AppServices): void {
  app.get('/account', async (request, reply) => {
    const ctx = await services.context();
    const siteUser = await currentSiteUser(services, request, reply);
    const shown = notices(request);
    if (!siteUser) {
      return render(services, request, reply, {
        status: 200,
        pageType: PAGE_TYPE.PAGE,
        template: 'accountSignIn',
        title: 'Sign in',
        // The page that sent the shopper here (a member area's paywall), where signing in goes on to.
        data: { notice: shown, returnTo: localPath(parseInput(noticeQuery, request.query).returnTo, '') },
      });
    }
    return render(services, request, reply, {
      status: 200,
      pageType: PAGE_TYPE.PAGE,
      template: 'account',
      title: 'Your account',
      data: { notice: shown, account: accountContext(ctx, await accountOverview(ctx, siteUser)) },
    });
  });

  // A link opens a page with a button rather than acting on GET: mail scanners that fetch links cannot use it up.
  const linkPage =
    (purpose: 'sign-in' | 'reset') =>
    async (request: FastifyRequest, reply: Parameters<typeof render>[2]) => {
      const { token, returnTo } = parseInput(noticeQuery, request.query);
      return render(services, request, reply, {
        status: 200,
        pageType: PAGE_TYPE.PAGE,
        template: 'accountLink',
        title: purpose === 'sign-in' ? 'Sign in' : 'Choose a new password',
        data: {
          notice: notices(request),
          link: {
            token: token ?? '',
            signIn: purpose === 'sign-in',
            // The page that asked the shopper to sign in, carried by the emailed link.
            returnTo: purpose === 'sign-in' ? localPath(returnTo, '') : '',
          },
        },
      });
    };
  app.get('/account/sign-in-link', linkPage('sign-in'));
  app.get('/account/reset-password', linkPage('reset'));
}
