import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export function findInstallmentSettings(db: Kysely<DB>, websiteId: string) {
  return db
    .selectFrom('store_settings')
    .select([
      'installments_available',
      'installments_min_cents',
      'installments_max_cents',
      'installments_account_country',
      'installments_shopper_language',
    ])
    .where('website_id', '=', websiteId)
    .executeTakeFirst();
}
