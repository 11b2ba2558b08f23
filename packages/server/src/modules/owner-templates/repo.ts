import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export function getDraft(db: Kysely<DB>, websiteId: string, template: string) {
  return db
    .selectFrom('template_drafts')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('template', '=', template)
    .executeTakeFirst();
}

export function listDraftTemplates(db: Kysely<DB>, websiteId: string) {
  return db.selectFrom('template_drafts').select('template').where('website_id', '=', websiteId).execute();
}

export async function upsertDraft(db: Kysely<DB>, row: Insertable<DB['template_drafts']>): Promise<void> {
  await db
    .insertInto('template_drafts')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['website_id', 'template']).doUpdateSet({
        source: row.source,
        updated_at: row.updated_at,
        updated_by_id: row.updated_by_id,
        updated_by_email: row.updated_by_email,
      }),
    )
    .execute();
}

export async function deleteDraft(db: Kysely<DB>, websiteId: string, template: string): Promise<void> {
  await db
    .deleteFrom('template_drafts')
    .where('website_id', '=', websiteId)
    .where('template', '=', template)
    .execute();
}

/** Every published version of a template, newest first. */
export function listVersions(db: Kysely<DB>, websiteId: string, template: string) {
  return db
    .selectFrom('template_versions')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('template', '=', template)
    .orderBy('number', 'desc')
    .execute();
}

export function getVersion(db: Kysely<DB>, websiteId: string, template: string, number: number) {
  return db
    .selectFrom('template_versions')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('template', '=', template)
    .where('number', '=', number)
    .executeTakeFirst();
}

/** The newest version of each template that has one: what the storefront renders. */
export function listCurrentVersions(db: Kysely<DB>, websiteId: string) {
  return db
    .selectFrom('template_versions as v')
    .select(['v.template', 'v.number', 'v.source'])
    .where('v.website_id', '=', websiteId)
    .where('v.number', '=', (eb) =>
      eb
        .selectFrom('template_versions as n')
        .select((e) => e.fn.max('n.number').as('max'))
        .whereRef('n.website_id', '=', 'v.website_id')
        .whereRef('n.template', '=', 'v.template'),
    )
    .execute();
}

export async function insertVersion(db: Kysely<DB>, row: Insertable<DB['template_versions']>): Promise<void> {
  await db.insertInto('template_versions').values(row).execute();
}
