import { type Kysely, type Selectable, sql } from 'kysely';
import { type CompanionWrite, companionWrite } from '../../db/companion.js';
import type { Database } from '../../db/index.js';
import { preparedInsert } from '../../db/prepared.js';
import type { DB, OutboxTable } from '../../db/schema.js';

export type OutboxRow = Selectable<OutboxTable>;

/** Every column by name, so the statement is built and compiled once (every order queues a mail). */
export const insertOutbox = preparedInsert((db, rows: OutboxRow[]) =>
  db.insertInto('outbox').values(
    rows.map((r) => ({
      id: r.id,
      website_id: r.website_id,
      kind: r.kind,
      payload: r.payload,
      status: r.status,
      attempts: r.attempts,
      next_attempt_at: r.next_attempt_at,
      locked_until: r.locked_until,
      claim_token: r.claim_token,
      created_at: r.created_at,
      sent_at: r.sent_at,
      last_error: r.last_error,
      ref: r.ref,
    })),
  ),
);

/**
 * A mail as a companion of another module's statement (PostgreSQL): queued exactly when that
 * statement's write happens. Where the payload holds `numberSlot`, it reads the number that write
 * gave (`carried.number_text`); a carrier that gives no number leaves the payload as it is.
 */
export function outboxCompanion(row: OutboxRow, numberSlot: string): CompanionWrite {
  return companionWrite('outbox', { ...row, numberSlot }, (qb, p) =>
    qb
      .insertInto('outbox')
      .columns([
        'id',
        'website_id',
        'kind',
        'payload',
        'status',
        'attempts',
        'next_attempt_at',
        'locked_until',
        'claim_token',
        'created_at',
        'sent_at',
        'last_error',
        'ref',
      ])
      .expression((eb) =>
        eb
          .selectFrom('carried')
          .select([
            sql<string>`${p.id}`.as('id'),
            sql<string>`${p.website_id}`.as('website_id'),
            sql<string>`${p.kind}`.as('kind'),
            sql<string>`coalesce(replace(${p.payload}, ${p.numberSlot}, carried.number_text), ${p.payload})`.as(
              'payload',
            ),
            sql<string>`${p.status}`.as('status'),
            sql<number>`${p.attempts}`.as('attempts'),
            sql<number>`${p.next_attempt_at}`.as('next_attempt_at'),
            sql<number | null>`${p.locked_until}`.as('locked_until'),
            sql<string | null>`${p.claim_token}`.as('claim_token'),
            sql<number>`${p.created_at}`.as('created_at'),
            sql<number | null>`${p.sent_at}`.as('sent_at'),
            sql<string | null>`${p.last_error}`.as('last_error'),
            sql<string | null>`${p.ref}`.as('ref'),
          ]),
      ),
  );
}

export function listOutboxByRef(db: Kysely<DB>, websiteId: string, ref: string) {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('ref', '=', ref)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Claims up to `limit` due rows for one worker in a single UPDATE: pending, due, and not held by
 * another worker's unexpired claim. On PostgreSQL the candidate rows are locked with
 * FOR UPDATE SKIP LOCKED so concurrent workers take different rows without waiting; SQLite runs
 * one write statement at a time, so the conditional UPDATE alone is exclusive.
 */
export function claimDue(
  database: Database,
  claim: { now: number; lockedUntil: number; token: string; limit: number },
): Promise<OutboxRow[]> {
  const { now, lockedUntil, token, limit } = claim;
  return database.db
    .updateTable('outbox')
    .set((eb) => ({ locked_until: lockedUntil, claim_token: token, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .$if(database.dialect === 'postgres', (q) => q.forUpdate().skipLocked()),
    )
    .where('status', '=', 'pending')
    .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]))
    .returningAll()
    .execute();
}

/** Marks a claimed row sent; false when the claim was lost (another worker took it over). */
export async function markSent(db: Kysely<DB>, id: string, token: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'sent', sent_at: now, locked_until: null, last_error: null })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markFailedAttempt(
  db: Kysely<DB>,
  id: string,
  token: string,
  change: { status: 'pending' | 'failed'; nextAttemptAt: number; error: string },
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: change.status,
      next_attempt_at: change.nextAttemptAt,
      locked_until: null,
      last_error: change.error,
    })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .execute();
}
