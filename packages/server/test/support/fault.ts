import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../../src/config.js';
import { type Database, openDatabase } from '../../src/db/index.js';
import { TEST_DATABASE_URL } from './databases.js';

/** Databases for crash tests: a real server process on a database of its own, per dialect. */
export interface Setup {
  env: Record<string, string>;
  config: DatabaseConfig;
  cleanup(): Promise<void>;
}

async function sqliteSetup(): Promise<Setup> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-fault-'));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    config: { kind: 'sqlite', file: path.join(dataDir, 'storefront.db') },
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A fresh database per run, so the server's own migrations and schema are used as in production. */
async function postgresSetup(): Promise<Setup> {
  const name = `sf_fault_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-fault-'));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    config: { kind: 'postgres', url: url.toString() },
    cleanup: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function withDatabase<T>(config: DatabaseConfig, fn: (d: Database) => Promise<T>): Promise<T> {
  const database = openDatabase(config);
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

export const setups: [string, () => Promise<Setup>][] = [['sqlite', sqliteSetup]];
if (TEST_DATABASE_URL) setups.push(['postgres', postgresSetup]);
