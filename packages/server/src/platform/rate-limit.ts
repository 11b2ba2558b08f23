import { MESSAGES } from '@storefront/commerce';
import type { FastifyRequest } from 'fastify';
import type { Clock } from './clock.js';
import { HttpError } from './errors.js';

/**
 * Default fixed window for the mutating commerce calls: 30 requests per 10 s per IP and route
 * group. A shopper adding items by hand stays far below it; a script hammering the cart does not.
 */
export const DEFAULT_RATE_LIMIT_REQUESTS = 30;
export const DEFAULT_RATE_LIMIT_WINDOW_MS = 10_000;

/**
 * Sign-in attempts to the owner's area, counted per account (the email tried) and per IP in a
 * 15-minute window: a contributor mistyping is far below them, a password guesser is stopped
 * after a handful of tries per account, and one address cannot sweep many accounts. These
 * limits hold even when RATE_LIMIT_REQUESTS turns the commerce limits off.
 */
export const SIGN_IN_ATTEMPTS_PER_ACCOUNT = 10;
export const SIGN_IN_ATTEMPTS_PER_IP = 50;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

/** Memory store entries are swept once the map holds this many keys, so idle IPs do not accumulate. */
const SWEEP_THRESHOLD = 10_000;

/** Route groups limited separately, so heavy cart use does not block a waitlist signup. */
export type RateLimitGroup =
  | 'cart-entries'
  | 'subscription'
  | 'restock'
  | 'census'
  | 'checkout'
  | 'gift-card-balance'
  | 'sign-in-account'
  | 'sign-in-ip'
  | 'password-reset';

/** A group's own limit, instead of the shared requests / windowMs. */
export interface GroupLimit {
  requests: number;
  windowMs: number;
}

/** Groups limited on their own terms rather than by RATE_LIMIT_REQUESTS / RATE_LIMIT_WINDOW_MS. */
export const GROUP_LIMITS: Partial<Record<RateLimitGroup, GroupLimit>> = {
  'sign-in-account': { requests: SIGN_IN_ATTEMPTS_PER_ACCOUNT, windowMs: SIGN_IN_WINDOW_MS },
  'sign-in-ip': { requests: SIGN_IN_ATTEMPTS_PER_IP, windowMs: SIGN_IN_WINDOW_MS },
  // Each reset request sends a mail: the same per-IP budget as sign-in keeps the outbox from being flooded.
  'password-reset': { requests: SIGN_IN_ATTEMPTS_PER_IP, windowMs: SIGN_IN_WINDOW_MS },
};

/**
 * Counts hits per key in fixed windows. `hit` answers the count in the key's current window,
 * this hit included. A shared store (Redis INCR + PEXPIRE) implements the same contract when
 * several instances serve one site.
 */
export interface RateLimitStore {
  hit(key: string, windowStart: number, windowMs: number): Promise<number> | number;
}

/** Single-process store. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { start: number; count: number }>();

  hit(key: string, windowStart: number, windowMs: number): number {
    const current = this.windows.get(key);
    if (current && current.start === windowStart) {
      current.count += 1;
      return current.count;
    }
    if (this.windows.size >= SWEEP_THRESHOLD) this.sweep(windowStart, windowMs);
    this.windows.set(key, { start: windowStart, count: 1 });
    return 1;
  }

  private sweep(windowStart: number, windowMs: number): void {
    for (const [key, w] of this.windows) {
      if (w.start + windowMs <= windowStart) this.windows.delete(key);
    }
  }
}

export interface RateLimitOptions {
  /** Requests allowed per IP and group in one window; 0 or less turns limiting off. */
  requests?: number;
  windowMs?: number;
  store?: RateLimitStore;
  /** Without a `store`: count in Redis at this URL (shared by instances) instead of in process. */
  redisUrl?: string;
  /** Overrides of GROUP_LIMITS (tests lower them). */
  groups?: Partial<Record<RateLimitGroup, GroupLimit>>;
}

/**
 * Throws 429 'Please try again in a few seconds.' once the caller is over the limit. The caller
 * is the request's IP unless `subject` names another (the account a sign-in tries).
 */
export type RateLimiter = (request: FastifyRequest, group: RateLimitGroup, subject?: string) => Promise<void>;

export function createRateLimiter(options: RateLimitOptions, clock: Clock): RateLimiter {
  const requests = options.requests ?? DEFAULT_RATE_LIMIT_REQUESTS;
  const windowMs = options.windowMs ?? DEFAULT_RATE_LIMIT_WINDOW_MS;
  const store = options.store ?? new MemoryRateLimitStore();
  const groups = { ...GROUP_LIMITS, ...options.groups };
  return async (request, group, subject) => {
    const limit = groups[group] ?? { requests, windowMs };
    if (limit.requests <= 0) return;
    const now = clock.now();
    const windowStart = now - (now % limit.windowMs);
    const count = await store.hit(`${group}\u0000${subject ?? request.ip}`, windowStart, limit.windowMs);
    if (count > limit.requests) throw new HttpError(429, MESSAGES.tooManyRequests);
  };
}
