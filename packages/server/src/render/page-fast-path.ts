import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { canExpressCheckout } from '@storefront/commerce';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import { answerEncoding, COMPRESS_THRESHOLD_BYTES, compress } from '../platform/compress.js';
import { CRUMB_COOKIE } from '../platform/crumb.js';
import { randomBytes } from '../platform/ids.js';
import { redactUrl } from '../platform/log-redaction.js';
import { FIXED_SECURITY_HEADERS, NONCE_BYTES, pagePolicy } from '../platform/security-headers.js';
import { SITE_USER_SESSION_COOKIE } from '../platform/site-user-auth.js';
import type { AppServices } from '../services.js';
import type { PageCache } from './page-cache.js';
import { pageCacheKey, pageNotices } from './routes.js';

/**
 * Paths the shortcut takes: letters, digits, `-`, `_`, `/` and dots inside names. Anything else
 * (percent-escapes, dot segments, `//`) goes through Fastify, whose routing and URL parsing
 * could read it otherwise than `new URL` does.
 */
const PLAIN_PATH = /^\/(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\/?)*$/;
/** Log levels at which Fastify logs every request (`info` and below). */
const LOGGED_LEVELS = new Set(['info', 'debug', 'trace']);
/** Headers through which a trusted proxy changes what Fastify reads as the protocol, host and address. */
const PROXY_HEADERS = ['x-forwarded-proto', 'x-forwarded-for', 'x-forwarded-host'] as const;

export interface PageShortcut {
  /** Answers `req` from the page cache when it may (see `serveKeptPage`); false: Fastify answers. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** From now on every request goes through Fastify (the app is closing). */
  stop(): void;
}

/**
 * Answers a kept page without Fastify: the request, reply, routing and hooks of a page hit cost
 * more CPU than the rest of it (bench/RESULTS.md, issue 17). It answers only what the page route
 * would answer from the page cache with the same bytes and headers, and only for requests whose
 * answer needs nothing but memory: a GET of a plain path, no cart or account cookie, no site
 * password, nothing scheduled due, no proxy headers, no NUL. Everything else, and every miss,
 * goes through Fastify, whose page route keeps what this serves.
 */
export function pageShortcut(
  services: AppServices,
  pages: PageCache,
  options: {
    recaptcha: boolean;
    parseCookie: () => (header: string) => Record<string, string | undefined>;
    log: () => FastifyBaseLogger;
  },
): PageShortcut {
  let stopped = false;
  return {
    stop() {
      stopped = true;
    },
    serve(req, res) {
      if (stopped || req.method !== 'GET') return false;
      const started = process.hrtime.bigint();
      let answer: { status: number; headers: http.OutgoingHttpHeaders; body: Buffer[] } | null;
      try {
        answer = keptAnswer(req);
      } catch {
        // Whatever this request holds, Fastify answers it as it answers every other.
        return false;
      }
      if (answer === null) return false;
      res.writeHead(answer.status, answer.headers);
      // Corked: the head and every piece leave in one writev.
      res.cork();
      for (const piece of answer.body) res.write(piece);
      res.end();
      const log = options.log();
      if (LOGGED_LEVELS.has(log.level)) {
        log.info(
          {
            req: {
              method: req.method,
              url: redactUrl(req.url ?? ''),
              host: req.headers.host,
              remoteAddress: req.socket.remoteAddress,
              remotePort: req.socket.remotePort,
            },
            res: { statusCode: answer.status },
            responseTime: Number(process.hrtime.bigint() - started) / 1e6,
          },
          'request completed',
        );
      }
      return true;
    },
  };

  function keptAnswer(req: IncomingMessage) {
    const raw = req.url ?? '';
    const query = raw.indexOf('?');
    const path = query === -1 ? raw : raw.slice(0, query);
    if (path.startsWith('/api/') || !PLAIN_PATH.test(path) || raw.includes('%00')) return null;
    if ((req.socket as { encrypted?: boolean }).encrypted) return null;
    for (const h of PROXY_HEADERS) if (req.headers[h] !== undefined) return null;
    const ctx = services.contextInMemory();
    if (!ctx || ctx.site.lock.passwordHash) return null;
    const version = services.database.pageVersion.pages;
    if (!services.contentScheduler.settled(version, ctx.clock.now())) return null;
    const cookieHeader = req.headers.cookie;
    if (cookieHeader?.includes('%00')) return null;
    const cookies = cookieHeader ? options.parseCookie()(cookieHeader) : {};
    if (canExpressCheckout(cookies) || cookies[SITE_USER_SESSION_COOKIE] !== undefined) return null;

    const url = new URL(raw, 'http://local');
    const currency = ctx.site.website.currency;
    const key = pageCacheKey(ctx, url, pageNotices(ctx, url.searchParams, cookies), {
      totalQuantity: 0,
      subtotalCents: 0,
      currency,
    });
    const { crumb, setCookie } = services.crumbs.forCookie(cookies[CRUMB_COOKIE], () => false);
    const nonce = randomBytes(NONCE_BYTES).toString('base64');
    const hit = pages.pieces(key, version, { crumb, nonce });
    if (!hit) return null;

    const headers: http.OutgoingHttpHeaders = {
      'content-security-policy': pagePolicy(nonce, options.recaptcha, ctx.site.pixels),
      ...FIXED_SECURITY_HEADERS,
      ...(setCookie === null ? {} : { 'set-cookie': setCookie }),
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    };
    const encoding = hit.length >= COMPRESS_THRESHOLD_BYTES ? answerEncoding(req.headers) : null;
    if (encoding === null) {
      headers['content-length'] = hit.length;
      return { status: hit.status, headers, body: hit.pieces };
    }
    const body = compress(Buffer.concat(hit.pieces, hit.length), encoding);
    headers.vary = 'Accept-Encoding';
    headers['content-encoding'] = encoding;
    headers['content-length'] = body.length;
    return { status: hit.status, headers, body: [body] };
  }
}

/** Fastify's server (its defaults for HTTP/1.1), with the kept pages answered before Fastify sees them. */
export function serverWithShortcut(shortcut: PageShortcut): FastifyServerFactory {
  return (handler, opts) => {
    const server = http.createServer((req, res) => {
      if (!shortcut.serve(req, res)) handler(req, res);
    });
    const timeouts = opts as { keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number };
    server.keepAliveTimeout = timeouts.keepAliveTimeout;
    server.requestTimeout = timeouts.requestTimeout;
    server.setTimeout(timeouts.connectionTimeout);
    return server;
  };
}
