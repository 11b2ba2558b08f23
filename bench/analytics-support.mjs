// Shared set-up of the analytics benchmarks: a fresh SQLite file or PostgreSQL database with the
// schema and a small catalog.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate, openDatabase } from '../packages/server/src/db/index.ts';
import { importCatalog } from '../packages/server/src/modules/catalog/import.ts';

export const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const catalog = {
  website: { id: 'bench', siteTitle: 'Bench Shop' },
  collections: [{ id: 'shop', title: 'Shop', urlSlug: 'shop', type: 1, typeName: 'products' }],
  products: [
    {
      id: 'mug',
      collectionId: 'shop',
      urlSlug: 'mug',
      name: 'Mug',
      productType: 1,
      variants: [{ sku: 'MUG', price: '10.00', qtyInStock: 10 }],
    },
  ],
};

async function prepare(config) {
  const database = openDatabase(config);
  await migrate(database);
  const result = await importCatalog(database, catalog);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  await database.close();
}

/** The databases to run on: SQLite always, PostgreSQL when a URL is set. Each has env, config and cleanup. */
export async function* databases() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-bench-analytics-'));
  const sqlite = { kind: 'sqlite', file: path.join(dataDir, 'storefront.db') };
  await prepare(sqlite);
  yield {
    name: 'SQLite',
    config: sqlite,
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
  if (!PG_URL) return;
  const name = `sf_bench_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-bench-analytics-'));
  const config = { kind: 'postgres', url: url.toString() };
  await prepare(config);
  yield {
    name: 'PostgreSQL',
    config,
    env: { DATA_DIR: pgDir, DATABASE_URL: url.toString() },
    cleanup: async () => {
      fs.rmSync(pgDir, { recursive: true, force: true });
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export { openDatabase };
