import {
  type Compilable,
  type Kysely,
  type OperationNodeSource,
  PostgresAdapter,
  type QueryCreator,
  sql,
} from 'kysely';
import type { DB } from './schema.js';

/**
 * What a carrying statement wrote, as its WITH clause `carried` answers it: one row when the write
 * happened, none when its condition failed (an order no longer reserved). `number_text` is the
 * number the write gave what it wrote, as shoppers read it ('#1001'), where it gives one.
 */
export interface Carried {
  carried: { number_text: string | null };
}

/** A data-modifying query that can stand in a WITH clause (an insert `QueryCreator` builds). */
export type CompanionQuery = Compilable & OperationNodeSource;

/**
 * A write one module hands to another module's statement, which runs it as one more WITH clause.
 * Every companion reads `carried`, so it writes only when the carrying write happened, and after
 * it (PostgreSQL runs a statement's WITH clauses in no set order, but a clause runs before the
 * clause that reads it): both commit together, in one round trip. Only PostgreSQL runs writes in
 * WITH clauses (`carriesCompanions`).
 */
export interface CompanionWrite {
  /** Writes of one shape compile to the same SQL: the carrier compiles each mix of shapes once. */
  shape: string;
  params: Record<string, unknown>;
  /** Builds the write from `params` (stand-ins, as `prepared` gives them), reading `carried`. */
  build: (qb: QueryCreator<DB & Carried>, params: Record<string, unknown>) => CompanionQuery;
}

/** A companion write whose builder sees its own parameters' types. */
export function companionWrite<P extends Record<string, unknown>>(
  shape: string,
  params: P,
  build: (qb: QueryCreator<DB & Carried>, params: P) => CompanionQuery,
): CompanionWrite {
  return { shape, params, build: build as CompanionWrite['build'] };
}

/** Whether `db` runs writes in WITH clauses, so companion writes can ride along (PostgreSQL). */
export function carriesCompanions(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * What a carrier committed with its companion (`executeAndCommit`) answers, over the companion's
 * rows: it fails (division by zero) when the companion wrote none, so the COMMIT sent behind it
 * rolls the carrier's writes back too, and nothing stays half-written.
 */
export const COMPANION_WRITTEN_OR_FAIL = sql<number>`1 / count(*)`;

/** A carrier's transaction was rolled back because its companion wrote nothing (its condition failed). */
export class CompanionNotWritten extends Error {
  constructor(readonly shape: string) {
    super(`The ${shape} companion wrote nothing: its transaction was rolled back`);
  }
}

/** Whether `err` is COMPANION_WRITTEN_OR_FAIL's failure (PostgreSQL's division_by_zero). */
export function isCompanionNotWritten(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '22012';
}
