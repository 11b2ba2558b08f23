import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/index.js';
import { importCatalog } from '../src/modules/catalog/import.js';
import { smallCatalog, TEST_SESSION_SECRET } from './support/app.js';
import { setups, withDatabase } from './support/fault.js';
import { killProcess, spawnServer } from './support/process.js';

/**
 * Crash safety of analytics ingestion: a real server takes a stream of page views and performance
 * records and is killed with SIGKILL mid-stream. After a restart every event it acknowledged (202)
 * is stored — the group commit answers only once the batch is committed.
 */
const WORKERS = 16;
/** Events acknowledged before the kill: enough for batches to be in flight when it lands. */
const ACKED_BEFORE_KILL = 2000;
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

/** One call: a page view (one event) or a beacon of three LCP records; answers the paths it carried. */
async function sendOnce(url: string, n: number): Promise<{ status: number; paths: string[] }> {
  const id = crypto.randomUUID();
  if (n % 2 === 0) {
    const path = `/fault/${id}`;
    const res = await fetch(`${url}/api/census/RecordHit`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER },
      body: new URLSearchParams({
        event: 'PAGE_VIEW',
        data: JSON.stringify({ pagePath: path, visitorCookie: `f${n}|1|1|1|1` }),
      }),
    });
    await res.text();
    return { status: res.status, paths: [path] };
  }
  const paths = [0, 1, 2].map((i) => `/fault/${id}/${i}`);
  const res = await fetch(`${url}/api/1/performance/records`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
    body: JSON.stringify(
      paths.map((path) => ({
        app: 'storefront',
        event: 'LCP',
        pageLoadId: id,
        ts: 1,
        data: { value: 1200, path },
      })),
    ),
  });
  await res.text();
  return { status: res.status, paths };
}

describe.each(setups)('analytics events survive SIGKILL on %s', (_name, makeSetup) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it('stores every acknowledged event after a restart', { timeout: 180_000 }, async () => {
    const setup = await makeSetup();
    cleanups.push(setup.cleanup);
    await withDatabase(setup.config, async (d) => {
      await migrate(d);
      const result = await importCatalog(d, smallCatalog());
      if (!result.ok) throw new Error(JSON.stringify(result.errors));
    });
    const env = { RATE_LIMIT_REQUESTS: '0', SESSION_SECRET: TEST_SESSION_SECRET, ...setup.env };

    const first = await spawnServer(env);
    cleanups.push(() => killProcess(first.child, 'SIGKILL'));
    const acked: string[] = [];
    let killed = false;
    let sent = 0;
    const worker = async () => {
      while (!killed) {
        let result: { status: number; paths: string[] };
        try {
          result = await sendOnce(first.url, sent++);
        } catch (err) {
          if (!killed) throw err;
          return;
        }
        expect(result.status).toBe(202);
        acked.push(...result.paths);
        if (acked.length >= ACKED_BEFORE_KILL && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    await killProcess(first.child, 'SIGKILL');

    const second = await spawnServer(env);
    cleanups.push(() => killProcess(second.child, 'SIGTERM'));
    await withDatabase(setup.config, async ({ db }) => {
      const rows = await db
        .selectFrom('analytics_events')
        .select('path')
        .where('path', 'like', '/fault/%')
        .execute();
      const stored = new Set(rows.map((r) => r.path));
      const missing = acked.filter((p) => !stored.has(p));
      expect(missing).toEqual([]);
      // Rollups were written in the same transactions as their events.
      const views = await db
        .selectFrom('analytics_daily')
        .select((eb) => eb.fn.sum<number>('count').as('n'))
        .where('metric', '=', 'pageviews')
        .executeTakeFirst();
      expect(Number(views?.n)).toBe(rows.filter((r) => r.path.split('/').length === 3).length);
    });
  });
});
