import { ACCOUNT_ADDRESSES_MAX, ACCOUNT_MESSAGES, formatMoney, type MemberOrder } from '@storefront/commerce';
import type { RequestContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { newId, newToken, sha256 } from '../../platform/ids.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { closeSession, openSession, readSession, type SessionStore } from '../../platform/sessions.js';
import type { SiteContext } from '../../services.js';
import { checkShippingAddress } from '../checkout/address.js';
import { enqueueEmail } from '../email/service.js';
import { itemsOfOrders, orderNumberOf, orderStatusUrl } from '../orders/service.js';
import { restockTarget, signUpForRestock } from '../restock/service.js';
import {
  changeSubscription,
  type SubscriptionChange,
  type SubscriptionView,
  subscriptionView,
} from '../subscriptions/billing-service.js';
import {
  countAddresses,
  deleteAddress,
  findSiteUserByEmail,
  findSiteUserById,
  insertAddress,
  insertSiteUser,
  insertSiteUserToken,
  linkOrder,
  listAddresses,
  listOrderProductsOfSiteUser,
  listOrdersOfSiteUser,
  listRestockSignupsOfSiteUser,
  listSubscriptionsOfSiteUser,
  retireSiteUserTokens,
  type SiteUserRow,
  updateSiteUserPassword,
  usedOtherToken,
  useSiteUserToken,
} from './repo.js';
import type { AccountRestockBody } from './schema.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** A shopper who visits at least once a month stays signed in. */
export const SITE_USER_SESSION_IDLE_MS = 30 * DAY_MS;
/** An emailed sign-in link is for now; a reset link may wait for the shopper to open their mail. */
export const SIGN_IN_LINK_TTL_MS = 15 * MINUTE_MS;
export const RESET_LINK_TTL_MS = 60 * MINUTE_MS;
const LINK_WORDS = { 'sign-in': '15 minutes', reset: '1 hour' } as const;
/** Orders the account page lists (the newest). */
export const ACCOUNT_ORDERS_SHOWN = 50;

/** The signed-in shopper as the account API answers it. */
export interface SiteUserView {
  id: string;
  email: string;
  hasPassword: boolean;
}

function view(row: SiteUserRow): SiteUserView {
  return { id: row.id, email: row.email, hasPassword: row.password_hash !== null };
}

/** Pages a one-time link opens: the sign-in link's confirm page and the new-password page. */
/** `returnTo`: a path of this site (already checked) the link's sign-in goes on to, or ''. */
export function accountLink(
  baseUrl: string,
  purpose: 'sign-in' | 'reset',
  token: string,
  returnTo = '',
): string {
  const back = returnTo ? `&returnTo=${encodeURIComponent(returnTo)}` : '';
  return `${baseUrl}/account/${purpose === 'sign-in' ? 'sign-in-link' : 'reset-password'}?token=${token}${back}`;
}

// ── sessions ────────────────────────────────────────────────────────────────

/** The account a session token stands for, or null. `renewed`: the cookie's lifetime should follow. */
export async function resolveSiteUserSession(
  ctx: SiteContext,
  store: SessionStore,
  token: string,
): Promise<{ siteUser: SiteUserView; renewed: boolean } | null> {
  const session = await readSession(store, token, ctx.clock.now(), SITE_USER_SESSION_IDLE_MS);
  if (!session) return null;
  const row = await findSiteUserById(ctx.db, ctx.websiteId, session.subjectId);
  return row ? { siteUser: view(row), renewed: session.renewed } : null;
}

/** A signed-in session; `registered`: this sign-in completed the account's creation (spec §7 CompleteRegistration). */
export interface SignedIn {
  token: string;
  siteUser: SiteUserView;
  registered: boolean;
}

/** A fresh session (the one presented before, if any, ends: a token known before sign-in is never a signed-in one). */
async function startSession(
  ctx: SiteContext,
  store: SessionStore,
  row: SiteUserRow,
  previousToken: string | undefined,
  registered = false,
): Promise<SignedIn> {
  if (previousToken) await closeSession(store, previousToken);
  const token = await openSession(store, row.id, ctx.clock.now(), SITE_USER_SESSION_IDLE_MS);
  return { token, siteUser: view(row), registered };
}

/**
 * An account an emailed link made has no password and no link used before: its first link proves
 * the address, and that is when the shopper has signed up.
 */
async function firstLinkOf(db: SiteContext['db'], row: SiteUserRow, tokenId: string): Promise<boolean> {
  return row.password_hash === null && !(await usedOtherToken(db, row.id, tokenId));
}

/** Makes an account with email and password and signs it in; 409 when the email has one. */
export async function signUp(
  ctx: SiteContext,
  store: SessionStore,
  input: { email: string; password: string },
  previousToken: string | undefined,
) {
  const row: SiteUserRow = {
    id: newId('su'),
    website_id: ctx.websiteId,
    email: input.email,
    password_hash: await hashPassword(input.password),
    created_at: ctx.clock.now(),
  };
  if (!(await insertSiteUser(ctx.db, row))) throw new HttpError(409, ACCOUNT_MESSAGES.accountExists);
  return startSession(ctx, store, row, previousToken, true);
}

export async function signIn(
  ctx: SiteContext,
  store: SessionStore,
  credentials: { email: string; password: string },
  previousToken: string | undefined,
) {
  const row = await findSiteUserByEmail(ctx.db, ctx.websiteId, credentials.email);
  const ok = await verifyPassword(row?.password_hash ?? null, credentials.password);
  if (!ok || !row) throw new HttpError(401, ACCOUNT_MESSAGES.wrongCredentials);
  return startSession(ctx, store, row, previousToken);
}

export async function signOut(store: SessionStore, token: string): Promise<void> {
  await closeSession(store, token);
}

// ── one-time links ──────────────────────────────────────────────────────────

async function issueLink(
  ctx: SiteContext,
  row: SiteUserRow,
  purpose: 'sign-in' | 'reset',
  baseUrl: string,
  returnTo = '',
) {
  await ctx.db.transaction().execute(async (trx) => {
    const token = newToken(32);
    const now = ctx.clock.now();
    await insertSiteUserToken(trx, {
      id: sha256(token),
      site_user_id: row.id,
      purpose,
      created_at: now,
      expires_at: now + (purpose === 'sign-in' ? SIGN_IN_LINK_TTL_MS : RESET_LINK_TTL_MS),
      used_at: null,
    });
    const link = accountLink(baseUrl, purpose, token, returnTo);
    const siteTitle = ctx.site.website.siteTitle;
    await enqueueEmail(
      { ...ctx, db: trx },
      trx,
      purpose === 'sign-in'
        ? {
            to: row.email,
            template: 'sign-in-link',
            data: { siteTitle, link, validFor: LINK_WORDS[purpose] },
          }
        : {
            to: row.email,
            template: 'password-reset',
            data: { siteTitle, name: row.email, link, validFor: LINK_WORDS[purpose] },
          },
    );
  });
}

/**
 * Emails a one-time sign-in link. An email without an account gets one made (no password):
 * opening the link proves the address, so this is also how a shopper signs up without a password.
 * Answers the same either way.
 */
/** `returnTo`: a path of this site the emailed link brings the shopper back to, or ''. */
export async function requestSignInLink(
  ctx: SiteContext,
  email: string,
  baseUrl: string,
  returnTo = '',
): Promise<void> {
  let row = await findSiteUserByEmail(ctx.db, ctx.websiteId, email);
  if (!row) {
    const fresh: SiteUserRow = {
      id: newId('su'),
      website_id: ctx.websiteId,
      email,
      password_hash: null,
      created_at: ctx.clock.now(),
    };
    await insertSiteUser(ctx.db, fresh);
    row = await findSiteUserByEmail(ctx.db, ctx.websiteId, email);
  }
  if (row) await issueLink(ctx, row, 'sign-in', baseUrl, returnTo);
}

/** Signs in with an emailed link, once. */
export async function useSignInLink(
  ctx: SiteContext,
  store: SessionStore,
  token: string,
  previousToken: string | undefined,
) {
  const used = await useSiteUserToken(ctx.db, sha256(token), 'sign-in', ctx.clock.now());
  const row = used && (await findSiteUserById(ctx.db, ctx.websiteId, used.site_user_id));
  if (!row) throw new HttpError(400, ACCOUNT_MESSAGES.linkInvalid);
  return startSession(ctx, store, row, previousToken, await firstLinkOf(ctx.db, row, used.id));
}

/** Emails a link to set a new password when the email has an account; says nothing either way. */
export async function requestPasswordReset(ctx: SiteContext, email: string, baseUrl: string): Promise<void> {
  const row = await findSiteUserByEmail(ctx.db, ctx.websiteId, email);
  if (row) await issueLink(ctx, row, 'reset', baseUrl);
}

/**
 * Sets the password from a reset link: the link and the account's other links stop working,
 * every session of the account ends (whoever knew the old password is out), and this browser is
 * signed in afresh.
 */
export async function setPasswordWithLink(
  ctx: SiteContext,
  store: SessionStore,
  input: { token: string; password: string },
  previousToken: string | undefined,
) {
  const passwordHash = await hashPassword(input.password);
  const done = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    const used = await useSiteUserToken(trx, sha256(input.token), 'reset', now);
    const found = used && (await findSiteUserById(trx, ctx.websiteId, used.site_user_id));
    if (!found) return null;
    // Read before the other links are retired: an account a sign-in link made may be finished by a reset link.
    const registered = await firstLinkOf(trx, found, used.id);
    await updateSiteUserPassword(trx, found.id, passwordHash);
    await retireSiteUserTokens(trx, found.id, now);
    return { row: { ...found, password_hash: passwordHash }, registered };
  });
  if (!done) throw new HttpError(400, ACCOUNT_MESSAGES.linkInvalid);
  await store.deleteForSubject(done.row.id);
  return startSession(ctx, store, done.row, previousToken, done.registered);
}

