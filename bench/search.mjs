// Search benchmark: queries per second and latency of the site search over 10,000 published
// items, in process (the search service, as /search calls it), on SQLite (FTS5) and, when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set, PostgreSQL (tsvector + GIN). Queries are one
// or two words drawn from the items' vocabulary, each a prefix, run back to back by one client
// and by CONCURRENCY clients.
// Usage: node --import tsx bench/search.mjs [--items 10000] [--duration 5]
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { migrate, openDatabase } from '../packages/server/src/db/index.ts';
import { importCatalog } from '../packages/server/src/modules/catalog/import.ts';
import { saveCollection } from '../packages/server/src/modules/catalog/service.ts';
import { insertItem, upsertSearchDocument } from '../packages/server/src/modules/content/repo.ts';
import { searchItems } from '../packages/server/src/modules/content/service.ts';

const { values: args } = parseArgs({ options: { items: { type: 'string' }, duration: { type: 'string' } } });
const ITEMS = Number(args.items ?? 10_000);
const DURATION_MS = Number(args.duration ?? 5) * 1000;
const CONCURRENCY = 8;
const WORDS_PER_ITEM = 120;
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

// A fixed vocabulary (seeded random, so runs compare): 2,000 made-up words of 4–9 letters.
let seed = 42;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const letters = 'abcdefghijklmnopqrstuvwxyz';
const VOCABULARY = Array.from({ length: 2000 }, () =>
  Array.from({ length: 4 + Math.floor(random() * 6) }, () => letters[Math.floor(random() * 26)]).join(''),
);
// Zipf-like: early words are common, late ones rare, as in real text.
const word = () => VOCABULARY[Math.floor(VOCABULARY.length * random() ** 2)];
const sentence = (n) => Array.from({ length: n }, word).join(' ');

async function fill(database) {
  const result = await importCatalog(database, {
    website: { id: 'w1', siteTitle: 'Bench' },
    collections: [{ id: 'shop', title: 'Shop', urlSlug: 'shop', type: 1, typeName: 'products' }],
    products: [],
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  const ctx = { db: database.db, websiteId: 'w1', clock: { now: () => Date.now() } };
  await saveCollection(ctx, { id: 'blog', title: 'Blog', urlSlug: 'blog', type: 1, typeName: 'blog' });
  const started = performance.now();
  const BATCH = 500;
  for (let from = 0; from < ITEMS; from += BATCH) {
    await database.db.transaction().execute(async (tx) => {
      for (let i = from; i < Math.min(ITEMS, from + BATCH); i++) {
        const id = `ci_${i}`;
        const title = sentence(5);
        const body = sentence(WORDS_PER_ITEM);
        await insertItem(tx, {
          id,
          website_id: 'w1',
          collection_id: 'blog',
          record_type: 1,
          title,
          url_slug: `post-${i}`,
          blocks: JSON.stringify([{ type: 2, html: `<p>${body}</p>` }]),
          status: 'published',
          publish_on: Date.now() - i * 60_000,
          created_at: Date.now(),
          updated_at: Date.now(),
        });
        await upsertSearchDocument(tx, { item_id: id, website_id: 'w1', title, body });
      }
    });
  }
  return { ctx, fillSeconds: (performance.now() - started) / 1000 };
}

async function run(ctx, dialect, clients) {
  const latencies = [];
  const until = performance.now() + DURATION_MS;
  let hits = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const q = random() < 0.5 ? word() : `${word()} ${word().slice(0, 3)}`;
        const t0 = performance.now();
        hits += (await searchItems(ctx, dialect, q)).length;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
  return {
    clients,
    queries: latencies.length,
    qps: Math.round(latencies.length / (DURATION_MS / 1000)),
    p50: at(0.5).toFixed(2),
    p99: at(0.99).toFixed(2),
    hitsPerQuery: (hits / latencies.length).toFixed(1),
  };
}

async function bench(dialect) {
  let database;
  let cleanup;
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-bench-search-'));
    database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'bench.db') });
    cleanup = async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  } else {
    const schema = `sf_bench_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    database = openDatabase({ kind: 'postgres', url: PG_URL, schema });
    cleanup = async () => {
      await database.close();
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    };
  }
  try {
    await migrate(database);
    const { ctx, fillSeconds } = await fill(database);
    console.log(`${dialect}: ${ITEMS} items indexed in ${fillSeconds.toFixed(1)} s`);
    await run(ctx, dialect, 1); // warm-up
    for (const clients of [1, CONCURRENCY]) {
      const r = await run(ctx, dialect, clients);
      console.log(
        `| ${dialect} | ${r.clients} | ${r.qps} | ${r.p50} | ${r.p99} | ${r.hitsPerQuery} | ${r.queries} |`,
      );
    }
  } finally {
    await cleanup();
  }
}

console.log('| database | clients | queries/s | p50 ms | p99 ms | results per query | queries |');
console.log('|---|---|---|---|---|---|---|');
await bench('sqlite');
if (PG_URL) await bench('postgres');
else console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
