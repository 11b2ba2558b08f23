import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../../src/config.js';
import { type Database, migrate, openDatabase } from '../../src/db/index.js';

/**
 * The databases every data-layer test runs against: SQLite always, PostgreSQL when
 * TEST_DATABASE_URL is set. Each opened database is new (a temp file, or a fresh schema
 * dropped afterwards), so runs never collide.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const dialects: ('sqlite' | 'postgres')[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase extends Database {
  config: DatabaseConfig;
  /** Closes and removes the database (file or schema). */
  drop(): Promise<void>;
}

export async function createTestDatabase(dialect: 'sqlite' | 'postgres'): Promise<TestDatabase> {
  const suffix = crypto.randomBytes(6).toString('hex');
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-test-'));
    const config: DatabaseConfig = { kind: 'sqlite', file: path.join(dir, 'test.db') };
    const database = openDatabase(config);
    await migrate(database);
    return {
      ...database,
      config,
      drop: async () => {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `sf_test_${suffix}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const config: DatabaseConfig = { kind: 'postgres', url: TEST_DATABASE_URL, schema };
  const database = openDatabase(config);
  await migrate(database);
  return {
    ...database,
    config,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    },
  };
}
