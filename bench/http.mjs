// HTTP benchmark: the product page and add-to-cart on the embedded default (SQLite, demo
// store), beside a bare Fastify "hello" as the ceiling, all on this machine.
// Usage: node bench/http.mjs [--duration 10] [--connections 50] [--rate 1000]
// Each row also gives the server's largest RSS while it ran (sampled from /proc).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values: args } = parseArgs({
  options: { duration: { type: 'string' }, connections: { type: 'string' }, rate: { type: 'string' } },
});
/** Add-to-cart's latency budget is read at this offered rate (autocannon's overallRate, -R). */
const OFFERED_RATE = Number(args.rate ?? 1000);
const RSS_SAMPLE_MS = 100;
const DURATION_S = Number(args.duration ?? 10);
const CONNECTIONS = Number(args.connections ?? 50);
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

/** Runs autocannon against the server `pid`; the result carries the server's largest RSS meanwhile. */
function run(opts, pid) {
  let maxRss = 0;
  const timer = setInterval(() => {
    maxRss = Math.max(maxRss, rssMb(pid));
  }, RSS_SAMPLE_MS);
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION_S, connections: CONNECTIONS, ...opts }, (err, res) => {
      clearInterval(timer);
      return err ? reject(err) : resolve({ ...res, maxRss: Math.round(Math.max(maxRss, rssMb(pid))) });
    });
  });
}

function row(name, r) {
  return {
    name,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    'server RSS MB': r.maxRss,
  };
}

const results = [];

const helloPort = 41000 + Math.floor(Math.random() * 1000);
const hello = start(process.execPath, ['bench/hello-fastify.mjs'], { PORT: String(helloPort) });
await waitFor(`http://127.0.0.1:${helloPort}/`, hello);
await run({ url: `http://127.0.0.1:${helloPort}/`, duration: 2 }, hello.pid);
results.push(row('fastify hello (ceiling)', await run({ url: `http://127.0.0.1:${helloPort}/` }, hello.pid)));
hello.kill('SIGTERM');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-bench-'));
const port = helloPort + 1;
const store = start(
  process.execPath,
  ['--conditions=storefront-source', '--import', 'tsx', 'packages/server/bin/storefront.ts', 'start'],
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    // One client sends every request: keep the limiter in the path but out of the way.
    RATE_LIMIT_REQUESTS: '1000000000',
  },
);
const base = `http://127.0.0.1:${port}`;
await waitFor(`${base}/healthz`, store);

const productUrl = `${base}/shop/p/linen-field-shirt`;
await run({ url: productUrl, duration: 2 }, store.pid);
results.push(row('GET product page', await run({ url: productUrl }, store.pid)));
results.push(row('GET product list', await run({ url: `${base}/shop` }, store.pid)));

// One cart, one unlimited digital product: every add merges into the same entry.
// A crumb the server signed, taken from a page as a browser takes it.
const crumb = /crumb=([^;]+)/.exec((await fetch(productUrl)).headers.getSetCookie().join('\n'))[1];
const first = await fetch(`${base}/api/commerce/shopping-cart/entries`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-csrf-token': crumb, cookie: `crumb=${crumb}` },
  body: JSON.stringify({
    itemId: 'seasonal-recipes',
    sku: 'JO-RECIPES-PDF',
    quantity: 1,
    additionalFields: null,
  }),
});
if (!first.ok) throw new Error(`add-to-cart failed: ${first.status} ${await first.text()}`);
const cartCookie = first.headers
  .getSetCookie()
  .find((c) => c.startsWith('CART='))
  ?.split(';')[0];
const addToCart = {
  url: `${base}/api/commerce/shopping-cart/entries`,
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    'x-csrf-token': crumb,
    cookie: `crumb=${crumb}; ${cartCookie}`,
  },
  body: JSON.stringify({
    itemId: 'seasonal-recipes',
    sku: 'JO-RECIPES-PDF',
    quantity: 1,
    additionalFields: null,
  }),
};
results.push(row('POST add-to-cart', await run(addToCart, store.pid)));
results.push(
  row(
    `POST add-to-cart at ${OFFERED_RATE} req/s offered`,
    await run({ ...addToCart, overallRate: OFFERED_RATE }, store.pid),
  ),
);
store.kill('SIGTERM');
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(
  `\nautocannon -c ${CONNECTIONS} -d ${DURATION_S}s, node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0].model})`,
);
console.table(results);
const ceiling = results[0]['req/s'];
for (const r of results.slice(1, 3))
  console.log(`${r.name}: ${((r['req/s'] / ceiling) * 100).toFixed(1)}% of the Fastify hello ceiling`);
