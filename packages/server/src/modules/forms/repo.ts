import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export function findForm(db: Kysely<DB>, websiteId: string, id: string) {
  return db
    .selectFrom('forms')
    .select([
      'id',
      'name',
      'fields',
      'notification_emails',
      'captcha_enabled',
      'success_text',
      'post_submit_html',
      'success_redirect',
    ])
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertSubmissionKey(
  db: Kysely<DB>,
  row: { key_hash: string; website_id: string; created_at: number; expires_at: number },
): Promise<void> {
  await db.insertInto('form_submission_keys').values(row).execute();
}

/** Forgets keys that expired (at or before `now`), so unused keys do not pile up. */
export async function deleteExpiredSubmissionKeys(db: Kysely<DB>, now: number): Promise<void> {
  await db.deleteFrom('form_submission_keys').where('expires_at', '<=', now).execute();
}

/**
 * Uses up an unexpired key: true when this call deleted it. Two requests racing with one key
 * cannot both see a deleted row, so only one submission is accepted.
 */
export async function consumeSubmissionKey(
  trx: Kysely<DB>,
  websiteId: string,
  keyHash: string,
  now: number,
): Promise<boolean> {
  const result = await trx
    .deleteFrom('form_submission_keys')
    .where('key_hash', '=', keyHash)
    .where('website_id', '=', websiteId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function insertSubmission(
  trx: Kysely<DB>,
  row: { id: string; website_id: string; form_id: string; answers: string; created_at: number },
): Promise<void> {
  await trx.insertInto('form_submissions').values(row).execute();
}
