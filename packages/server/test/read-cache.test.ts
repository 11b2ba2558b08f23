import { type Kysely, type KyselyPlugin, type RootOperationNode, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { READ_CACHE_TTL_MS, readCache } from '../src/db/read-cache.js';
import type { DB } from '../src/db/schema.js';
import { importCatalog } from '../src/modules/catalog/import.js';
import { pricedProduct } from '../src/modules/catalog/service.js';
import { decrementStock } from '../src/modules/inventory/repo.js';
import { priceCart } from '../src/modules/pricing/service.js';
import { systemClock } from '../src/platform/clock.js';
import type { RequestContext } from '../src/platform/context.js';
import { createTestDatabase, dialects, type TestDatabase } from './support/databases.js';
import { pricedCatalog } from './support/pricing.js';

/** The database as `db`, counting the statements run through it. */
function counted(db: Kysely<DB>): { db: Kysely<DB>; statements: () => number } {
  let n = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args): RootOperationNode => {
      n++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin), statements: () => n };
}

describe.each(dialects)('reads kept between writes on %s', (dialect) => {
  let database: TestDatabase;
  let other: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    other = await createTestDatabase(dialect);
    for (const d of [database, other]) {
      const imported = await importCatalog(d, pricedCatalog());
      if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
    }
  });
  afterAll(async () => {
    await database?.drop();
    await other?.drop();
  });
  afterEach(() => vi.useRealTimers());

  it('a read is kept until a write to what carts read commits, whatever an order takes from stock', async () => {
    const cache = readCache<number>(8);
    let reads = 0;
    const read = async () => ++reads;
    expect(await cache.get(database.db, 'k', read)).toBe(1);
    expect(await cache.get(database.db, 'k', read)).toBe(1);
    // A transaction of the database shares its entries.
    expect(await database.db.transaction().execute((trx) => cache.get(trx, 'k', read))).toBe(1);
    await decrementStock(database.db, 'w1', 'TEE-S-BLUE', 1);
    expect(await cache.get(database.db, 'k', read)).toBe(1);
    // Each database keeps its own.
    expect(await cache.get(other.db, 'k', read)).toBe(2);
    await database.db.updateTable('tax_rules').set({ position: 5 }).where('id', '=', 'or').execute();
    expect(await cache.get(database.db, 'k', read)).toBe(3);
    expect(await cache.get(other.db, 'k', read)).toBe(2);
  });

  it('a write that commits while the read runs leaves nothing kept; nor is a read older than the TTL used', async () => {
    const cache = readCache<number>(8);
    let reads = 0;
    const racing = () =>
      cache.get(database.db, 'k', async () => {
        await database.db.updateTable('shipping_options').set({ position: 0 }).execute();
        return ++reads;
      });
    expect(await racing()).toBe(1);
    expect(await cache.get(database.db, 'k', async () => ++reads)).toBe(2);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect(await cache.get(database.db, 'k', async () => ++reads)).toBe(2);
    vi.setSystemTime(Date.now() + READ_CACHE_TTL_MS + 1);
    expect(await cache.get(database.db, 'k', async () => ++reads)).toBe(3);
  });

  it('keeps at most its size, the oldest read going first', async () => {
    const cache = readCache<string>(2);
    const reads: string[] = [];
    const get = (key: string) =>
      cache.get(database.db, key, async () => {
        reads.push(key);
        return key;
      });
    // 'a' is kept at its first read, so 'c' makes room by dropping it, and 'a' drops 'b'.
    for (const key of ['a', 'b', 'a', 'c', 'a', 'b']) await get(key);
    expect(reads).toEqual(['a', 'b', 'c', 'a', 'b']);
  });

  it("an order's product and pricing rules are read once between catalog writes", async () => {
    const { db, statements } = counted(database.db);
    const ctx: RequestContext = { db, websiteId: 'w1', clock: systemClock };
    const price = async () => {
      const product = await pricedProduct(ctx, 'tee');
      const variant = product!.variants.find((v) => v.sku === 'TEE-S-BLUE')!;
      const { totals } = await priceCart(
        ctx,
        [
          {
            itemId: 'tee',
            sku: variant.sku,
            quantity: 1,
            unitPriceCents: variant.priceCents,
            productType: 1,
          },
        ],
        { currency: 'USD', location: { country: 'US', region: 'OR', postalCode: '97201' } },
      );
      return totals;
    };
    await price();
    const first = statements();
    expect(first).toBeGreaterThanOrEqual(4);
    const before = await price();
    expect(statements()).toBe(first);

    // The owner's price and a new tax rule apply to the next order at once.
    await database.db
      .updateTable('variants')
      .set({ price_cents: 3000 })
      .where('sku', '=', 'TEE-S-BLUE')
      .execute();
    await database.db
      .insertInto('tax_rules')
      .values({
        id: 'or-2',
        website_id: 'w1',
        name: 'Oregon city',
        country: 'US',
        region: 'OR',
        rate_percent: 10,
        applies_to_shipping: 0,
        position: 9,
      })
      .execute();
    const after = await price();
    expect(after.subtotalCents).toBe(3000);
    expect(after.taxCents).toBeGreaterThan(before.taxCents);
    await sql`delete from tax_rules where id = 'or-2'`.execute(database.db);
  });
});
