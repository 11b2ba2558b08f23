// Checkout benchmark: completed orders per second and the order call's latency, on SQLite and
// (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) PostgreSQL. Each worker loops: a fresh
// cart with one physical item, then POST /api/commerce/orders with a unique idempotency key and
// the test card. Two rows per database: every worker buying the same variant (the contended
// case: one hot stock row) and workers spread over SPREAD_SKUS variants.
// With --latency MS the built-in test provider answers each authorization after MS (a real
// processor's round trip): checkout holds no lock while it waits, so throughput should approach
// workers / latency (e.g. --latency 300 --workers 100: about 300 ms per order, >= 100 orders/s).
// With --instances N (PostgreSQL only) N server processes share the database and Redis (REDIS_URL,
// default redis://127.0.0.1:6379) and the workers spread over them, as docs/scaling.md runs them.
// Usage: node --import tsx bench/checkout.mjs [--duration 10] [--warmup 10] [--workers 16] [--latency 0] [--instances 1]
//   [--only sqlite|postgresql]; BENCH_STORE_FLAGS='--cpu-prof …' passes Node flags to the store's process.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { migrate, openDatabase } from '../packages/server/src/db/index.ts';
import { importCatalog } from '../packages/server/src/modules/catalog/import.ts';
import { BENCH_ORDER, BENCH_STOCK, benchCatalog, benchMug } from './checkout-store.ts';
import { buildStore, STORE_START_ARGV } from './store-process.mjs';

buildStore();

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string' },
    workers: { type: 'string' },
    latency: { type: 'string' },
    instances: { type: 'string' },
    only: { type: 'string' },
    warmup: { type: 'string' },
  },
});
const DURATION_S = Number(args.duration ?? 10);
const WORKERS = Number(args.workers ?? 16);
const LATENCY_MS = Number(args.latency ?? 0);
const INSTANCES = Number(args.instances ?? 1);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SESSION_SECRET = crypto.randomBytes(24).toString('hex');
// Both processes (store and load) run their first seconds of orders at about two thirds of their
// later speed while V8 compiles the hot paths: 2 s of warm-up left the first row measured (one
// variant) slower than the second for that reason alone.
const WARMUP_S = Number(args.warmup ?? 10);
const SPREAD_SKUS = 50;
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const root = new URL('..', import.meta.url).pathname;

const catalog = benchCatalog(Array.from({ length: SPREAD_SKUS }, (_, i) => benchMug(`mug-${i}`, `MUG-${i}`)));

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

async function prepare(config) {
  const database = openDatabase(config);
  await migrate(database);
  const result = await importCatalog(database, catalog);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  await database.close();
}

async function stockAndOrders(config) {
  const database = openDatabase(config);
  const variants = await database.db.selectFrom('variants').select('qty_in_stock').execute();
  const items = await database.db.selectFrom('order_items').select('quantity').execute();
  await database.close();
  const stock = variants.reduce((sum, v) => sum + v.qty_in_stock, 0);
  return {
    stock,
    sold: items.reduce((sum, i) => sum + i.quantity, 0),
    initial: variants.length * BENCH_STOCK,
  };
}

/**
 * The client: node:http on kept-alive sockets. fetch costs this process about twice the CPU per
 * request, and the client shares the machine's two cores with the store it measures.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

function request(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          setCookie: (res.headers['set-cookie'] ?? []).join('\n'),
          text: Buffer.concat(chunks).toString(),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A crumb each server signed, taken from a page as a browser takes it. */
const crumbs = new Map();
async function crumbFor(base) {
  if (!crumbs.has(base)) {
    const page = await request(`${base}/shop`);
    crumbs.set(base, /crumb=([^;]+)/.exec(page.setCookie)[1]);
  }
  return crumbs.get(base);
}

/** The first refused order of the run, shown when the bench fails. */
let firstFailure;

async function checkout(base, skus) {
  const crumb = await crumbFor(base);
  const headers = { 'content-type': 'application/json', 'x-csrf-token': crumb };
  const n = crypto.randomInt(skus);
  const add = await request(`${base}/api/commerce/shopping-cart/entries`, {
    method: 'POST',
    headers: { ...headers, cookie: `crumb=${crumb}` },
    body: JSON.stringify({ itemId: `mug-${n}`, sku: `MUG-${n}`, quantity: 1, additionalFields: null }),
  });
  if (add.status !== 200) throw new Error(`add to cart answered ${add.status}`);
  const cart = /CART=([^;]+)/.exec(add.setCookie)[1];
  const started = performance.now();
  const res = await request(`${base}/api/commerce/orders`, {
    method: 'POST',
    headers: { ...headers, cookie: `crumb=${crumb}; CART=${cart}` },
    body: JSON.stringify({ ...BENCH_ORDER, idempotencyKey: crypto.randomUUID() }),
  });
  if (res.status !== 201) firstFailure ??= `${res.status} ${res.text}`;
  return { status: res.status, ms: performance.now() - started };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const RSS_SAMPLE_MS = 100;

/** CPU seconds a process has used (user + system), from /proc/<pid>/stat; 0 once it is gone. */
function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = 100;

/** The CPU seconds of every PostgreSQL process on this machine (its backends serve the store). */
function postgresCpuSeconds() {
  let sum = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') sum += cpuSeconds(pid);
    } catch {}
  }
  return sum;
}