// ── the account page ────────────────────────────────────────────────────────

/** Orders placed while signed in are the account's. */
export async function linkOrderToSiteUser(
  ctx: SiteContext,
  orderId: string,
  siteUserId: string,
): Promise<void> {
  await linkOrder(ctx.db, ctx.websiteId, orderId, siteUserId);
}

/** The account's orders as the member-area rule reads them: status and the products bought. */
export async function memberOrders(ctx: RequestContext, siteUserId: string): Promise<MemberOrder[]> {
  const byOrder = new Map<string, MemberOrder & { productIds: string[] }>();
  for (const row of await listOrderProductsOfSiteUser(ctx.db, ctx.websiteId, siteUserId)) {
    const order = byOrder.get(row.order_id) ?? { status: row.status, productIds: [] };
    order.productIds.push(row.item_id);
    byOrder.set(row.order_id, order);
  }
  return [...byOrder.values()];
}

export interface AccountOrder {
  id: string;
  /** What the shopper knows the order by: '#1001'. */
  number: string;
  created: number;
  createdText: string;
  status: string;
  totalText: string;
  itemsText: string;
  statusUrl: string;
}

export interface SavedAddress {
  id: string;
  firstName: string;
  lastName: string;
  line1: string;
  line2?: string;
  city: string;
  region?: string;
  postalCode: string;
  country: string;
}

