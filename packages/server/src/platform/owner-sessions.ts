import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { HttpError } from './errors.js';

/** One signed-in contributor's session. Stores key it by the SHA-256 of the cookie's token. */
export interface OwnerSession {
  contributorId: string;
  createdAt: number;
  expiresAt: number;
  lastSeen: number;
}

/**
 * Where owner sessions live: the database by default, Redis when REDIS_URL is set (so every
 * instance sees a sign-in at once and expired sessions leave by themselves).
 */
export interface OwnerSessionStore {
  create(id: string, session: OwnerSession): Promise<void>;
  /** The session, or null when unknown or expired at `now`. */
  get(id: string, now: number): Promise<OwnerSession | null>;
  /** Slides the expiry forward on use. */
  touch(id: string, lastSeen: number, expiresAt: number): Promise<void>;
  delete(id: string): Promise<void>;
  /** Signs the contributor out everywhere (password set, removed). */
  deleteForContributor(contributorId: string): Promise<void>;
  close(): Promise<void>;
}

export class DatabaseSessionStore implements OwnerSessionStore {
  constructor(private readonly db: Kysely<DB>) {}

  async create(id: string, s: OwnerSession): Promise<void> {
    await this.db
      .insertInto('owner_sessions')
      .values({
        id,
        contributor_id: s.contributorId,
        created_at: s.createdAt,
        expires_at: s.expiresAt,
        last_seen: s.lastSeen,
      })
      .execute();
  }

  async get(id: string, now: number): Promise<OwnerSession | null> {
    const row = await this.db
      .selectFrom('owner_sessions')
      .selectAll()
      .where('id', '=', id)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row
      ? {
          contributorId: row.contributor_id,
          createdAt: row.created_at,
          expiresAt: row.expires_at,
          lastSeen: row.last_seen,
        }
      : null;
  }

  async touch(id: string, lastSeen: number, expiresAt: number): Promise<void> {
    await this.db
      .updateTable('owner_sessions')
      .set({ last_seen: lastSeen, expires_at: expiresAt })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('owner_sessions').where('id', '=', id).execute();
  }

  async deleteForContributor(contributorId: string): Promise<void> {
    await this.db.deleteFrom('owner_sessions').where('contributor_id', '=', contributorId).execute();
  }

  async close(): Promise<void> {}
}

/** Keys of all installs sharing a Redis start with this, beside the rate limiter's. */
export const DEFAULT_SESSION_PREFIX = 'storefront:session:';
/** A session lookup that takes longer than this fails (503) rather than hanging the request. */
const COMMAND_TIMEOUT_MS = 1_000;
const UNAVAILABLE = 'Signing in is unavailable right now. Please try again in a moment.';

/**
 * Sessions in Redis: one key per session (JSON, expiring with the session) and one set per
 * contributor of their session ids, so signing someone out everywhere needs no scan. Unlike
 * the rate limiter, an outage fails closed: nobody is let in without a session that was found.
 */
export class RedisSessionStore implements OwnerSessionStore {
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

  private ofContributor(contributorId: string): string {
    return `${this.prefix}of:${contributorId}`;
  }

  private async run<T>(command: () => Promise<T>): Promise<T> {
    await this.connected;
    try {
      return await command();
    } catch {
      throw new HttpError(503, UNAVAILABLE);
    }
  }

  async create(id: string, s: OwnerSession): Promise<void> {
    await this.run(() =>
      this.redis
        .multi()
        .set(this.key(id), JSON.stringify(s), 'PXAT', s.expiresAt)
        .sadd(this.ofContributor(s.contributorId), id)
        .pexpireat(this.ofContributor(s.contributorId), s.expiresAt)
        .exec(),
    );
  }

  async get(id: string, now: number): Promise<OwnerSession | null> {
    const raw = await this.run(() => this.redis.get(this.key(id)));
    if (!raw) return null;
    const session = JSON.parse(raw) as OwnerSession;
    return session.expiresAt > now ? session : null;
  }

  async touch(id: string, lastSeen: number, expiresAt: number): Promise<void> {
    const raw = await this.run(() => this.redis.get(this.key(id)));
    if (!raw) return;
    const session: OwnerSession = { ...(JSON.parse(raw) as OwnerSession), lastSeen, expiresAt };
    // Every expiry set is now + the idle time, the latest of all; the contributor's set of ids lives that long.
    await this.run(() =>
      this.redis
        .multi()
        .set(this.key(id), JSON.stringify(session), 'PXAT', expiresAt, 'XX')
        .pexpireat(this.ofContributor(session.contributorId), expiresAt)
        .exec(),
    );
  }

  async delete(id: string): Promise<void> {
    const raw = await this.run(() => this.redis.get(this.key(id)));
    if (!raw) return;
    const { contributorId } = JSON.parse(raw) as OwnerSession;
    await this.run(() =>
      this.redis.multi().del(this.key(id)).srem(this.ofContributor(contributorId), id).exec(),
    );
  }

  async deleteForContributor(contributorId: string): Promise<void> {
    const ids = await this.run(() => this.redis.smembers(this.ofContributor(contributorId)));
    await this.run(() =>
      this.redis
        .multi()
        .del(...ids.map((id) => this.key(id)), this.ofContributor(contributorId))
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
