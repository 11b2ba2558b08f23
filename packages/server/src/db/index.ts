import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  type SqliteDatabase,
  SqliteDialect,
} from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import * as m0001 from './migrations/0001_initial.js';
import * as m0002 from './migrations/0002_product_experience.js';
import * as m0003 from './migrations/0003_orders.js';
import * as m0004 from './migrations/0004_pricing_email.js';
import * as m0005 from './migrations/0005_subscriptions.js';
import * as m0006 from './migrations/0006_coupons_and_reservations.js';
import * as m0007 from './migrations/0007_contributors.js';
import * as m0008 from './migrations/0008_media.js';
import * as m0009 from './migrations/0009_owner_ops.js';
import * as m0010 from './migrations/0010_site_forms.js';
import * as m0011 from './migrations/0011_forms_newsletter.js';
import * as m0012 from './migrations/0012_analytics.js';
import * as m0013 from './migrations/0013_site_users.js';
import * as m0014 from './migrations/0014_content.js';
import * as m0015 from './migrations/0015_shopper.js';
import * as m0016 from './migrations/0016_newsletter.js';
import * as m0017 from './migrations/0017_template_overrides.js';
import * as m0018 from './migrations/0018_donations.js';
import * as m0019 from './migrations/0019_content_social.js';
import * as m0020 from './migrations/0020_digital_quantity.js';
import * as m0021 from './migrations/0021_browsing.js';
import * as m0022 from './migrations/0022_analytics_partitions.js';
import * as m0023 from './migrations/0023_analytics_returning_visitors.js';
import * as m0024 from './migrations/0024_events_and_passwords.js';
import * as m0025 from './migrations/0025_reviews.js';
import * as m0026 from './migrations/0026_member_areas.js';
import * as m0027 from './migrations/0027_ad_pixels.js';
import * as m0028 from './migrations/0028_member_collections.js';
import * as m0029 from './migrations/0029_partial_indexes.js';

import { pipelinedPgDialect } from './pg-driver.js';
import type { DB } from './schema.js';
import { createWriteVersion, observeWrites, type WriteVersion } from './write-version.js';

export type { DB } from './schema.js';
export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** The PostgreSQL schema the tables live in ('public' unless configured); undefined on SQLite. */
  schema?: string;
  /** Committed writes to the tables pages read, in this process (the page cache's invalidation). */
  pageVersion: WriteVersion;
  close(): Promise<void>;
}

/** Forward-only migrations, in order; the name is what the migrations table records. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_product_experience': m0002,
  '0003_orders': m0003,
  '0004_pricing_email': m0004,
  '0005_subscriptions': m0005,
  '0006_coupons_and_reservations': m0006,
  '0007_contributors': m0007,
  '0008_media': m0008,
  '0009_owner_ops': m0009,
  '0010_site_forms': m0010,
  '0013_site_users': m0013,
  '0015_shopper': m0015,
  '0011_forms_newsletter': m0011,
  '0014_content': m0014,
  '0012_analytics': m0012,
  '0017_template_overrides': m0017,
  '0018_donations': m0018,
  '0021_browsing': m0021,
  '0016_newsletter': m0016,
  '0019_content_social': m0019,
  '0022_analytics_partitions': m0022,
  '0020_digital_quantity': m0020,
  '0023_analytics_returning_visitors': m0023,
  '0024_events_and_passwords': m0024,
  '0025_reviews': m0025,
  '0026_member_areas': m0026,
  '0027_ad_pixels': m0027,
  '0028_member_collections': m0028,
  '0029_partial_indexes': m0029,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

// PostgreSQL answers int8 (bigint: our ms timestamps) as strings by default; they fit a JS number.
const INT8_OID = 20;
const pgTypes = {
  getTypeParser(oid: number, format?: any) {
    if (oid === INT8_OID) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
};

/** Distinct SQL texts whose prepared statements are kept; `IN (…)` lists of other lengths are other texts. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 prepares a statement on every Kysely query; preparing costs more than running
 * our small queries, so statements are kept by SQL text (calls are synchronous, so a reused
 * statement is never in use twice at once).
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = cache.get(text);
      if (statement) {
        cache.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(text, statement);
      return statement;
    },
  };
}

export function openDatabase(config: DatabaseConfig): Database {
  if (config.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(config.file), { recursive: true });
    const sqlite = new SQLite(config.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const pageVersion = createWriteVersion();
    const db = new Kysely<DB>({
      dialect: observeWrites(new SqliteDialect({ database: withStatementCache(sqlite) }), pageVersion),
    });
    return { db, dialect: 'sqlite', pageVersion, close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    types: pgTypes,
    max: 10,
    // Statements sent together go out in one write (db/pg-driver.ts); otherwise each query is
    // still answered before the next is sent.
    pipeline: true,
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  });
  const pageVersion = createWriteVersion();
  const db = new Kysely<DB>({
    dialect: observeWrites(pipelinedPgDialect(pool, STATEMENT_CACHE_SIZE), pageVersion),
  });
  return {
    db,
    dialect: 'postgres',
    schema: config.schema ?? 'public',
    pageVersion,
    close: () => db.destroy(),
  };
}

/** Runs every pending migration; throws with the failing migration's name and cause. */
export async function migrate(database: Database): Promise<string[]> {
  // Kysely looks for its migration tables in every schema unless told which one is ours.
  const migrator = new Migrator({
    db: database.db,
    provider,
    // 0003 landed after 0004 had run on some databases; migrations are independent, so order of arrival is fine.
    allowUnorderedMigrations: true,
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
