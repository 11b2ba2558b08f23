import net from 'node:net';
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
  | 'gift-card-balance';

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
 * tracked: the map is in order of window start, so the first entry is the oldest to forget.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { start: number; count: number }>();
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
    if (windowStart > this.sweptAt) this.sweep(windowStart, windowMs);
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
    this.windows.set(key, { start: windowStart, count: 1 });
    return 1;
  }

  private sweep(windowStart: number, windowMs: number): void {
    this.sweptAt = windowStart;
    for (const [key, w] of this.windows) {
      if (w.start + windowMs > windowStart) break;
      this.windows.delete(key);
    }
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
}

/** Throws 429 'Please try again in a few seconds.' once the caller is over the limit. */
export type RateLimiter = (request: FastifyRequest, group: RateLimitGroup) => Promise<void>;

export function createRateLimiter(options: RateLimitOptions, clock: Clock): RateLimiter {
  const requests = options.requests ?? DEFAULT_RATE_LIMIT_REQUESTS;
  const windowMs = options.windowMs ?? DEFAULT_RATE_LIMIT_WINDOW_MS;
  const store = options.store ?? new MemoryRateLimitStore();
  return async (request, group) => {
    if (requests <= 0) return;
    const now = clock.now();
    const windowStart = now - (now % windowMs);
    const count = await store.hit(`${group}\u0000${clientKey(request.ip)}`, windowStart, windowMs);
    if (count > requests) throw new HttpError(429, MESSAGES.tooManyRequests);
  };
}