export interface AccountRestockNotification {
  productId: string;
  variantId: string;
  sku: string;
  /** Null when the product is gone. */
  productName: string | null;
  variantText: string;
  productUrl: string | null;
  created: number;
  notified: number | null;
}

export interface AccountOverview {
  siteUser: SiteUserView;
  orders: AccountOrder[];
  subscriptions: SubscriptionView[];
  addresses: SavedAddress[];
  restockNotifications: AccountRestockNotification[];
}

export async function savedAddresses(ctx: SiteContext, siteUserId: string): Promise<SavedAddress[]> {
  return (await listAddresses(ctx.db, siteUserId)).map((a) => ({ id: a.id, ...JSON.parse(a.address) }));
}

export async function accountOverview(ctx: SiteContext, siteUser: SiteUserView): Promise<AccountOverview> {
  const { locale, timeZone } = ctx.site.website;
  const [orderRows, subscriptionRows, addresses, signups] = await Promise.all([
    listOrdersOfSiteUser(ctx.db, ctx.websiteId, siteUser.id, ACCOUNT_ORDERS_SHOWN),
    listSubscriptionsOfSiteUser(ctx.db, ctx.websiteId, siteUser.id),
    savedAddresses(ctx, siteUser.id),
    listRestockSignupsOfSiteUser(ctx.db, ctx.websiteId, siteUser.id),
  ]);
  const items = await itemsOfOrders(
    ctx,
    orderRows.map((o) => o.id),
  );
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  return {
    siteUser,
    orders: orderRows.map((o) => ({
      id: o.id,
      number: orderNumberOf(o),
      created: o.created_at,
      createdText: day.format(o.created_at),
      status: o.status,
      totalText: formatMoney(o.grand_total_cents, o.currency, locale),
      itemsText: (items.get(o.id) ?? [])
        .map((i) => (i.quantity > 1 ? `${i.product_name} × ${i.quantity}` : i.product_name))
        .join(', '),
      statusUrl: orderStatusUrl(o.id, o.access_token),
    })),
    subscriptions: subscriptionRows.map((r) => subscriptionView(r, ctx.site.website)),
    addresses,
    restockNotifications: await Promise.all(
      signups.map(async (s) => {
        const target = await restockTarget(ctx, s.product_id, s.variant_id).catch(() => null);
        return {
          productId: s.product_id,
          variantId: s.variant_id,
          sku: s.sku,
          productName: target?.product.name ?? null,
          variantText: target?.variantText ?? '',
          productUrl: target?.product.fullUrl ?? null,
          created: s.created_at,
          notified: s.notified_at,
        };
      }),
    ),
  };
}

