import { describe, expect, it } from 'vitest';
import { prettyLine } from '../src/platform/pretty-log.js';

describe('log lines for a person at a terminal', () => {
  const at = new Date(2026, 10, 25, 12, 1, 2).getTime();
  it('says a request in one short line and leaves out its start', () => {
    const open = new Map();
    expect(
      prettyLine(
        JSON.stringify({
          level: 30,
          time: at,
          reqId: 'req-2',
          req: { method: 'POST', url: '/cart' },
          msg: 'incoming request',
        }),
        open,
      ),
    ).toBeNull();
    expect(
      prettyLine(
        JSON.stringify({
          level: 30,
          time: at,
          reqId: 'req-2',
          res: { statusCode: 303 },
          msg: 'request completed',
        }),
        open,
      ),
    ).toBe('12:01:02 INFO  POST /cart → 303');
    expect(open.size).toBe(0);
    expect(
      prettyLine(
        JSON.stringify({
          level: 30,
          time: at,
          pid: 1,
          hostname: 'h',
          reqId: 'req-1',
          res: { statusCode: 200 },
          req: { method: 'GET', url: '/shop' },
          responseTime: 4.2,
          msg: 'request completed',
        }),
      ),
    ).toBe('12:01:02 INFO  GET /shop → 200 in 4 ms');
    expect(prettyLine(JSON.stringify({ level: 30, time: at, msg: 'incoming request' }))).toBeNull();
  });
  it('keeps a message and its own fields, and passes through what is not JSON', () => {
    expect(
      prettyLine(JSON.stringify({ level: 40, time: at, pid: 1, msg: 'Redis is not answering', err: 'x' })),
    ).toBe('12:01:02 WARN  Redis is not answering {"err":"x"}');
    expect(prettyLine('plain text')).toBe('plain text');
  });
});
