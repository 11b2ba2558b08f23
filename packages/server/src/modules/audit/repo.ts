import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export async function insertAuditEntry(db: Kysely<DB>, row: Insertable<DB['audit_log']>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** Newest first; `before` is the (at, id) of the last entry of the previous page. */
export function listAuditEntries(db: Kysely<DB>, limit: number, before?: { at: number; id: string }) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .$if(!!before, (q) =>
      q.where((eb) =>
        eb.or([eb('at', '<', before!.at), eb.and([eb('at', '=', before!.at), eb('id', '<', before!.id)])]),
      ),
    )
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
