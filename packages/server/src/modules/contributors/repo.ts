import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ContributorTable, ContributorTokenTable, DB } from '../../db/schema.js';

export type ContributorRow = Selectable<ContributorTable>;
export type ContributorTokenRow = Selectable<ContributorTokenTable>;

export function findContributorById(db: Kysely<DB>, id: string): Promise<ContributorRow | undefined> {
  return db.selectFrom('contributors').selectAll().where('id', '=', id).executeTakeFirst();
}

/** `email` is already lowercased, as stored. */
export function findContributorByEmail(db: Kysely<DB>, email: string): Promise<ContributorRow | undefined> {
  return db.selectFrom('contributors').selectAll().where('email', '=', email).executeTakeFirst();
}

export function listContributorRows(db: Kysely<DB>): Promise<ContributorRow[]> {
  return db.selectFrom('contributors').selectAll().orderBy('created_at').orderBy('id').execute();
}

export async function countContributors(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('contributors')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Enabled contributors holding `role`. */
export async function countWithRole(db: Kysely<DB>, role: number): Promise<number> {
  const row = await db
    .selectFrom('contributors')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('role', '=', role)
    .where('disabled', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** False when the email is taken (the unique index decides, so two invites at once cannot both win). */
export async function insertContributor(
  db: Kysely<DB>,
  row: Insertable<DB['contributors']>,
): Promise<boolean> {
  const result = await db
    .insertInto('contributors')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function updateContributorRole(db: Kysely<DB>, id: string, role: number): Promise<void> {
  await db.updateTable('contributors').set({ role }).where('id', '=', id).execute();
}

export async function updatePasswordHash(db: Kysely<DB>, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('contributors').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

export async function deleteContributor(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('contributors').where('id', '=', id).execute();
}

export async function insertToken(db: Kysely<DB>, row: Insertable<DB['contributor_tokens']>): Promise<void> {
  await db.insertInto('contributor_tokens').values(row).execute();
}

/** The unused, unexpired token with this id (the SHA-256 of the link's token). */
export function findUsableToken(
  db: Kysely<DB>,
  id: string,
  now: number,
): Promise<ContributorTokenRow | undefined> {
  return db
    .selectFrom('contributor_tokens')
    .selectAll()
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Marks the token used; false when another request used it first. */
export async function useToken(db: Kysely<DB>, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('contributor_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every other link of the contributor stops working once a password is set. */
export async function retireTokens(db: Kysely<DB>, contributorId: string, now: number): Promise<void> {
  await db
    .updateTable('contributor_tokens')
    .set({ used_at: now })
    .where('contributor_id', '=', contributorId)
    .where('used_at', 'is', null)
    .execute();
}
