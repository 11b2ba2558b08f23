import net from 'node:net';
import { MESSAGES } from '@storefront/commerce';
import type { FastifyRequest } from 'fastify';
import type { Clock } from './clock.js';
import { HttpError } from './errors.js';
import { sha256 } from './ids.js';

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

/**
 * Submissions of one site form per minute from all visitors together: far above a real contact
 * form's traffic, low enough that a botnet rotating addresses cannot flood the owner's inbox.
 */
export const FORM_SUBMISSIONS_PER_FORM = 60;
export const FORM_SUBMISSION_WINDOW_MS = 60_000;

/**
 * Most keys (IP and group) a memory store tracks; past it the oldest window is forgotten, so a
 * flood of addresses costs a bounded few MB rather than growing without end.
 */
export const DEFAULT_MAX_TRACKED_KEYS = 50_000;
/** IPv6 hextets that name one subscriber: a /64 is what one connection is usually given. */
const IPV6_SUBSCRIBER_HEXTETS = 4;
/** The key of requests whose address is not an IP (a proxy chain misread): all share one count. */
const UNPARSED_ADDRESS = 'unparsed';

/** Route groups limited separately, so heavy cart use does not block a waitlist signup. */
export type RateLimitGroup =
  | 'cart-entries'
  | 'subscription'
  | 'restock'
  | 'census'
  | 'checkout'
  | 'checkout-quote'
  | 'gift-card-balance'
  | 'sign-in-account'
  | 'sign-in-ip'
  | 'site-user-sign-in-account'
  | 'site-user-sign-in-ip'
  | 'password-reset'
  | 'site-password'
  | 'form-key'
  | 'form-submission-ip'
  | 'form-submission-form';

/** A group's own limit, instead of the shared requests / windowMs. */
export interface GroupLimit {
  requests: number;
  windowMs: number;
}

/** Groups limited on their own terms rather than by RATE_LIMIT_REQUESTS / RATE_LIMIT_WINDOW_MS. */
export const GROUP_LIMITS: Partial<Record<RateLimitGroup, GroupLimit>> = {
  'sign-in-account': { requests: SIGN_IN_ATTEMPTS_PER_ACCOUNT, windowMs: SIGN_IN_WINDOW_MS },
  'sign-in-ip': { requests: SIGN_IN_ATTEMPTS_PER_IP, windowMs: SIGN_IN_WINDOW_MS },
  // Shoppers' accounts are guessed at like the owner's: the same limits, counted apart.
  'site-user-sign-in-account': { requests: SIGN_IN_ATTEMPTS_PER_ACCOUNT, windowMs: SIGN_IN_WINDOW_MS },
  'site-user-sign-in-ip': { requests: SIGN_IN_ATTEMPTS_PER_IP, windowMs: SIGN_IN_WINDOW_MS },
  // Each reset request sends a mail: the same per-IP budget as sign-in keeps the outbox from being flooded.
  'password-reset': { requests: SIGN_IN_ATTEMPTS_PER_IP, windowMs: SIGN_IN_WINDOW_MS },
  'form-submission-form': { requests: FORM_SUBMISSIONS_PER_FORM, windowMs: FORM_SUBMISSION_WINDOW_MS },
  // A site or page password is guessed at like an account's: a handful of tries per address.
  'site-password': { requests: SIGN_IN_ATTEMPTS_PER_ACCOUNT, windowMs: SIGN_IN_WINDOW_MS },
};

/**
 * Counts hits per key in fixed windows. `hit` answers the count in the key's current window,
 * this hit included. A shared store (Redis INCR + PEXPIRE) implements the same contract when
 * several instances serve one site.
 */
export interface RateLimitStore {
  hit(key: string, windowStart: number, windowMs: number): Promise<number> | number;
}

/**
 * Single-process store. Windows that ended are swept once per window, and at most `maxKeys` are
 * tracked: the map is in order of insertion, so the first entry is the oldest to forget. Groups
 * have windows of different lengths, so each entry keeps its own end.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { start: number; end: number; count: number }>();
  private sweptAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly maxKeys = DEFAULT_MAX_TRACKED_KEYS) {}

  /** Keys tracked now. */
  get size(): number {
    return this.windows.size;
  }

  /** The tracked keys (for inspection). */
  keys(): IterableIterator<string> {
    return this.windows.keys();
  }

  hit(key: string, windowStart: number, windowMs: number): number {
    if (windowStart > this.sweptAt) this.sweep(windowStart);
    const current = this.windows.get(key);
    if (current && current.start === windowStart) {
      current.count += 1;
      return current.count;
    }
    this.windows.delete(key);
    if (this.windows.size >= this.maxKeys) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
    this.windows.set(key, { start: windowStart, end: windowStart + windowMs, count: 1 });
    return 1;
  }

  private sweep(now: number): void {
    this.sweptAt = now;
    for (const [key, w] of this.windows) if (w.end <= now) this.windows.delete(key);
  }
}

/** Full eight hextets of an IPv6 address (no zone), so its /64 can be read off. */
function ipv6Hextets(address: string): string[] {
  const [head, tail] = address.split('::');
  const part = (s: string | undefined) => (s ? s.split(':') : []);
  let left = part(head);
  let right = part(tail);
  // An embedded IPv4 tail (::ffff:1.2.3.4 and the like) counts as two hextets.
  const last = (tail === undefined ? left : right).at(-1);
  if (last?.includes('.')) {
    const v4 = last.split('.').map(Number);
    const hextets = [((v4[0] << 8) | v4[1]).toString(16), ((v4[2] << 8) | v4[3]).toString(16)];
    if (tail === undefined) left = [...left.slice(0, -1), ...hextets];
    else right = [...right.slice(0, -1), ...hextets];
  }
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array(missing).fill('0'), ...right].map((h) => h.toLowerCase().replace(/^0+(?=.)/, ''));
}

/**
 * The counter key of a client address: the IPv4 address itself, an IPv6 address's /64 (one
 * subscriber's range, so rotating within it does not escape a limit), one shared key for
 * anything that is not an address. Never longer than an IPv6 prefix, whatever a header held.
 */
export function clientKey(address: string | undefined): string {
  // A socket closed before its address was read has none.
  if (!address) return UNPARSED_ADDRESS;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped && net.isIPv4(mapped[1])) return mapped[1];
  if (net.isIPv4(address)) return address;
  const unzoned = address.split('%')[0];
  if (net.isIPv6(unzoned)) return `${ipv6Hextets(unzoned).slice(0, IPV6_SUBSCRIBER_HEXTETS).join(':')}::/64`;
  return UNPARSED_ADDRESS;
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
 * is the request's client address unless `subject` names another (the account a sign-in tries).
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
    // A subject is the caller's text (an email): hashed, so its length cannot grow the key.
    const who = subject === undefined ? clientKey(request.ip) : sha256(subject);
    const count = await store.hit(`${group}\u0000${who}`, windowStart, limit.windowMs);
    if (count > limit.requests) throw new HttpError(429, MESSAGES.tooManyRequests);
  };
}
