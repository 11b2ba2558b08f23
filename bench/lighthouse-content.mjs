// Lighthouse 13, mobile (its default emulation and simulated throttling), on a blog post and the
// gallery page of the demo store: performance and accessibility, the median of RUNS runs each.
// The store must be running (npm start on an empty DATA_DIR):
//   CHROME_PATH=/usr/bin/chromium BASE=http://127.0.0.1:3000 node bench/lighthouse-content.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const BASE = process.env.BASE ?? 'http://127.0.0.1:3000';
const RUNS = Number(process.env.RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PAGES = [
  { name: 'blog post', path: '/journal/notes-from-the-kiln' },
  { name: 'gallery page', path: '/gallery' },
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'lh-content-'));

for (const page of PAGES) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const file = path.join(out, `run-${i}.json`);
    execFileSync(
      'npx',
      [
        '--yes',
        '--prefer-offline',
        'lighthouse@13',
        BASE + page.path,
        '--only-categories=performance,accessibility',
        '--output=json',
        `--output-path=${file}`,
        '--quiet',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
      ],
      { env: { ...process.env, CHROME_PATH }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const lhr = JSON.parse(fs.readFileSync(file, 'utf8'));
    const audit = (id) => lhr.audits[id]?.displayValue ?? '';
    runs.push({
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      metrics: `FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}`,
      failed: Object.values(lhr.audits)
        .filter((a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id))
        .map((a) => a.id),
    });
  }
  console.log(
    `| ${page.name} \`${page.path}\` | ${median(runs.map((r) => r.performance))} | ${median(runs.map((r) => r.accessibility))} | ${runs.map((r) => r.performance).join('/')} · ${runs.map((r) => r.accessibility).join('/')} | ${runs[0].metrics} |`,
  );
  const failed = [...new Set(runs.flatMap((r) => r.failed))];
  if (failed.length) console.log(`  accessibility audits failed: ${failed.join(', ')}`);
}
fs.rmSync(out, { recursive: true, force: true });
