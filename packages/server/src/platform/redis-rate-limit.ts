import { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limit.js';

/** A shared limit must not slow a request down: past this a hit counts as allowed. */
const COMMAND_TIMEOUT_MS = 250;

/** Keys of all installs sharing a Redis start with this, so they never meet other data. */
export const DEFAULT_REDIS_PREFIX = 'storefront:rate:';

export interface RedisStoreOptions {
  prefix?: string;
  /** Told once per outage, when Redis stops answering (and limits are not enforced meanwhile). */
  onUnavailable?: (error: Error) => void;
}

/**
 * Fixed windows counted in Redis (INCR, with PEXPIRE so a window's key leaves with it), so every
 * instance serving one site shares one count per IP and group. When Redis does not answer, a
 * hit counts as allowed: an outage of the limiter's store must not stop shoppers from buying.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly onUnavailable: (error: Error) => void;
  private down = false;

  constructor(url: string, options: RedisStoreOptions = {}) {
    this.prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
    this.onUnavailable = options.onUnavailable ?? (() => {});
    this.redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: COMMAND_TIMEOUT_MS * 4,
    });
    // Connection errors surface through the commands that fail; this keeps them off the console.
    this.redis.on('error', () => {});
    this.connected = this.redis.connect().catch(() => {});
  }

  /** The first connection attempt; hits wait for it, later reconnections happen in the background. */
  private readonly connected: Promise<void>;

  async hit(key: string, windowStart: number, windowMs: number): Promise<number> {
    const redisKey = `${this.prefix}${key}:${windowStart}`;
    await this.connected;
    try {
      const replies = await this.redis.multi().incr(redisKey).pexpire(redisKey, windowMs).exec();
      const [error, count] = replies?.[0] ?? [new Error('no reply from Redis'), 0];
      if (error) throw error;
      this.down = false;
      return Number(count);
    } catch (e) {
      if (!this.down) this.onUnavailable(e instanceof Error ? e : new Error(String(e)));
      this.down = true;
      return 0;
    }
  }

  async close(): Promise<void> {
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}
