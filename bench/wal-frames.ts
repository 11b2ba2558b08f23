// SQLite pages written per add-to-cart and per order: WAL frames (4,096-byte page + 24-byte
// header) appended while each call runs, with the automatic checkpoint off so the log only grows.
// A count, not a timing: the same on a busy machine as on a quiet one. In process, through
// app.inject, on the bench's one-product store (bench/checkout.mjs).
// Usage: node --import tsx bench/wal-frames.ts [--orders 200]
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { migrate, openDatabase } from '../packages/server/src/db/index.js';
import { importCatalog } from '../packages/server/src/modules/catalog/import.js';
import { createCrumbs } from '../packages/server/src/platform/crumb.js';

// kysely is the server package's dependency, not the bench's.
const { sql } = createRequire(new URL('../packages/server/package.json', import.meta.url))('kysely');
const { values: args } = parseArgs({ options: { orders: { type: 'string' } } });
const ORDERS = Number(args.orders ?? 200);
const FRAME_BYTES = 4096 + 24;
const SECRET = crypto.randomBytes(24).toString('hex');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-wal-frames-'));
const file = path.join(dir, 'storefront.db');
const database = openDatabase({ kind: 'sqlite', file });
await migrate(database);
const imported = await importCatalog(database, {
  website: { id: 'bench', siteTitle: 'Bench Shop' },
  collections: [{ id: 'shop', title: 'Shop', urlSlug: 'shop', type: 1, typeName: 'products' }],
  products: [
    {
      id: 'mug-0',
      collectionId: 'shop',
      urlSlug: 'mug-0',
      name: 'Mug 0',
      productType: 1,
      variants: [{ sku: 'MUG-0', price: '10.00', qtyInStock: 100_000_000 }],
    },
  ],
  taxRules: [{ id: 'il', name: 'Illinois', country: 'US', region: 'IL', ratePercent: 10 }],
  shippingOptions: [{ id: 'std', name: 'Standard', costCents: 500, countries: ['US'] }],
});
if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
const app = await buildApp(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', SESSION_SECRET: SECRET }), {
  database,
  logger: false,
  rateLimit: { requests: 0 },
});
await sql`pragma wal_autocheckpoint = 0`.execute(database.db);

const crumb = createCrumbs(SECRET).issue();
const walBytes = () => fs.statSync(`${file}-wal`).size;
const ORDER_BODY = {
  source: { kind: 'cart' },
  email: 'bench@example.com',
  shippingAddress: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    line1: '1 Main St',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62701',
    country: 'US',
  },
  shippingOptionId: 'std',
  payment: { cardNumber: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123', name: 'Ada' },
};

let addBytes = 0;
let orderBytes = 0;
for (let i = 0; i < ORDERS; i++) {
  const before = walBytes();
  const add = await app.inject({
    method: 'POST',
    url: '/api/commerce/shopping-cart/entries',
    headers: { 'x-csrf-token': crumb },
    cookies: { crumb },
    payload: { itemId: 'mug-0', sku: 'MUG-0', quantity: 1, additionalFields: null },
  });
  if (add.statusCode !== 200) throw new Error(`add to cart answered ${add.statusCode}: ${add.body}`);
  const added = walBytes();
  const cart = add.cookies.find((c) => c.name === 'CART')?.value ?? '';
  const order = await app.inject({
    method: 'POST',
    url: '/api/commerce/orders',
    headers: { 'x-csrf-token': crumb },
    cookies: { crumb, CART: cart },
    payload: { ...ORDER_BODY, idempotencyKey: crypto.randomUUID() },
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
await app.close();
await database.close();
fs.rmSync(dir, { recursive: true, force: true });
