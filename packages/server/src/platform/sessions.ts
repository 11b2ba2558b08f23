import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { HttpError } from './errors.js';
import { newToken, sha256 } from './ids.js';

/**
 * One signed-in session: a contributor's (owner's area) or a customer account's. Stores key it by
 * the SHA-256 of the cookie's token; `subjectId` is whoever signed in.
 */
export interface Session {
  subjectId: string;
  createdAt: number;
  expiresAt: number;
  lastSeen: number;
}

/**
 * Where sessions live: the database by default, Redis when REDIS_URL is set (so every instance
 * sees a sign-in at once and expired sessions leave by themselves).
 */
export interface SessionStore {
  create(id: string, session: Session): Promise<void>;
  /** The session, or null when unknown or expired at `now`. */
  get(id: string, now: number): Promise<Session | null>;
  /** Slides the expiry forward on use. */
  touch(id: string, lastSeen: number, expiresAt: number): Promise<void>;
  delete(id: string): Promise<void>;
  /** Signs the subject out everywhere (password set, removed). */
  deleteForSubject(subjectId: string): Promise<void>;
  close(): Promise<void>;
}

/** The session tables and the column naming who signed in (same shape otherwise). */
const SESSION_TABLES = {
  owner_sessions: 'contributor_id',
  site_user_sessions: 'site_user_id',
} as const;
export type SessionTable = keyof typeof SESSION_TABLES;

export class DatabaseSessionStore implements SessionStore {
  private readonly subject: 'contributor_id' | 'site_user_id';
  // Both tables have the same columns but for the subject's name, which Kysely's types cannot follow.
  private readonly db: Kysely<Record<SessionTable, Record<string, string | number>>>;

  constructor(
    db: Kysely<DB>,
    private readonly table: SessionTable = 'owner_sessions',
  ) {
    this.db = db as unknown as typeof this.db;
    this.subject = SESSION_TABLES[table];
  }

  async create(id: string, s: Session): Promise<void> {
    await this.db
      .insertInto(this.table)
      .values({
        id,
        [this.subject]: s.subjectId,
        created_at: s.createdAt,
        expires_at: s.expiresAt,
        last_seen: s.lastSeen,
      })
      .execute();
  }

  async get(id: string, now: number): Promise<Session | null> {
    const row = await this.db
      .selectFrom(this.table)
      .selectAll()
      .where('id', '=', id)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row
      ? {
          subjectId: String(row[this.subject]),
          createdAt: Number(row.created_at),
          expiresAt: Number(row.expires_at),
          lastSeen: Number(row.last_seen),
        }
      : null;
  }

  async touch(id: string, lastSeen: number, expiresAt: number): Promise<void> {
    await this.db
      .updateTable(this.table)
      .set({ last_seen: lastSeen, expires_at: expiresAt })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom(this.table).where('id', '=', id).execute();
  }

  async deleteForSubject(subjectId: string): Promise<void> {
    await this.db.deleteFrom(this.table).where(this.subject, '=', subjectId).execute();
  }

  async close(): Promise<void> {}
}

/** Keys of all installs sharing a Redis start with this, beside the rate limiter's. */
export const DEFAULT_SESSION_PREFIX = 'storefront:session:';
/** Customer accounts' sessions, apart from the owner's so neither can stand for the other. */
export const SITE_USER_SESSION_PREFIX = 'storefront:site-user-session:';
/** A session lookup that takes longer than this fails (503) rather than hanging the request. */
const COMMAND_TIMEOUT_MS = 1_000;
const UNAVAILABLE = 'Signing in is unavailable right now. Please try again in a moment.';

/**
 * Sessions in Redis: one key per session (JSON, expiring with the session) and one set per
 * subject of their session ids, so signing someone out everywhere needs no scan. Unlike
 * the rate limiter, an outage fails closed: nobody is let in without a session that was found.
 */
