// HTTP benchmark: the product page and add-to-cart on the embedded default (SQLite, demo
// store), beside a bare Fastify "hello" as the ceiling, all on this machine.
// Usage: node bench/http.mjs [--duration 10] [--connections 50] [--rate 1000] [--rounds 5] [--only add-to-cart]
//   [--cpu-prof DIR] (the store writes a V8 CPU profile of the whole run into DIR)
// Exits non-zero when any request of any row was refused or failed (each must succeed).
// Each row also gives the server's largest RSS while it ran (sampled from /proc).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openLoop, summary } from './open-loop.mjs';
import { buildStore, STORE_START_ARGV } from './store-process.mjs';

buildStore();

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string' },
    connections: { type: 'string' },
    rate: { type: 'string' },
    rounds: { type: 'string' },
    only: { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
});
/** Add-to-cart's latency budget is read at this offered rate (autocannon's overallRate, -R). */
const OFFERED_RATE = Number(args.rate ?? 1000);
const RSS_SAMPLE_MS = 100;
const DURATION_S = Number(args.duration ?? 10);
const CONNECTIONS = Number(args.connections ?? 50);
/** Turns the ceiling and the page rows take (see below). */
const ROUNDS = Number(args.rounds ?? 5);
/** `--only add-to-cart` skips the ceiling and the page rows. */
const ONLY_ADD_TO_CART = args.only === 'add-to-cart';
const root = new URL('..', import.meta.url).pathname;

async function waitFor(url, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`process exited: ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no answer from ${url}`);
}

function start(cmd, argv, env) {
  return spawn(cmd, argv, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function rssMb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

/** Samples the RSS of `pid` until the answered function is called, which gives the largest seen. */
function watchRss(pid) {
  let maxRss = 0;
  const timer = setInterval(() => {
    maxRss = Math.max(maxRss, rssMb(pid));
  }, RSS_SAMPLE_MS);
  return () => {
    clearInterval(timer);
    return Math.round(Math.max(maxRss, rssMb(pid)));
  };
}

/** Runs autocannon against the server `pid`; the result carries the server's largest RSS meanwhile. */
function run(opts, pid) {
  const stopRss = watchRss(pid);
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION_S, connections: CONNECTIONS, ...opts }, (err, res) => {
      const maxRss = stopRss();
      return err ? reject(err) : resolve({ ...res, maxRss });
    });
  });
}

function row(name, r) {
  return {
    name,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    'p99.9 ms': r.latency.p99_9 ?? r.latency.p999,
    'max ms': r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors,
    'server RSS MB': r.maxRss,
  };
}

const results = [];

