import {
  isSiteRole,
  OWNER_MESSAGES,
  type Permission,
  permissionsOf,
  roleName,
  SITE_ROLES,
  type SiteRole,
} from '@storefront/commerce';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { RequestContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { newId, newToken, sha256 } from '../../platform/ids.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { closeSession, openSession, readSession, type SessionStore } from '../../platform/sessions.js';
import type { SiteContext } from '../../services.js';
import { type AuditActor, recordAudit } from '../audit/service.js';
import { enqueueEmail } from '../email/service.js';
import {
  type ContributorRow,
  countContributors,
  countWithRole,
  deleteContributor,
  findContributorByEmail,
  findContributorById,
  findUsableToken,
  insertContributor,
  insertToken,
  listContributorRows,
  retireTokens,
  updateContributorRole,
  updatePasswordHash,
  useToken,
} from './repo.js';
import type { InviteBody } from './schema.js';

const DAY_MS = 24 * 60 * 60_000;

/** Sliding session lifetime: a contributor who uses the owner's area at least every 14 days stays signed in. */
export const SESSION_IDLE_MS = 14 * DAY_MS;

/** One-time links: a reset is for now, an invite may wait for the invitee, a CLI link for the installer's day. */
export const RESET_LINK_TTL_MS = 60 * 60_000;
export const INVITE_LINK_TTL_MS = 7 * DAY_MS;
export const SET_PASSWORD_LINK_TTL_MS = DAY_MS;
export const LINK_VALIDITY: Record<TokenPurpose, { ttlMs: number; words: string }> = {
  reset: { ttlMs: RESET_LINK_TTL_MS, words: '1 hour' },
  invite: { ttlMs: INVITE_LINK_TTL_MS, words: '7 days' },
  'set-password': { ttlMs: SET_PASSWORD_LINK_TTL_MS, words: '24 hours' },
};

type TokenPurpose = 'set-password' | 'reset' | 'invite';

/** Contributors belong to the install, so these need no website: just the database and the time. */
export type OwnerContext = Pick<RequestContext, 'db' | 'clock'>;

/** The signed-in contributor as the session API answers it. */
export interface ContributorView {
  id: string;
  email: string;
  name: string;
  role: SiteRole;
  roleName: string;
  permissions: readonly Permission[];
}

export interface ContributorListItem {
  id: string;
  email: string;
  name: string;
  role: SiteRole;
  roleName: string;
  /** invited: has not set a password yet. */
  status: 'active' | 'invited' | 'disabled';
  createdAt: number;
}

function view(row: ContributorRow): ContributorView {
  const role = row.role as SiteRole;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role,
    roleName: isSiteRole(role) ? roleName(role) : String(role),
    permissions: permissionsOf(role),
  };
}

function listItem(row: ContributorRow): ContributorListItem {
  const { permissions: _, ...rest } = view(row);
  const status = row.disabled ? 'disabled' : row.password_hash ? 'active' : 'invited';
  return { ...rest, status, createdAt: row.created_at };
}

/** The page a one-time link opens (the /config shell's set-password screen). */
export function setPasswordLink(baseUrl: string, token: string): string {
  return `${baseUrl}/config/set-password?token=${token}`;
}

/** A new one-time token; only its hash is stored. Pass the caller's transaction as `db`. */
async function issueToken(
  db: Kysely<DB>,
  now: number,
  contributorId: string,
  purpose: TokenPurpose,
): Promise<string> {
  const token = newToken(32);
  await insertToken(db, {
    id: sha256(token),
    contributor_id: contributorId,
    purpose,
    created_at: now,
    expires_at: now + LINK_VALIDITY[purpose].ttlMs,
    used_at: null,
  });
  return token;
}

// ── sessions ────────────────────────────────────────────────────────────────

/**
 * The contributor a session token stands for, or null when it stands for none. `renewed` says
 * the expiry slid forward just now, so the cookie's lifetime should follow.
 */
