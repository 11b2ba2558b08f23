// Analytics ingestion benchmark: events acknowledged per second through the HTTP calls
// (POST /api/census/RecordHit, one page view a request; POST /api/1/performance/records, a beacon
// of RECORDS_PER_BEACON web-vitals records), on SQLite and (when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set) PostgreSQL. Each row sends a fixed number of requests, so when it
// ends nothing is in flight and the events stored must equal the events acknowledged (202).
// Usage: node --import tsx bench/analytics.mjs [--requests 40000] [--connections 64] [--only hit|beacon]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { databases, openDatabase } from './analytics-support.mjs';

const { values: args } = parseArgs({
  options: { requests: { type: 'string' }, connections: { type: 'string' }, only: { type: 'string' } },
});
const REQUESTS = Number(args.requests ?? 40_000);
const CONNECTIONS = Number(args.connections ?? 64);
const RECORDS_PER_BEACON = 10;
const root = new URL('..', import.meta.url).pathname;
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitFor(url, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no answer from ${url}`);
}

const hitBody = new URLSearchParams({
  event: 'PAGE_VIEW',
  data: JSON.stringify({
    pagePath: '/shop/mug',
    url: 'http://127.0.0.1/shop/mug',
    visitorCookie: 'bench|1700000000000|1700000000000|1700000000000|1',
    viewportInnerWidth: 1280,
    referrer: 'https://search.example/?q=mug',
  }),
  ss_cvr: 'bench|1700000000000|1700000000000|1700000000000|1',
}).toString();
const beaconBody = JSON.stringify(
  Array.from({ length: RECORDS_PER_BEACON }, (_, i) => ({
    app: 'storefront',
    event: ['FCP', 'LCP', 'CLS', 'INP', 'TTFB'][i % 5],
    pageLoadId: `bench-${i}`,
    ts: 1000 + i,
    data: { value: i % 5 === 2 ? 0.05 : 800 + i * 10, path: '/shop/mug', elementPath: 'main>div>img' },
  })),
);

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, amount: REQUESTS, ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });
}

/** CPU seconds the server process has used (Linux /proc; clock ticks of 10 ms). */
function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function stored(config) {
  const database = openDatabase(config);
  const row = await database.db
    .selectFrom('analytics_events')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  await database.close();
  return Number(row.n);
}

const results = [];
for await (const d of databases()) {
  const port = await freePort();
  // SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server, not the load.
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const serverArgs = [...nodeArgs, '--import', 'tsx', 'packages/server/bin/storefront.ts', 'start'];
  const server = spawn(process.execPath, serverArgs, {
    cwd: root,
    env: {
      ...process.env,
      ...d.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // One client sends every request: keep the limiter in the path but out of the way.
      RATE_LIMIT_REQUESTS: '1000000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/healthz`, server);
    let acked = 0;
    const rows = [
      [
        'RecordHit (1 event a request)',
        {
          url: `${base}/api/census/RecordHit`,
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER },
          body: hitBody,
        },
        1,
      ],
      [
        `performance records (${RECORDS_PER_BEACON} a beacon)`,
        {
          url: `${base}/api/1/performance/records`,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
          body: beaconBody,
        },
        RECORDS_PER_BEACON,
      ],
    ].filter(([name]) => !args.only || name.startsWith(args.only === 'hit' ? 'RecordHit' : 'performance'));
    for (const [name, opts, perRequest] of rows) {
      const before = await stored(d.config);
      const started = process.hrtime.bigint();
      const cpuBefore = cpuSeconds(server.pid);
      const res = await cannon(opts);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const cpu = cpuSeconds(server.pid) - cpuBefore;
      const ackedEvents = res['2xx'] * perRequest;
      acked += ackedEvents;
      const after = await stored(d.config);
      results.push({
        database: d.name,
        call: name,
        'requests/s': Math.round(res['2xx'] / seconds),
        'events/s': Math.round(ackedEvents / seconds),
        'p99 ms': res.latency.p99,
        // The server's own CPU per request: what a shared machine's load does not change much.
        'server CPU µs/request': Math.round((cpu / res['2xx']) * 1e6),
        'non-2xx': res.non2xx + res.errors,
        acknowledged: ackedEvents,
        stored: after - before,
      });
    }
    results.push({ database: d.name, call: 'total', acknowledged: acked, stored: await stored(d.config) });
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await d.cleanup();
  }
}
console.log(`analytics ingestion: ${REQUESTS} requests a row, ${CONNECTIONS} connections`);
console.table(results);