export class RedisSessionStore implements SessionStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = DEFAULT_SESSION_PREFIX,
  ) {
    this.redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: COMMAND_TIMEOUT_MS,
    });
    // Failures surface through the commands; this keeps connection errors off the console.
    this.redis.on('error', () => {});
    this.connected = this.redis.connect().catch(() => {});
  }

  private readonly connected: Promise<void>;

  private key(id: string): string {
    return `${this.prefix}${id}`;
  }

  private ofSubject(subjectId: string): string {
    return `${this.prefix}of:${subjectId}`;
  }

  private async run<T>(command: () => Promise<T>): Promise<T> {
    await this.connected;
    try {
      return await command();
    } catch {
      throw new HttpError(503, UNAVAILABLE);
    }
  }

  async create(id: string, s: Session): Promise<void> {
    await this.run(() =>
      this.redis
        .multi()
        .set(this.key(id), JSON.stringify(s), 'PXAT', s.expiresAt)
        .sadd(this.ofSubject(s.subjectId), id)
        .pexpireat(this.ofSubject(s.subjectId), s.expiresAt)
        .exec(),
    );
  }

  async get(id: string, now: number): Promise<Session | null> {
    const raw = await this.run(() => this.redis.get(this.key(id)));
    if (!raw) return null;
    const session = JSON.parse(raw) as Session;
    return session.expiresAt > now ? session : null;
  }

  async touch(id: string, lastSeen: number, expiresAt: number): Promise<void> {
    const raw = await this.run(() => this.redis.get(this.key(id)));
    if (!raw) return;
    const session: Session = { ...(JSON.parse(raw) as Session), lastSeen, expiresAt };
    // Every expiry set is now + the idle time, the latest of all; the subject's set of ids lives that long.
    await this.run(() =>
      this.redis
        .multi()
        .set(this.key(id), JSON.stringify(session), 'PXAT', expiresAt, 'XX')
        .pexpireat(this.ofSubject(session.subjectId), expiresAt)
        .exec(),
    );
  }

  async delete(id: string): Promise<void> {
    const raw = await this.run(() => this.redis.get(this.key(id)));
    if (!raw) return;
    const { subjectId } = JSON.parse(raw) as Session;
    await this.run(() => this.redis.multi().del(this.key(id)).srem(this.ofSubject(subjectId), id).exec());
  }

  async deleteForSubject(subjectId: string): Promise<void> {
    const ids = await this.run(() => this.redis.smembers(this.ofSubject(subjectId)));
    await this.run(() =>
      this.redis
        .multi()
        .del(...ids.map((id) => this.key(id)), this.ofSubject(subjectId))
        .exec(),
    );
  }

  async close(): Promise<void> {
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}

/** A session's expiry moves forward at most this often, so reads do not each cost a write. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** Starts a session for `subjectId` lasting `idleMs` unless used; answers the cookie's token (only its hash is stored). */
export async function openSession(
  store: SessionStore,
  subjectId: string,
  now: number,
  idleMs: number,
): Promise<string> {
  const token = newToken(32);
  await store.create(sha256(token), { subjectId, createdAt: now, lastSeen: now, expiresAt: now + idleMs });
  return token;
}

/**
 * Who the token's session stands for, or null. `renewed` says the expiry slid forward just now
 * (by `idleMs` from now), so the cookie's lifetime should follow.
 */
export async function readSession(
  store: SessionStore,
  token: string,
  now: number,
  idleMs: number,
): Promise<{ subjectId: string; renewed: boolean } | null> {
  const id = sha256(token);
  const session = await store.get(id, now);
  if (!session) return null;
  const renewed = now - session.lastSeen >= SESSION_TOUCH_INTERVAL_MS;
  if (renewed) await store.touch(id, now, now + idleMs);
  return { subjectId: session.subjectId, renewed };
}

export async function closeSession(store: SessionStore, token: string): Promise<void> {
  await store.delete(sha256(token));
}