export async function resolveSession(
  ctx: OwnerContext,
  store: SessionStore,
  token: string,
): Promise<{ contributor: ContributorView; renewed: boolean } | null> {
  const session = await readSession(store, token, ctx.clock.now(), SESSION_IDLE_MS);
  if (!session) return null;
  const row = await findContributorById(ctx.db, session.subjectId);
  if (!row || row.disabled || !row.password_hash) return null;
  return { contributor: view(row), renewed: session.renewed };
}

/**
 * Signs in with email and password. The session presented before (if any) is ended and a new
 * token is issued, so a token known before sign-in is never a signed-in one.
 */
export async function signIn(
  ctx: OwnerContext,
  store: SessionStore,
  credentials: { email: string; password: string },
  previousToken: string | undefined,
): Promise<{ token: string; contributor: ContributorView }> {
  const row = await findContributorByEmail(ctx.db, credentials.email);
  const usable = row && !row.disabled ? row.password_hash : null;
  const ok = await verifyPassword(usable, credentials.password);
  if (!ok || !row) throw new HttpError(401, OWNER_MESSAGES.wrongCredentials);
  if (previousToken) await closeSession(store, previousToken);
  const token = await openSession(store, row.id, ctx.clock.now(), SESSION_IDLE_MS);
  return { token, contributor: view(row) };
}

export async function signOut(store: SessionStore, token: string): Promise<void> {
  await closeSession(store, token);
}

// ── passwords ───────────────────────────────────────────────────────────────

/**
 * Emails a reset link when the address belongs to an enabled contributor; says nothing either
 * way, so the form cannot be used to find out who the contributors are.
 */
export async function requestPasswordReset(ctx: SiteContext, email: string, baseUrl: string): Promise<void> {
  const row = await findContributorByEmail(ctx.db, email);
  if (!row || row.disabled) return;
  await ctx.db.transaction().execute(async (trx) => {
    const token = await issueToken(trx, ctx.clock.now(), row.id, 'reset');
    await enqueueEmail(ctx, trx, {
      to: row.email,
      template: 'password-reset',
      data: {
        siteTitle: ctx.site.website.siteTitle,
        name: row.name,
        link: setPasswordLink(baseUrl, token),
        validFor: LINK_VALIDITY.reset.words,
      },
    });
  });
}

/**
 * Sets the password from a one-time link (reset, invite or the CLI's set-password link). The
 * link and every other outstanding link of the contributor stop working, and every session of
 * theirs ends: whoever knew the old password is out.
 */
export async function setPasswordWithToken(
  ctx: OwnerContext,
  store: SessionStore,
  token: string,
  password: string,
): Promise<{ email: string }> {
  const id = sha256(token);
  if (!(await findUsableToken(ctx.db, id, ctx.clock.now())))
    throw new HttpError(400, OWNER_MESSAGES.linkInvalid);
  const passwordHash = await hashPassword(password);
  const contributor = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    const found = await findUsableToken(trx, id, now);
    if (!found || !(await useToken(trx, id, now))) return null;
    const row = await findContributorById(trx, found.contributor_id);
    if (!row || row.disabled) return null;
    await updatePasswordHash(trx, row.id, passwordHash);
    await retireTokens(trx, row.id, now);
    await recordAudit(
      { db: trx, clock: ctx.clock },
      { id: row.id, email: row.email },
      'contributor.password-set',
      row.email,
      {
        link: found.purpose,
      },
    );
    return row;
  });
  if (!contributor) throw new HttpError(400, OWNER_MESSAGES.linkInvalid);
  await store.deleteForSubject(contributor.id);
  return { email: contributor.email };
}

// ── contributors ────────────────────────────────────────────────────────────

export async function listContributors(ctx: OwnerContext): Promise<ContributorListItem[]> {
  return (await listContributorRows(ctx.db)).map(listItem);
}

