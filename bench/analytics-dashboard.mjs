// Dashboard queries over many stored events: fills a fresh database with --events analytics
// events (page views, commerce events, web vitals and error reports from --visitors visitors over
// 90 days, written through the same batch writer as ingestion, rollups included), then times the
// dashboard's read (GET /api/config/analytics does exactly this) for 7-, 30- and 90-day ranges and
// reports p50/p99 over --runs runs, on SQLite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is
// set) PostgreSQL.
// Usage: node --import tsx bench/analytics-dashboard.mjs [--events 1000000] [--runs 200] [--only sqlite|postgresql]
import { parseArgs } from 'node:util';
import { dashboard, writeEvents } from '../packages/server/src/modules/analytics/service.ts';
import { databases, openDatabase } from './analytics-support.mjs';

const { values: args } = parseArgs({
  options: {
    events: { type: 'string' },
    runs: { type: 'string' },
    visitors: { type: 'string' },
    // One database's rows only: sqlite or postgresql (the 1M fill takes minutes each).
    only: { type: 'string' },
  },
});
const EVENTS = Number(args.events ?? 1_000_000);
const RUNS = Number(args.runs ?? 200);
const VISITORS = Number(args.visitors ?? 50_000);
const DAYS = 90;
const BATCH = 1000;
const DAY_MS = 86_400_000;
const today = Math.floor(Date.now() / DAY_MS);
const PAGES = Array.from({ length: 200 }, (_, i) => (i === 0 ? '/shop' : `/shop/p/product-${i}`));
const REFERRERS = [
  null,
  null,
  'https://news.example/a',
  'https://search.example/?q=x',
  'https://social.example/p',
];
const VITALS = ['FCP', 'LCP', 'CLS', 'INP'];

/**
 * A deterministic pseudo-random stream (mulberry32), so every run stores the same events. Its
 * integer steps stay exact: the earlier `seed * 1103515245` went past 2^53 in floating point and
 * cycled through ~10,000 visitors instead of 50,000.
 */
let seed = 42;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
};
const pick = (list) => list[Math.floor(rand() * list.length)];

function event(n) {
  const day = today - Math.floor(rand() * DAYS);
  const visitor = Math.floor(rand() * VISITORS);
  const r = rand();
  const path = pick(PAGES);
  const base = {
    id: `ev_bench_${n}`,
    website_id: 'bench',
    at: day * DAY_MS + Math.floor(rand() * DAY_MS),
    day,
    visitor_id: `v${visitor}`,
    visit_count: 1 + Math.floor(rand() * 3),
    path,
    referrer: pick(REFERRERS),
    item_id: null,
    value: null,
    device: pick(['desktop', 'phone', 'tablet']),
    data: '{}',
  };
  if (r < 0.6) return { ...base, kind: 'hit', name: 'PAGE_VIEW' };
  if (r < 0.8) {
    const name = pick(['VisitPDP', 'VisitPDP', 'AddToCart', 'Checkout', 'Purchase']);
    return { ...base, kind: 'event', name, value: name === 'Purchase' ? 20 + Math.floor(rand() * 80) : null };
  }
  if (r < 0.98) {
    const name = pick(VITALS);
    return { ...base, kind: 'vital', name, value: name === 'CLS' ? rand() * 0.3 : 100 + rand() * 4000 };
  }
  return {
    ...base,
    kind: 'error',
    name: 'error',
    data: JSON.stringify({ message: `Error ${Math.floor(rand() * 30)}` }),
  };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

const results = [];
for await (const d of databases()) {
  if (args.only && d.name.toLowerCase() !== args.only.toLowerCase()) {
    await d.cleanup();
    continue;
  }
  const database = openDatabase(d.config);
  try {
    seed = 42;
    const fillStart = Date.now();
    for (let i = 0; i < EVENTS; i += BATCH) {
      const batch = [];
      for (let j = i; j < Math.min(EVENTS, i + BATCH); j++) batch.push(event(j));
      await writeEvents(database.db, batch);
    }
    const fillSeconds = (Date.now() - fillStart) / 1000;
    const ctx = { db: database.db, websiteId: 'bench', clock: { now: () => Date.now() } };
    for (const days of [7, 30, 90]) {
      const range = { from: today - days + 1, to: today };
      await dashboard(ctx, range);
      const times = [];
      for (let i = 0; i < RUNS; i++) {
        const t = process.hrtime.bigint();
        await dashboard(ctx, range);
        times.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
      times.sort((a, b) => a - b);
      results.push({
        database: d.name,
        events: EVENTS,
        'fill s': Math.round(fillSeconds),
        range: `${days} days`,
        'p50 ms': Number(percentile(times, 0.5).toFixed(1)),
        'p99 ms': Number(percentile(times, 0.99).toFixed(1)),
      });
    }
  } finally {
    await database.close();
    await d.cleanup();
  }
}
console.log(`analytics dashboard: ${RUNS} runs a range`);
console.table(results);
