// SQLite pages written per add-to-cart and per order: WAL frames (4,096-byte page + 24-byte
// header) appended while each call runs, with the automatic checkpoint off so the log only grows.
// A count, not a timing: the same on a busy machine as on a quiet one. In process, through
// app.inject, on a store of one product; the calls are bench/checkout.mjs's.
// Usage: node --import tsx bench/wal-frames.ts [--orders 200]
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { CRUMB, cookiesOf, createTestApp } from '../packages/server/test/support/app.js';
import { BENCH_ORDER, benchCatalog, benchMug } from './checkout-store.js';

// kysely is the server package's dependency, not the bench's.
const { sql } = createRequire(new URL('../packages/server/package.json', import.meta.url))('kysely');
const { values: args } = parseArgs({ options: { orders: { type: 'string' } } });
const ORDERS = Number(args.orders ?? 200);
const FRAME_BYTES = 4096 + 24;

const t = await createTestApp(
  'sqlite',
  benchCatalog([benchMug('mug', 'MUG')]),
  { checkReplies: false },
  { RATE_LIMIT_REQUESTS: '0' },
);
const { config } = t.database;
if (config.kind !== 'sqlite') throw new Error('a SQLite store was expected');
await sql`pragma wal_autocheckpoint = 0`.execute(t.database.db);
const walBytes = () => fs.statSync(`${config.file}-wal`).size;

let addBytes = 0;
let orderBytes = 0;
for (let i = 0; i < ORDERS; i++) {
  const before = walBytes();
  const add = await t.app.inject({
    method: 'POST',
    url: '/api/commerce/shopping-cart/entries',
    headers: { 'x-csrf-token': CRUMB },
    cookies: { crumb: CRUMB },
    payload: { itemId: 'mug', quantity: 1 },
  });
  if (add.statusCode !== 200) throw new Error(`add to cart answered ${add.statusCode}: ${add.body}`);
  const added = walBytes();
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/commerce/orders',
    headers: { 'x-csrf-token': CRUMB },
    cookies: { crumb: CRUMB, CART: cookiesOf(add).CART },
    payload: { ...BENCH_ORDER, idempotencyKey: crypto.randomUUID() },
  });
  if (order.statusCode !== 201) throw new Error(`the order answered ${order.statusCode}: ${order.body}`);
  addBytes += added - before;
  orderBytes += walBytes() - added;
}
const perCall = (bytes: number) => Number((bytes / FRAME_BYTES / ORDERS).toFixed(1));
console.table([
  {
    orders: ORDERS,
    'frames per add-to-cart': perCall(addBytes),
    'frames per order': perCall(orderBytes),
    'in all': perCall(addBytes + orderBytes),
  },
]);
await t.close();
