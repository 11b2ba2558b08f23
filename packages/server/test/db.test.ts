import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/index.js';
import { createTestDatabase, dialects, type TestDatabase } from './support/databases.js';

describe.each(dialects)('database on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => t?.drop());

  it('runs migrations once and is idempotent afterwards', async () => {
    expect(await migrate(t)).toEqual([]);
  });

  it('refuses negative stock at the database level', async () => {
    const now = Date.now();
    await t.db
      .insertInto('websites')
      .values({
        id: 'w1',
        site_title: 'S',
        time_zone: 'America/New_York',
        currency: 'USD',
        locale: 'en-US',
        created_at: now,
      })
      .execute();
    await t.db
      .insertInto('collections')
      .values({
        id: 'c1',
        website_id: 'w1',
        type: 1,
        type_name: 'products',
        title: 'Shop',
        url_slug: 'shop',
        description: null,
        position: 0,
      })
      .execute();
    await t.db
      .insertInto('products')
      .values({
        id: 'p1',
        website_id: 'w1',
        collection_id: 'c1',
        record_type: 11,
        product_type: 1,
        name: 'Tee',
        url_slug: 'tee',
        description: null,
        excerpt: null,
        images: '[]',
        on_sale: 0,
        is_subscribable: 0,
        subscription_plan: null,
        product_subscription_options: null,
        additional_fields_form_id: null,
        use_custom_add_button_text: 0,
        custom_add_button_text: null,
        audio_asset_url: null,
        variant_option_ordering: '[]',
        merchandising: null,
        position: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const insert = t.db.insertInto('variants').values({
      id: 'v1',
      product_id: 'p1',
      website_id: 'w1',
      sku: 'S1',
      attributes: '{}',
      price_cents: 100,
      sale_price_cents: 0,
      on_sale: 0,
      qty_in_stock: -1,
      unlimited: 0,
      position: 0,
    });
    await expect(insert.execute()).rejects.toThrow();
    const website = await t.db
      .selectFrom('websites')
      .selectAll()
      .where('id', '=', 'w1')
      .executeTakeFirstOrThrow();
    expect(website.created_at).toBe(now);
  });

  it("indexes an account's carts and orders and the orders' numbers only where they have one, and lookups use them", async () => {
    const definitions =
      dialect === 'sqlite'
        ? await sql<{
            name: string;
            sql: string;
          }>`select name, sql from sqlite_master where type = 'index'`.execute(t.db)
        : await sql<{
            name: string;
            sql: string;
          }>`select indexname as name, indexdef as sql from pg_indexes where schemaname = current_schema()`.execute(
            t.db,
          );
    const partial = (name: string) =>
      definitions.rows.find((r) => r.name === name)?.sql.replace(/["()]/g, '');
    expect(partial('carts_site_user_idx')).toMatch(/where site_user_id is not null$/i);
    expect(partial('orders_site_user_idx')).toMatch(/where site_user_id is not null$/i);
    expect(partial('orders_number_unique')).toMatch(/where number is not null$/i);
    if (dialect !== 'sqlite') return;
    // Bound parameters, as the store's queries have them.
    const plan = async (query: ReturnType<typeof sql>) => JSON.stringify((await query.execute(t.db)).rows);
    expect(await plan(sql`explain query plan select id from orders where site_user_id = ${'u1'}`)).toContain(
      'orders_site_user_idx',
    );
    expect(await plan(sql`explain query plan select id from carts where site_user_id = ${'u1'}`)).toContain(
      'carts_site_user_idx',
    );
    expect(
      await plan(sql`explain query plan select id from orders where website_id = ${'w1'} and number = ${12}`),
    ).toContain('orders_number_unique');
  });

  it.runIf(dialect === 'postgres')(
    'names a repeated statement with parameters, so PostgreSQL parses it once per connection',
    async () => {
      const seen = await t.db.connection().execute(async (db) => {
        for (const id of ['w1', 'w2', 'w1']) {
          await db.selectFrom('websites').select('site_title').where('id', '=', id).execute();
        }
        await sql`select 1`.execute(db);
        return sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db);
      });
      const statements = seen.rows.map((r) => r.statement);
      expect(statements.filter((s) => s.startsWith('select "site_title" from'))).toHaveLength(1);
      expect(statements.some((s) => s.trim() === 'select 1')).toBe(false);
    },
  );
});
