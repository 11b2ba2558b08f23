import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Clock } from './clock.js';

/** What every service method takes first: the database, the website and the time. */
export interface RequestContext {
  db: Kysely<DB>;
  websiteId: string;
  clock: Clock;
}
