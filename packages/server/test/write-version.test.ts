import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWriteVersion, executeAndCommit, STOCK_TAKEN, writtenTables } from '../src/db/write-version.js';
import { adjustStock, decrementStock, incrementStock } from '../src/modules/inventory/repo.js';
import { createCatalogDatabase } from './support/app.js';
import { dialects, type TestDatabase } from './support/databases.js';

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
    database = await createCatalogDatabase(dialect);
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

describe.each(dialects)('executeAndCommit on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createCatalogDatabase(dialect);
  });
  afterAll(async () => database?.drop());

  const stockOf = async (sku: string) =>
    (
      await database.db
        .selectFrom('variants')
        .select('qty_in_stock')
        .where('website_id', '=', 'w1')
        .where('sku', '=', sku)
        .executeTakeFirstOrThrow()
    ).qty_in_stock;
  /** Takes one of `sku` and fails (division by zero) when it could not. */
  const takeOne = (sku: string, quantity = 1) =>
    CompiledQuery.raw(
      'with "taken" as (update "variants" set "qty_in_stock" = "qty_in_stock" - $1 where "website_id" = $2 and "sku" = $3 and "qty_in_stock" >= $1 returning 1) select 1 / count(*) as "written" from "taken"',
      [quantity, 'w1', sku],
    );

  it.runIf(dialect === 'sqlite')(
    'refuses SQLite, which would commit the writes before a failed statement',
    async () => {
      await expect(
        database.db.transaction().execute((trx) => executeAndCommit(trx, takeOne('TEE-S-RED'))),
      ).rejects.toThrow('PostgreSQL only');
    },
  );

  it.runIf(dialect === 'postgres')(
    'sends BEGIN with the first statement and the last with the COMMIT; both commit, and the pages see the stock taken',
    async () => {
      const before = await stockOf('TEE-S-RED');
      const sent: { text: string; inFlight: number; pipelined: boolean }[] = [];
      let inFlight = 0;
      const query = pg.Client.prototype.query;
      const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
        this: pg.Client,
        ...a: unknown[]
      ) {
        const first = a[0] as string | { text?: string };
        sent.push({
          text: String(typeof first === 'string' ? first : first?.text),
          inFlight,
          pipelined: this.pipeline,
        });
        inFlight++;
        const answer = (query as (...b: unknown[]) => Promise<unknown>).apply(this, a);
        return answer.finally(() => inFlight--);
      } as never);
      const pages = database.pageVersion.pages;
      try {
        await database.db.transaction().execute(async (trx) => {
          await trx.updateTable('carts').set({ updated_at: 1 }).where('id', '=', 'none').execute();
          const result = await executeAndCommit<{ written: number }>(trx, takeOne('TEE-S-RED'));
          expect(result.rows).toEqual([{ written: 1 }]);
        });
      } finally {
        spy.mockRestore();
      }
      // BEGIN goes out with the transaction's first statement.
      expect(sent.slice(0, 2).map((s) => [s.text.slice(0, 6), s.inFlight])).toEqual([
        ['begin', 0],
        ['update', 1],
      ]);
      const commit = sent.find((s) => s.text === 'commit');
      // Sent while the statement was still out, by a client that writes it at once: one round trip.
      expect(commit).toMatchObject({ inFlight: 1, pipelined: true });
      expect(sent.filter((s) => s.text === 'commit')).toHaveLength(1);
      expect(await stockOf('TEE-S-RED')).toBe(before - 1);
      expect(database.pageVersion.pages).toBe(pages + 1);
    },
  );

  it.runIf(dialect === 'postgres')(
    'a statement that fails rolls back the whole transaction, and nothing more runs in it',
    async () => {
      const before = [await stockOf('TEE-S-RED'), await stockOf('TEE-S-BLUE')];
      const failed = database.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('variants')
          .set((eb) => ({ qty_in_stock: eb('qty_in_stock', '-', 1) }))
          .where('sku', '=', 'TEE-S-BLUE')
          .execute();
        await executeAndCommit(trx, takeOne('TEE-S-RED', 1_000_000));
      });
      await expect(failed).rejects.toMatchObject({ code: '22012' });
      expect([await stockOf('TEE-S-RED'), await stockOf('TEE-S-BLUE')]).toEqual(before);

      const after = database.db.transaction().execute(async (trx) => {
        await executeAndCommit(trx, takeOne('TEE-S-RED'));
        await trx.selectFrom('variants').select('sku').execute();
      });
      await expect(after).rejects.toThrow('committed with its last statement');
      // The take itself was committed: the connection is back in the pool with no transaction open.
      expect(await stockOf('TEE-S-RED')).toBe(before[0] - 1);
      const open = await database.db
        .transaction()
        .execute((trx) => executeAndCommit<{ written: number }>(trx, takeOne('TEE-S-BLUE')));
      expect(open.rows).toEqual([{ written: 1 }]);
    },
  );
});
