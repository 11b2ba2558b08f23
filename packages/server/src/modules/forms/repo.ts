import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { DB, FormTable } from '../../db/schema.js';

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
      'mailing_list_id',
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

export async function insertForm(
  db: Kysely<DB>,
  row: { id: string; website_id: string; name: string; fields: string },
): Promise<void> {
  await db
    .insertInto('forms')
    .values({ ...row, success_redirect: null, captcha_enabled: 0 })
    .execute();
}

export async function updateFormFields(
  db: Kysely<DB>,
  websiteId: string,
  id: string,
  fields: string,
): Promise<void> {
  await db
    .updateTable('forms')
    .set({ fields })
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .execute();
}

/** The columns of a form row as the owner edits it. */
export type FormRow = Selectable<FormTable>;

export function listFormRows(db: Kysely<DB>, websiteId: string) {
  return db.selectFrom('forms').selectAll().where('website_id', '=', websiteId).orderBy('name').execute();
}

export function findFormRow(db: Kysely<DB>, websiteId: string, id: string) {
  return db
    .selectFrom('forms')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findFormByPageSlug(db: Kysely<DB>, websiteId: string, slug: string) {
  return db
    .selectFrom('forms')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('page_slug', '=', slug)
    .executeTakeFirst();
}

export async function insertFormRow(db: Kysely<DB>, row: Insertable<FormTable>): Promise<void> {
  await db.insertInto('forms').values(row).execute();
}

export async function updateFormRow(
  db: Kysely<DB>,
  websiteId: string,
  id: string,
  changes: Updateable<FormTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('forms')
    .set(changes)
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a form and its submissions; products that asked it drop their form (FK set null). */
export async function deleteFormRow(db: Kysely<DB>, websiteId: string, id: string): Promise<boolean> {
  await db
    .deleteFrom('form_submissions')
    .where('website_id', '=', websiteId)
    .where('form_id', '=', id)
    .execute();
  const result = await db
    .deleteFrom('forms')
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Submissions per form, for the list of forms. */
export function countSubmissionsByForm(db: Kysely<DB>, websiteId: string) {
  return db
    .selectFrom('form_submissions')
    .select(['form_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('website_id', '=', websiteId)
    .groupBy('form_id')
    .execute();
}

/** LIKE's own wildcards in a search are searched for, not matched by. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of a form's submissions, newest first, after the (created_at, id) of `after`;
 * `search` matches any answer's text, case-insensitively.
 */
export function listSubmissionRows(
  db: Kysely<DB>,
  websiteId: string,
  formId: string,
  options: { search?: string; after?: { at: number; id: string }; limit: number },
) {
  let query = db
    .selectFrom('form_submissions')
    .select(['id', 'answers', 'created_at'])
    .where('website_id', '=', websiteId)
    .where('form_id', '=', formId);
  if (options.search) {
    query = query.where(
      sql<boolean>`lower(answers) like ${`%${likeEscape(options.search.toLowerCase())}%`} escape '\\'`,
    );
  }
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.at),
        eb.and([eb('created_at', '=', after.at), eb('id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}
