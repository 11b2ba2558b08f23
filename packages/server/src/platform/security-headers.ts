import { CONFIG_PATH, type PixelIds, pixelSources } from '@storefront/commerce';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isHttps } from './crumb.js';
import { randomBytes } from './ids.js';

declare module 'fastify' {
  interface FastifyReply {
    /** This response's CSP nonce: the only inline script a page may run carries it. */
    cspNonce: string;
  }
  interface FastifyContextConfig {
    /** An API answer that is the same for every visitor: no `no-store`, no `Vary: Cookie`. */
    shared?: boolean;
  }
}

/** Bytes of randomness in a CSP nonce (128 bits, as CSP Level 3 recommends at least). */
export const NONCE_BYTES = 16;
/** One year: browsers keep to HTTPS for this long after an HTTPS answer. */
const HSTS_MAX_AGE_S = 365 * 24 * 60 * 60;
/** A page without ad pixels: no third-party origin for them. */
const NO_PIXELS = pixelSources({});

/**
 * Scripts only from our origin or carrying this response's nonce (the context JSON and the island
 * bundle); images may come from a merchant's CDN; no plugins, no foreign forms, framing only by
 * our own pages.
 */
export function contentSecurityPolicy(nonce: string | null, recaptcha = false, pixels = NO_PIXELS): string {
  // The third parties a page may load: reCAPTCHA (CAPTCHA=recaptcha), its script and frame, and
  // the ad pixels whose ids the merchant set (their scripts and where they send).
  const google = recaptcha ? [RECAPTCHA_SOURCES] : [];
  const nonceSource = nonce === null ? [] : [`'nonce-${nonce}'`];
  return [
    "default-src 'self'",
    ["script-src 'self'", ...nonceSource, ...google, ...pixels.script].join(' '),
    "style-src 'self'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    ["connect-src 'self'", ...google, ...pixels.connect].join(' '),
    ...(recaptcha ? [`frame-src ${RECAPTCHA_SOURCES}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** A storefront page's policy: its nonce, and the ad pixels the merchant set, if any load a script. */
export function pagePolicy(nonce: string, recaptcha: boolean, pixelIds: PixelIds): string {
  const pixels = pixelSources(pixelIds);
  return contentSecurityPolicy(nonce, recaptcha, pixels.script.length > 0 ? pixels : NO_PIXELS);
}

/** Headers every answer carries beside its policy (and HSTS over HTTPS). */
export const FIXED_SECURITY_HEADERS = {
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

/** Where Google serves reCAPTCHA's script and challenge frame from. */
const RECAPTCHA_SOURCES = 'https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/';
const nonceOf = Symbol('cspNonce');

/**
 * Headers every answer carries (CSP, framing, sniffing, referrer; HSTS when the request came over
 * HTTPS), and `Cache-Control: no-store` with `Vary: Cookie` on every API answer that depends on
 * the visitor's cookies — all but routes marked `config.shared`. The CSP nonce is made when a page
 * first reads `reply.cspNonce`, which puts it into that answer's policy; answers that read none
 * allow no inline script at all.
 */
export function securityHeaders(
  app: FastifyInstance,
  options: { recaptcha?: boolean; pixels?: () => Promise<PixelIds> } = {},
): void {
  const recaptcha = options.recaptcha ?? false;
  // The policy of answers that carry no inline script (API answers, files): no nonce to make.
  const noInlineScriptPolicy = contentSecurityPolicy(null, recaptcha);
  app.decorateReply('cspNonce', {
    getter(this: FastifyReply & { [nonceOf]?: string }) {
      let nonce = this[nonceOf];
      if (nonce === undefined) {
        nonce = randomBytes(NONCE_BYTES).toString('base64');
        this[nonceOf] = nonce;
        this.header('content-security-policy', contentSecurityPolicy(nonce, recaptcha));
      }
      return nonce;
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('content-security-policy', noInlineScriptPolicy);
    reply.headers(FIXED_SECURITY_HEADERS);
    if (isHttps(request)) reply.header('strict-transport-security', `max-age=${HSTS_MAX_AGE_S}`);
  });
  app.addHook('onSend', async (request, reply: FastifyReply & { [nonceOf]?: string }) => {
    // A storefront page (one with an inline script) may load the ad pixels the merchant set; the
    // owner's area never does.
    const nonce = reply[nonceOf];
    const path = request.url.split('?')[0];
    if (
      nonce !== undefined &&
      options.pixels &&
      path !== CONFIG_PATH &&
      !path.startsWith(`${CONFIG_PATH}/`)
    ) {
      const pixelIds = await options.pixels();
      if (pixelSources(pixelIds).script.length > 0)
        reply.header('content-security-policy', pagePolicy(nonce, recaptcha, pixelIds));
    }
    if (!request.url.startsWith('/api/') || request.routeOptions.config?.shared) return;
    reply.header('cache-control', 'no-store');
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'Cookie');
    else if (!/\bcookie\b/i.test(String(vary))) reply.header('vary', `${vary}, Cookie`);
  });
}
