import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * Records a captcha answer as used: true when this call recorded it, false when it was used
 * before. Conflicts are ignored rather than raised so a transaction on PostgreSQL stays usable.
 */
export async function spendAnswer(
  trx: Kysely<DB>,
  row: { answer_hash: string; website_id: string; expires_at: number },
): Promise<boolean> {
  const result = await trx
    .insertInto('captcha_spent')
    .values(row)
    .onConflict((oc) => oc.column('answer_hash').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Forgets answers that have expired anyway, so the table does not grow. */
export async function deleteExpiredAnswers(db: Kysely<DB>, now: number): Promise<void> {
  await db.deleteFrom('captcha_spent').where('expires_at', '<=', now).execute();
}
