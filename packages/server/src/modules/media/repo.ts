import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, MediaAssetTable } from '../../db/schema.js';

export type MediaRow = Selectable<MediaAssetTable>;

export async function insertMedia(db: Kysely<DB>, row: Insertable<MediaAssetTable>): Promise<void> {
  await db.insertInto('media_assets').values(row).execute();
}

export function findMedia(db: Kysely<DB>, websiteId: string, id: string) {
  return db
    .selectFrom('media_assets')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findMediaByIds(db: Kysely<DB>, websiteId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([] as MediaRow[]);
  return db
    .selectFrom('media_assets')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('id', 'in', ids)
    .execute();
}

/** One page of a kind of media, newest first. */
export function listMedia(
  db: Kysely<DB>,
  websiteId: string,
  kind: MediaAssetTable['kind'],
  limit: number,
  offset: number,
) {
  return db
    .selectFrom('media_assets')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countMedia(db: Kysely<DB>, websiteId: string, kind: MediaAssetTable['kind']) {
  const row = await db
    .selectFrom('media_assets')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('website_id', '=', websiteId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateMedia(
  db: Kysely<DB>,
  websiteId: string,
  id: string,
  values: Updateable<MediaAssetTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('media_assets')
    .set(values)
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteMedia(db: Kysely<DB>, websiteId: string, id: string): Promise<void> {
  await db.deleteFrom('media_assets').where('website_id', '=', websiteId).where('id', '=', id).execute();
}