function rssMb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

/** Worker i talks to instance i mod n; the row gives the largest RSS any instance reached. */
async function measure(bases, seconds, skus, pids = []) {
  let maxRss = 0;
  const timer = setInterval(() => {
    for (const pid of pids) maxRss = Math.max(maxRss, rssMb(pid));
  }, RSS_SAMPLE_MS);
  const latencies = [];
  let failures = 0;
  const storeCpu = () => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const cpuBefore = { store: storeCpu(), postgres: postgresCpuSeconds(), client: process.cpuUsage() };
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, i) => {
      const base = bases[i % bases.length];
      while (performance.now() < deadline) {
        const r = await checkout(base, skus);
        if (r.status === 201) latencies.push(r.ms);
        else failures += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(timer);
  const clientCpu = process.cpuUsage(cpuBefore.client);
  const perOrder = (seconds) => Number(((seconds * 1000) / Math.max(1, latencies.length)).toFixed(2));
  latencies.sort((a, b) => a - b);
  return {
    'orders/s': Math.round(latencies.length / elapsed),
    'p50 ms': Number(percentile(latencies, 50).toFixed(1)),
    'p99 ms': Number(percentile(latencies, 99).toFixed(1)),
    orders: latencies.length,
    failures,
    'server RSS MB': Math.round(maxRss),
    // CPU per placed order (add-to-cart included): steadier than orders/s on a shared machine.
    'store CPU ms/order': perOrder(storeCpu() - cpuBefore.store),
    'PostgreSQL CPU ms/order': perOrder(postgresCpuSeconds() - cpuBefore.postgres),
    'client CPU ms/order': perOrder((clientCpu.user + clientCpu.system) / 1e6),
  };
}

function startServer(env) {
  return freePort().then((port) => ({
    base: `http://127.0.0.1:${port}`,
    child: spawn(
      process.execPath,
      [...(process.env.BENCH_STORE_FLAGS ?? '').split(' ').filter(Boolean), ...STORE_START_ARGV],
      {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          RATE_LIMIT_REQUESTS: '0',
          TEST_PAYMENT_LATENCY_MS: String(LATENCY_MS),
          ...env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    ),
  }));
}

async function bench(name, config, env, cleanup, instances = 1) {
  await prepare(config);
  // Several instances share what must be shared: the database, Redis and the crumb secret.
  const shared = instances > 1 ? { REDIS_URL, SESSION_SECRET } : {};
  const servers = [];
  for (let i = 0; i < instances; i++) servers.push(await startServer({ ...env, ...shared }));
  const bases = servers.map((s) => s.base);
  try {
    for (const s of servers) await waitFor(`${s.base}/healthz`, s.child);
    await measure(bases, WARMUP_S, SPREAD_SKUS);
    const rows = [];
    for (const [label, skus] of [
      ['one variant', 1],
      [`${SPREAD_SKUS} variants`, SPREAD_SKUS],
    ]) {
      rows.push({
        name: `${name}, ${label}`,
        ...(await measure(
          bases,
          DURATION_S,
          skus,
          servers.map((s) => s.child.pid),
        )),
      });
    }
    const check = await stockAndOrders(config);
    const consistent = check.stock === check.initial - check.sold;
    return rows.map((r) => ({ ...r, 'stock consistent': consistent }));
  } finally {
    for (const s of servers) {
      const exited = new Promise((r) => s.child.once('exit', r));
      s.child.kill('SIGTERM');
      await exited;
    }
    await cleanup();
  }
}

const results = [];
if (args.only !== 'postgresql') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-bench-checkout-'));
  results.push(
    ...(await bench(
      'SQLite (embedded default)',
      { kind: 'sqlite', file: path.join(dataDir, 'storefront.db') },
      { DATA_DIR: dataDir, DATABASE_URL: '' },
      async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    )),
  );
}

if (PG_URL && args.only !== 'sqlite') {
  const name = `sf_bench_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-bench-checkout-'));
  results.push(
    ...(await bench(
      INSTANCES > 1 ? `PostgreSQL, ${INSTANCES} instances` : 'PostgreSQL',
      { kind: 'postgres', url: url.toString() },
      { DATA_DIR: pgDir, DATABASE_URL: url.toString() },
      async () => {
        fs.rmSync(pgDir, { recursive: true, force: true });
        const c = new pg.Client({ connectionString: PG_URL });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
      INSTANCES,
    )),
  );
}

console.log(
  `checkout: ${WORKERS} workers, provider latency ${LATENCY_MS} ms, ${DURATION_S} s per row (after ${WARMUP_S} s warm-up)`,
);
console.table(results);

// Every order must be placed and every unit accounted for: otherwise the figures above measured
// refusals, or the store oversold.
const failed = results.filter((r) => r.failures > 0 || !r['stock consistent']);
if (failed.length > 0) {
  console.error(
    `\nFAILED: refused orders or inconsistent stock in ${failed.map((r) => `'${r.name}'`).join(', ')}`,
  );
  if (firstFailure) console.error(`first refused order: ${firstFailure}`);
  process.exitCode = 1;
}
