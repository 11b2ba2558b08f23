import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWriteVersion, STOCK_TAKEN, writtenTables } from '../src/db/write-version.js';
import { importCatalog } from '../src/modules/catalog/import.js';
import { adjustStock, decrementStock, incrementStock } from '../src/modules/inventory/repo.js';
import { smallCatalog } from './support/app.js';
import { createTestDatabase, dialects, type TestDatabase } from './support/databases.js';

describe('write version', () => {
  it('a sale (stock) moves the page version but not the templates, which only their own writes move', () => {
    const version = createWriteVersion();
    version.committed(['variants']);
    expect([version.pages, version.site, version.templates]).toEqual([1, 0, 0]);
    version.committed(['template_versions', 'variants']);
    expect([version.pages, version.site, version.templates]).toEqual([2, 0, 1]);
    version.committed(['store_settings', 'websites']);
    expect([version.pages, version.site, version.templates]).toEqual([3, 1, 1]);
  });

  it("an order's stock decrement moves the pages but not what add-to-cart keeps; shipping options only the latter", () => {
    const version = createWriteVersion();
    version.committed([STOCK_TAKEN]);
    expect([version.pages, version.cart]).toEqual([1, 0]);
    version.committed(['shipping_options']);
    expect([version.pages, version.cart]).toEqual([1, 1]);
    version.committed([STOCK_TAKEN, 'variants']);
    expect([version.pages, version.cart]).toEqual([2, 2]);
  });

  it('no table named (the theme dev server after a save) makes every page stale', () => {
    const version = createWriteVersion();
    version.committed([]);
    expect([version.pages, version.cart, version.site, version.templates]).toEqual([1, 0, 0, 0]);
  });
});

describe('writtenTables', () => {
  it("reads the write of a statement and of its WITH clauses, and an order's stock take among them", () => {
    expect(writtenTables('select * from "variants"')).toEqual([]);
    expect(writtenTables('  UPDATE "products" set "name" = $1')).toEqual(['products']);
    expect(
      writtenTables('update "variants" set "qty_in_stock" = "qty_in_stock" - $1 where "sku" = $2'),
    ).toEqual([STOCK_TAKEN]);
    expect(
      writtenTables(
        'with "placed" as (insert into "orders" ("id") values ($1) returning "id"), "lines" as (insert into "order_items" ("id") values ($2)), ' +
          '"along" as (update "variants" set "qty_in_stock" = "qty_in_stock" - $3 where "sku" = $4 returning "sku") select count(*) as "written" from "along"',
      ),
    ).toEqual([STOCK_TAKEN]);
    expect(
      writtenTables(
        'with "made" as (insert into "carts" ("id") values ($1)) insert into "variants" ("sku") values ($2)',
      ),
    ).toEqual(['variants']);
    // An upsert's update is of its own table; reads in WITH clauses write nothing.
    expect(
      writtenTables(
        'insert into "tax_rules" ("id") values ($1) on conflict ("id") do update set "rate" = $2',
      ),
    ).toEqual(['tax_rules']);
    expect(writtenTables('with "x" as (select 1 from "products") select * from "x"')).toEqual([]);
  });
});

describe.each(dialects)('write version of the statements run on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const imported = await importCatalog(database, smallCatalog());
    if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
  });
  afterAll(async () => database?.drop());

  /** How far [pages, cart] moved while `write` ran. */
  async function moved(write: () => Promise<unknown>): Promise<[number, number]> {
    const v = database.pageVersion;
    const before = [v.pages, v.cart];
    await write();
    return [v.pages - before[0], v.cart - before[1]];
  }

  it("an order taking stock, alone or in its transaction, leaves add-to-cart's products as read", async () => {
    expect(await moved(() => decrementStock(database.db, 'w1', 'TEE-S-RED', 1))).toEqual([1, 0]);
    expect(
      await moved(() =>
        database.db.transaction().execute(async (trx) => {
          await decrementStock(trx, 'w1', 'TEE-S-BLUE', 1);
          await trx.selectFrom('orders').select('id').execute();
        }),
      ),
    ).toEqual([1, 0]);
  });

  it('stock put back or set by the owner, a price, or a shipping option makes them stale', async () => {
    expect(await moved(() => incrementStock(database.db, 'w1', 'TEE-S-RED', 1))).toEqual([1, 1]);
    expect(await moved(() => adjustStock(database.db, 'w1', 'TEE-S-RED', -1))).toEqual([1, 1]);
    expect(
      await moved(() =>
        database.db
          .updateTable('variants')
          .set({ price_cents: 2600 })
          .where('sku', '=', 'TEE-S-RED')
          .execute(),
      ),
    ).toEqual([1, 1]);
    expect(
      await moved(() =>
        database.db
          .updateTable('shipping_options')
          .set({ position: 1 })
          .where('website_id', '=', 'w1')
          .execute(),
      ),
    ).toEqual([0, 1]);
  });
});
