import type { Kysely } from 'kysely';

/**
 * What shoppers browse by and what every page's edges show: a product's categories and tags,
 * the image a variant shows when picked, collections kept out of the header (policy pages the
 * footer links), and the site's announcement bar and footer (contact, social links, policies).
 */
export async function up(db: Kysely<any>): Promise<void> {
  /** JSON arrays of names, in the order the owner gave them. */
  await db.schema
    .alterTable('products')
    .addColumn('categories', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  /** One of the product's images: an uploaded image's id or an image URL; null: no own image. */
  await db.schema.alterTable('variants').addColumn('image', 'text').execute();
  /** 1: the collection has its page but no link in the header (e.g. a returns policy). */
  await db.schema
    .alterTable('collections')
    .addColumn('not_linked', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  /** JSON { text, url? } or null: no announcement bar. */
  await db.schema.alterTable('websites').addColumn('announcement', 'text').execute();
  /** JSON { contactEmail?, contactPhone?, contactAddress?, socialAccounts, policies } or null. */
  await db.schema.alterTable('websites').addColumn('footer', 'text').execute();
}