/** What checkout fills in for a signed-in shopper: their email and newest saved address. */
export async function checkoutPrefill(
  ctx: SiteContext,
  siteUser: SiteUserView,
): Promise<{ email: string; savedAddress?: Omit<SavedAddress, 'id'> }> {
  const [newest] = await savedAddresses(ctx, siteUser.id);
  if (!newest) return { email: siteUser.email };
  const { id: _, ...savedAddress } = newest;
  return { email: siteUser.email, savedAddress };
}

export async function addAddress(
  ctx: SiteContext,
  siteUserId: string,
  address: Omit<SavedAddress, 'id'>,
): Promise<SavedAddress> {
  // The checkout's own rules, so a saved address is one checkout accepts.
  const check = checkShippingAddress(address);
  if (!check.ok) throw new HttpError(400, ACCOUNT_MESSAGES.addressInvalid, undefined, check.errors);
  if ((await countAddresses(ctx.db, siteUserId)) >= ACCOUNT_ADDRESSES_MAX)
    throw new HttpError(409, ACCOUNT_MESSAGES.tooManyAddresses);
  const id = newId('ad');
  await insertAddress(ctx.db, {
    id,
    site_user_id: siteUserId,
    address: JSON.stringify(check.address),
    created_at: ctx.clock.now(),
  });
  return { id, ...check.address };
}

export async function removeAddress(ctx: SiteContext, siteUserId: string, id: string): Promise<void> {
  if (!(await deleteAddress(ctx.db, siteUserId, id)))
    throw new HttpError(404, ACCOUNT_MESSAGES.addressNotFound);
}

/** Pause, resume, cancel or move the next date of one of the account's subscriptions (404 for another's). */
export async function changeAccountSubscription(
  ctx: SiteContext,
  siteUserId: string,
  id: string,
  change: SubscriptionChange,
): Promise<SubscriptionView> {
  const row = (await listSubscriptionsOfSiteUser(ctx.db, ctx.websiteId, siteUserId)).find((s) => s.id === id);
  if (!row) throw new HttpError(404, ACCOUNT_MESSAGES.subscriptionNotFound);
  return changeSubscription(ctx, row, change);
}

/** Spec §7 POST /api/site-users/account/notifications/restock: the account's email joins the variant's waitlist. */
export async function joinRestockWaitlist(
  ctx: SiteContext,
  siteUser: SiteUserView,
  body: AccountRestockBody,
): Promise<{ message: string }> {
  return signUpForRestock(
    ctx,
    ctx.site.storeSettings.restockNotificationsSuccessText,
    { ...body, siteVisitorEmail: siteUser.email, isJoinMailingList: false },
    siteUser.id,
  );
}
