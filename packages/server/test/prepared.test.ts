import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared } from '../src/db/prepared.js';
import { createCatalogDatabase } from './support/app.js';
import { dialects, type TestDatabase } from './support/databases.js';

describe.each(dialects)('prepared queries on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createCatalogDatabase(dialect);
  });
  afterAll(async () => database?.drop());

  let builds = 0;
  const variantsOver = prepared((db, p: { productId: string; minPrice: number }) => {
    builds++;
    return db
      .selectFrom('variants')
      .select(['sku', 'price_cents'])
      .where('product_id', '=', p.productId)
      .where('price_cents', '>', p.minPrice)
      .where('unlimited', '=', 0)
      .orderBy('sku');
  });

  it('builds once, and fills each call parameter by name beside the constants', async () => {
    builds = 0;
    const expected = await database.db
      .selectFrom('variants')
      .select(['sku', 'price_cents'])
      .where('product_id', '=', 'tee')
      .where('price_cents', '>', 2500)
      .where('unlimited', '=', 0)
      .orderBy('sku')
      .execute();
    expect(expected.map((v) => v.sku)).toEqual(['TEE-S-BLUE']);
    expect(await variantsOver(database.db, { productId: 'tee', minPrice: 2500 })).toEqual(expected);
    expect((await variantsOver(database.db, { productId: 'tee', minPrice: 0 })).map((v) => v.sku)).toEqual([
      'TEE-M-RED',
      'TEE-S-BLUE',
      'TEE-S-RED',
    ]);
    expect(await variantsOver(database.db, { productId: 'zine', minPrice: 0 })).toEqual([]);
    expect(builds).toBe(1);
  });

  it('runs inside a transaction on its connection, with the statement compiled already', async () => {
    builds = 0;
    const seen = await database.db.transaction().execute(async (trx) => {
      await trx.updateTable('variants').set({ price_cents: 9900 }).where('sku', '=', 'TEE-S-RED').execute();
      const rows = await variantsOver(trx, { productId: 'tee', minPrice: 9000 });
      await trx.updateTable('variants').set({ price_cents: 2500 }).where('sku', '=', 'TEE-S-RED').execute();
      return rows;
    });
    expect(seen).toEqual([{ sku: 'TEE-S-RED', price_cents: 9900 }]);
    expect(builds).toBe(0);
  });
});