export async function hasContributors(ctx: OwnerContext): Promise<boolean> {
  return (await countContributors(ctx.db)) > 0;
}

/**
 * Adds a contributor from the command line: with the password given, or without one and a
 * one-time set-password token to print as a link.
 */
export async function addContributor(
  ctx: OwnerContext,
  input: { email: string; name: string; role: SiteRole; password?: string },
): Promise<{ contributor: ContributorListItem; setPasswordToken: string | null }> {
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    const id = newId('ct');
    const row = {
      id,
      email: input.email.trim().toLowerCase(),
      name: input.name,
      role: input.role,
      password_hash: passwordHash,
      created_at: now,
      disabled: 0,
    };
    if (!(await insertContributor(trx, row))) throw new HttpError(409, OWNER_MESSAGES.contributorExists);
    const setPasswordToken = passwordHash ? null : await issueToken(trx, now, id, 'set-password');
    await recordAudit({ db: trx, clock: ctx.clock }, null, 'contributor.add', row.email, {
      role: input.role,
      via: 'cli',
    });
    return { contributor: listItem(row), setPasswordToken };
  });
}

/** Invites a contributor by email with a role; they choose their password from the emailed link. */
export async function inviteContributor(
  ctx: SiteContext,
  actor: ContributorView,
  input: InviteBody,
  baseUrl: string,
): Promise<ContributorListItem> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    const row = {
      id: newId('ct'),
      email: input.email,
      name: input.name,
      role: input.role,
      password_hash: null,
      created_at: now,
      disabled: 0,
    };
    if (!(await insertContributor(trx, row))) throw new HttpError(409, OWNER_MESSAGES.contributorExists);
    const token = await issueToken(trx, now, row.id, 'invite');
    await enqueueEmail(ctx, trx, {
      to: row.email,
      template: 'contributor-invite',
      data: {
        siteTitle: ctx.site.website.siteTitle,
        name: row.name,
        roleName: roleName(input.role),
        invitedBy: actor.name,
        link: setPasswordLink(baseUrl, token),
        validFor: LINK_VALIDITY.invite.words,
      },
    });
    await recordAudit({ db: trx, clock: ctx.clock }, actor, 'contributor.invite', row.email, {
      role: input.role,
    });
    return listItem(row);
  });
}

/** Refuses to take the site's last enabled admin away. */
async function keepAnAdmin(db: Kysely<DB>, row: ContributorRow): Promise<void> {
  if (row.role === SITE_ROLES.admin && !row.disabled && (await countWithRole(db, SITE_ROLES.admin)) <= 1) {
    throw new HttpError(409, OWNER_MESSAGES.lastAdmin);
  }
}

export async function changeContributorRole(
  ctx: OwnerContext,
  actor: AuditActor,
  id: string,
  role: SiteRole,
): Promise<ContributorListItem> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await findContributorById(trx, id);
    if (!row) throw new HttpError(404, OWNER_MESSAGES.contributorNotFound);
    if (row.role === role) return listItem(row);
    if (role !== SITE_ROLES.admin) await keepAnAdmin(trx, row);
    await updateContributorRole(trx, id, role);
    await recordAudit({ db: trx, clock: ctx.clock }, actor, 'contributor.role', row.email, {
      from: row.role,
      to: role,
    });
    return listItem({ ...row, role });
  });
}

/** Removes the contributor and ends their sessions; the audit log keeps what they did. */
export async function removeContributor(
  ctx: OwnerContext,
  store: SessionStore,
  actor: AuditActor,
  id: string,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findContributorById(trx, id);
    if (!row) throw new HttpError(404, OWNER_MESSAGES.contributorNotFound);
    await keepAnAdmin(trx, row);
    await deleteContributor(trx, id);
    await recordAudit({ db: trx, clock: ctx.clock }, actor, 'contributor.remove', row.email, {
      role: row.role,
    });
  });
  await store.deleteForSubject(id);
}