/** A free port: the machine is shared, so a fixed or guessed one may be taken. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const helloPort = await freePort();
const hello = start(process.execPath, ['bench/hello-fastify.mjs'], { PORT: String(helloPort) });
await waitFor(`http://127.0.0.1:${helloPort}/`, hello);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-bench-'));
const port = await freePort();
// A profile is written when the process exits, which a SIGTERM does not do by default.
const PROFILE_ARGV = args['cpu-prof']
  ? [
      '--cpu-prof',
      `--cpu-prof-dir=${path.resolve(args['cpu-prof'])}`,
      '--import',
      "data:text/javascript,process.once('SIGTERM',()=>process.exit(0))",
    ]
  : [];
const store = start(process.execPath, [...PROFILE_ARGV, ...STORE_START_ARGV], {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  // One client sends every request: keep the limiter in the path but out of the way.
  RATE_LIMIT_REQUESTS: '1000000000',
});
const base = `http://127.0.0.1:${port}`;
await waitFor(`${base}/healthz`, store);
const productUrl = `${base}/shop/p/linen-field-shirt`;

// The ceiling and the two pages are measured in turns (ROUNDS rounds of DURATION_S / ROUNDS
// seconds each) rather than one after the other: on a shared machine the load from other
// processes moves within a minute, and turns spread it over the three rows alike.
const pageRows = [
  { name: 'fastify hello (ceiling)', url: `http://127.0.0.1:${helloPort}/`, pid: hello.pid },
  { name: 'GET product page', url: productUrl, pid: store.pid },
  { name: 'GET product list', url: `${base}/shop`, pid: store.pid },
].filter(() => !ONLY_ADD_TO_CART);
for (const r of pageRows) await run({ url: r.url, duration: 2 }, r.pid);
const turns = pageRows.map(() => []);
for (let round = 0; round < ROUNDS; round++)
  for (const [i, r] of pageRows.entries())
    turns[i].push(await run({ url: r.url, duration: Math.max(1, Math.round(DURATION_S / ROUNDS)) }, r.pid));
hello.kill('SIGTERM');
for (const [i, r] of pageRows.entries()) {
  const rounds = turns[i];
  const seconds = rounds.reduce((sum, x) => sum + x.duration, 0);
  const sorted = (f) => rounds.map(f).sort((a, b) => a - b);
  results.push(
    row(r.name, {
      requests: { average: rounds.reduce((sum, x) => sum + x.requests.total, 0) / seconds },
      // The median round's p50 and the worst round's p99.
      latency: {
        p50: sorted((x) => x.latency.p50)[rounds.length >> 1],
        p99: Math.max(...sorted((x) => x.latency.p99)),
      },
      non2xx: rounds.reduce((sum, x) => sum + x.non2xx, 0),
      errors: rounds.reduce((sum, x) => sum + x.errors, 0),
      maxRss: Math.max(...rounds.map((x) => x.maxRss)),
    }),
  );
}

// Each connection is a shopper: a new cart (the first add makes it and sets its cookie), then
// ADDS_PER_CART − 1 adds of the same physical product that merge into its one line (14 in
// stock: a cart may hold them all), then the next shopper. One endless cart would pass the
// stock and the spec's 9999 per line; a digital product is one licence per order.
// A crumb the server signed, taken from a page as a browser takes it.
const ADDS_PER_CART = 10;
const crumb = /crumb=([^;]+)/.exec((await fetch(productUrl)).headers.getSetCookie().join('\n'))[1];
const addBody = JSON.stringify({
  itemId: 'stoneware-pour-over-set',
  sku: 'JO-POUROVER-SET',
  quantity: 1,
  additionalFields: null,
});
const addHeaders = { 'content-type': 'application/json', 'x-csrf-token': crumb };
/** The first refused add of the run, shown when the bench fails. */
let firstRefusal;
const addRequest = (withCart) => ({
  method: 'POST',
  path: '/api/commerce/shopping-cart/entries',
  body: addBody,
  setupRequest: (req, context) => ({
    ...req,
    headers: { ...addHeaders, cookie: withCart ? `crumb=${crumb}; ${context.cart}` : `crumb=${crumb}` },
  }),
  onResponse: (status, body, context, headers) => {
    if (status >= 300) firstRefusal ??= `${status} ${body}`;
    if (!withCart) {
      const setCookie = Object.entries(headers).find(([name]) => name.toLowerCase() === 'set-cookie')?.[1];
      const cookies = [setCookie ?? []].flat();
      context.cart = cookies.find((c) => c.startsWith('CART='))?.split(';')[0];
      if (!context.cart) firstRefusal ??= `no CART cookie on a new cart's add: ${status} ${body}`;
    }
  },
});
const addToCart = {
  url: base,
  requests: [addRequest(false), ...Array.from({ length: ADDS_PER_CART - 1 }, () => addRequest(true))],
};
results.push(row('POST add-to-cart', await run(addToCart, store.pid)));
// autocannon's rate (the issue's wording): each connection sends its share of a second back to
// back when the second starts, and with a rate autocannon adds samples for a "coordinated
// omission" whose interval it takes in the wrong unit (1 ms), weighting each answer by its own
// latency. The second row reads the same bursts per request, without those added samples.
results.push(
  row(
    `POST add-to-cart at ${OFFERED_RATE} req/s offered`,
    await run({ ...addToCart, overallRate: OFFERED_RATE }, store.pid),
  ),
);
results.push(
  row(
    `POST add-to-cart at ${OFFERED_RATE} req/s offered, per request`,
    await run({ ...addToCart, overallRate: OFFERED_RATE, ignoreCoordinatedOmission: true }, store.pid),
  ),
);
// The steady rate: a request due every 1000/rate ms, latency from when it was due.
const shoppers = Array.from({ length: CONNECTIONS }, () => ({ adds: 0, cart: undefined, isNew: false }));
const stopRss = watchRss(store.pid);
const steady = await openLoop({
  url: base,
  rate: OFFERED_RATE,
  durationS: DURATION_S,
  connections: CONNECTIONS,
  shoppers: CONNECTIONS,
  next: (i) => {
    const shopper = shoppers[i];
    shopper.isNew = shopper.adds++ % ADDS_PER_CART === 0;
    const cookie = shopper.isNew ? `crumb=${crumb}` : `crumb=${crumb}; ${shopper.cart}`;
    return {
      method: 'POST',
      path: '/api/commerce/shopping-cart/entries',
      headers: { ...addHeaders, cookie, 'content-length': Buffer.byteLength(addBody) },
      body: addBody,
    };
  },
  onAnswer: (i, status, headers, body) => {
    if (status >= 300) firstRefusal ??= `${status} ${body}`;
    if (shoppers[i].isNew) {
      shoppers[i].cart = [headers['set-cookie'] ?? []]
        .flat()
        .find((c) => c.startsWith('CART='))
        ?.split(';')[0];
      if (!shoppers[i].cart) firstRefusal ??= `no CART cookie on a new cart's add: ${status} ${body}`;
    }
  },
});
results.push(
  row(`POST add-to-cart at ${OFFERED_RATE} req/s steady`, { ...summary(steady), maxRss: stopRss() }),
);
store.kill('SIGTERM');
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(
  `\nautocannon -c ${CONNECTIONS} -d ${DURATION_S}s, node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0].model})`,
);
console.table(results);
const ceiling = results[0]['req/s'];
for (const r of ONLY_ADD_TO_CART ? [] : results.slice(1, 3))
  console.log(`${r.name}: ${((r['req/s'] / ceiling) * 100).toFixed(1)}% of the Fastify hello ceiling`);

// Every request of every row is one that must succeed: a refusal means the bench or the store
// broke, and the figures above measured error answers.
const failed = results.filter((r) => r.non2xx > 0 || r.errors > 0);
if (failed.length > 0) {
  console.error(`\nFAILED: non-2xx answers or errors in ${failed.map((r) => `'${r.name}'`).join(', ')}`);
  if (firstRefusal) console.error(`first refused add-to-cart: ${firstRefusal}`);
  process.exitCode = 1;
}
