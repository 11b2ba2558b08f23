// Product page quality: Lighthouse (mobile preset, system Chromium; median of 3 runs — the score
// is noisy) for performance and accessibility, and the islands JavaScript the page loads,
// gzipped. Usage: node bench/product-page.mjs [--path /shop/p/linen-field-shirt] [--runs 3]
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const { values: args } = parseArgs({ options: { path: { type: 'string' }, runs: { type: 'string' } } });
const PAGE = args.path ?? '/shop/p/linen-field-shirt';
const RUNS = Number(args.runs ?? 3);
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const root = new URL('..', import.meta.url).pathname;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-lh-'));
const port = 42000 + Math.floor(Math.random() * 1000);
const server = spawn(
  process.execPath,
  ['--conditions=storefront-source', '--import', 'tsx', 'packages/server/bin/storefront.ts', 'start'],
  {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {}
  if (i > 300) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 100));
}
const url = `${base}${PAGE}`;

// Islands JS as the page loads it (entry, its imports and the islands it mounts), gzipped.
const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
const page = await browser.newPage();
const scripts = new Set();
page.on('response', (r) => {
  if (r.url().endsWith('.js')) scripts.add(r.url());
});
await page.goto(url, { waitUntil: 'networkidle' });
await browser.close();
let jsGzip = 0;
const perFile = [];
for (const s of scripts) {
  const body = Buffer.from(await (await fetch(s)).arrayBuffer());
  const gz = zlib.gzipSync(body, { level: 9 }).length;
  jsGzip += gz;
  perFile.push({ file: new URL(s).pathname, raw: body.length, gzip: gz });
}

const scores = [];
for (let i = 0; i < RUNS; i++) {
  const out = path.join(dataDir, `lh-${i}.json`);
  execFileSync(
    'npx',
    [
      '--yes',
      'lighthouse@13',
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility',
      `--chrome-flags=${FLAGS.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const lhr = JSON.parse(fs.readFileSync(out, 'utf8'));
  const audits = lhr.audits;
  scores.push({
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    fcp: audits['first-contentful-paint'].displayValue,
    lcp: audits['largest-contentful-paint'].displayValue,
    tbt: audits['total-blocking-time'].displayValue,
    cls: audits['cumulative-layout-shift'].displayValue,
    failedA11y: Object.values(audits)
      .filter((a) => lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id) && a.score === 0)
      .map((a) => a.id),
  });
}
server.kill('SIGTERM');
fs.rmSync(dataDir, { recursive: true, force: true });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`\nProduct page ${PAGE}, Lighthouse 13 mobile preset, ${RUNS} runs, system Chromium`);
console.table(scores.map(({ failedA11y, ...s }) => s));
console.log(
  `median performance ${median(scores.map((s) => s.performance))}, median accessibility ${median(scores.map((s) => s.accessibility))}`,
);
const failed = [...new Set(scores.flatMap((s) => s.failedA11y))];
if (failed.length) console.log(`accessibility audits failed: ${failed.join(', ')}`);
console.table(perFile);
console.log(
  `islands JavaScript loaded by the page: ${jsGzip} bytes gzipped (${(jsGzip / 1024).toFixed(1)} KiB; budget 80 KiB = 81920 bytes)`,
);
