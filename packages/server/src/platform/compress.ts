import type { IncomingHttpHeaders } from 'node:http';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Brotli level for per-answer compression: near gzip's speed, smaller output. */
export const BROTLI_QUALITY = 4;
/**
 * Brotli's window (2^16 = 64 KB): our pages and JSON answers are a few KB, and the default 4 MB
 * window makes each call set up tables sized for it (about half of a small answer's cost).
 */
const BROTLI_WINDOW_BITS = 16;
/** Text types worth compressing (pages, JSON, scripts, styles, SVG, XML). */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]*\+)?(?:json|javascript|xml)|image\/svg\+xml)/;

export type Encoding = 'br' | 'gzip';

/** The encoding to answer in: brotli, else gzip, when the client accepts it (q > 0, or by `*`). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)).find((m) => m !== null);
    accepted.set(name!.trim().toLowerCase(), q ? Number(q[1]) : 1);
  }
  const star = accepted.get('*') ?? 0;
  for (const encoding of ['br', 'gzip'] as const) {
    if ((accepted.get(encoding) ?? star) > 0) return encoding;
  }
  return null;
}

/** The encoding a whole answer to a request with these headers goes out in, or null: as it is. */
export function answerEncoding(headers: IncomingHttpHeaders): Encoding | null {
  if (headers['x-no-compression'] !== undefined) return null;
  return chooseEncoding(headers['accept-encoding']);
}

export function compress(body: Buffer | string, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return zlib.gzipSync(body);
  return zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
    },
  });
}

/**
 * Compresses whole answers (pages, JSON) in one synchronous call. @fastify/compress pipes every
 * answer through a stream pair, which for a page or a cart of a few KB costs more CPU than the
 * compression itself; streamed answers (files) are left to it.
 */
export function compressWholeAnswers(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (Buffer.byteLength(payload) < COMPRESS_THRESHOLD_BYTES) return done(null, payload);
    if (reply.getHeader('content-encoding')) return done(null, payload);
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? 'application/json')))
      return done(null, payload);
    const encoding = answerEncoding(request.headers);
    if (encoding === null) return done(null, payload);
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'Accept-Encoding');
    else if (!/\baccept-encoding\b/i.test(String(vary))) reply.header('vary', `${vary}, Accept-Encoding`);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    done(null, compress(payload, encoding));
  });
}
