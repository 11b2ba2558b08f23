import { Writable } from 'node:stream';

/** pino's numeric levels, as a person reads them. */
const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
/** Fields every pino line carries, or that the short form already shows. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime']);

function clock(time: unknown): string {
  const d = typeof time === 'number' ? new Date(time) : new Date();
  return d.toTimeString().slice(0, 8);
}

/** Requests started and not yet completed that a terminal log remembers (their method and URL). */
const OPEN_REQUESTS_MAX = 1000;

type RequestLine = { method?: string; url?: string };

/**
 * One log record (a pino JSON line) as a short line for a person at a terminal:
 * `12:01:02 INFO  GET /shop → 200 in 4 ms`. A request's start is not printed; it is remembered in
 * `open` (by request id) so its completion can name the method and URL.
 */
export function prettyLine(json: string, open: Map<string, RequestLine> = new Map()): string | null {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const reqId = typeof record.reqId === 'string' ? record.reqId : undefined;
  if (record.msg === 'incoming request') {
    if (reqId) {
      if (open.size >= OPEN_REQUESTS_MAX) open.delete(open.keys().next().value!);
      open.set(reqId, record.req as RequestLine);
    }
    return null;
  }
  const level = (LEVELS[record.level as number] ?? 'LOG').padEnd(5);
  const res = record.res as { statusCode?: number } | undefined;
  const req = (record.req as RequestLine | undefined) ?? (reqId ? open.get(reqId) : undefined);
  if (reqId) open.delete(reqId);
  let text = String(record.msg ?? '');
  if (record.msg === 'request completed' && res) {
    const ms = typeof record.responseTime === 'number' ? ` in ${Math.round(record.responseTime)} ms` : '';
    text = `${req?.method ?? ''} ${req?.url ?? ''} → ${res.statusCode}${ms}`.trim();
  }
  const extra = Object.fromEntries(Object.entries(record).filter(([k]) => !SHOWN.has(k)));
  const rest = Object.keys(extra).length > 0 ? ` ${JSON.stringify(extra)}` : '';
  return `${clock(record.time)} ${level} ${text}${rest}`;
}

/** A stream for Fastify's logger that writes short lines to `out` (a terminal) instead of JSON. */
export function prettyLogStream(out: NodeJS.WritableStream): Writable {
  let pending = '';
  const open = new Map<string, RequestLine>();
  return new Writable({
    write(chunk, _encoding, done) {
      pending += String(chunk);
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        const line = prettyLine(pending.slice(0, newline), open);
        if (line !== null) out.write(`${line}\n`);
        pending = pending.slice(newline + 1);
        newline = pending.indexOf('\n');
      }
      done();
    },
  });
}
