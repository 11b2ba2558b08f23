// Statements per add-to-cart and per order: the checkout bench's loop (a new cart with one
// physical item, then the order), run in process, its statements counted at the driver (pg's
// Client.query; better-sqlite3's Statement run/all/get, BEGIN and COMMIT included). A count, so a
// busy machine does not move it: on PostgreSQL each statement is a round trip, whose CPU
// (store and server) bounds orders/s on two cores (bench/RESULTS.md).
// Usage: node --import tsx bench/statements.ts [--dialect sqlite|postgres] [--list]
// (postgres needs TEST_DATABASE_URL).
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CRUMB, cookiesOf, createTestApp } from '../packages/server/test/support/app.js';
import { BENCH_ORDER, benchCatalog, benchMug } from './checkout-store.js';

const { values: args } = parseArgs({
  options: { dialect: { type: 'string' }, list: { type: 'boolean' } },
});
const DIALECT = (args.dialect ?? 'sqlite') as 'sqlite' | 'postgres';

let counting = false;
let seen: string[] = [];
function count(text: unknown) {
  if (counting) seen.push(String(text).replace(/\s+/g, ' ').slice(0, 110));
}
const pgQuery = pg.Client.prototype.query as (...a: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: unknown }).query = function (this: unknown, ...a: unknown[]) {
  const first = a[0] as string | { text?: string };
  count(typeof first === 'string' ? first : first?.text);
  return pgQuery.apply(this, a);
};
// better-sqlite3's Statement class, reached through a statement of an in-memory database.
const Statement = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1')) as Record<
  string,
  (...a: unknown[]) => unknown
>;
for (const method of ['run', 'all', 'get'] as const) {
  const original = Statement[method];
  Statement[method] = function (this: { source: string }, ...a: unknown[]) {
    count(this.source);
    return original.apply(this, a);
  };
}

const t = await createTestApp(
  DIALECT,
  benchCatalog([benchMug('mug', 'MUG')]),
  { checkReplies: false },
  { RATE_LIMIT_REQUESTS: '0' },
);
const add = (cookies: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/commerce/shopping-cart/entries',
    headers: { 'x-csrf-token': CRUMB },
    cookies: { crumb: CRUMB, ...cookies },
    payload: { itemId: 'mug', quantity: 1 },
  });

/** The loop's statements once warm (the first rounds read what carts and checkout then keep). */
const ROUNDS = 5;
let adds: string[] = [];
let orders: string[] = [];
for (let round = 0; round < ROUNDS; round++) {
  counting = round === ROUNDS - 1;
  seen = [];
  const res = await add({});
  if (res.statusCode >= 300) throw new Error(res.body);
  adds = seen;
  seen = [];
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/commerce/orders',
    headers: { 'x-csrf-token': CRUMB },
    cookies: { crumb: CRUMB, CART: cookiesOf(res).CART! },
    payload: { ...BENCH_ORDER, idempotencyKey: `statements-${process.pid}-${round}` },
  });
  if (order.statusCode >= 300) throw new Error(order.body);
  orders = seen;
}
counting = false;
console.log(
  `${DIALECT}: add-to-cart ${adds.length} statements, order ${orders.length}, both ${adds.length + orders.length}`,
);
if (args.list) {
  for (const s of adds) console.log(`  add   ${s}`);
  for (const s of orders) console.log(`  order ${s}`);
}
await t.close();
