import type { Kysely } from 'kysely';

/**
 * The owner's area: contributors (people who run the site, with a spec §6 role), their
 * server-side sessions, one-time password tokens, and the audit log of what they changed.
 * Contributors belong to the install, not to a website: the first admin exists before any site.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contributors')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(256)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('role', 'integer', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('contributors_email_unique', ['email'])
    .execute();

  await db.schema
    .createTable('owner_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('contributor_id', 'varchar(64)', (c) =>
      c.notNull().references('contributors.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('owner_sessions_contributor_idx')
    .on('owner_sessions')
    .column('contributor_id')
    .execute();

  await db.schema
    .createTable('contributor_tokens')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('contributor_id', 'varchar(64)', (c) =>
      c.notNull().references('contributors.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('contributor_tokens_contributor_idx')
    .on('contributor_tokens')
    .column('contributor_id')
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('contributor_id', 'varchar(64)')
    .addColumn('contributor_email', 'varchar(256)')
    .addColumn('action', 'varchar(100)', (c) => c.notNull())
    .addColumn('target', 'varchar(256)', (c) => c.notNull())
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();
}
