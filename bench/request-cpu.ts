// CPU time per request, in process (app.inject, no sockets, one client): the figure to compare
// two trees by on a shared machine, where req/s moves with the other processes' load but the CPU a
// request costs moves much less. Rows: add-to-cart of a physical item merging into one line (a new
// cart every 1,000 adds: the spec caps a line at 9999; a digital item is one licence per order), and the checkout bench's loop (a new cart with one
// physical item, then the order).
// Usage: node --import tsx bench/request-cpu.ts [--dialect sqlite|postgres] [--adds 3000] [--orders 400] [--rounds 3]
// (postgres needs TEST_DATABASE_URL). Each round prints its own figure; the first warms up.
import { parseArgs } from 'node:util';
import { CRUMB, cookiesOf, createTestApp } from '../packages/server/test/support/app.js';
import { BENCH_ORDER, benchCatalog, benchMug } from './checkout-store.js';

const { values: args } = parseArgs({
  options: {
    dialect: { type: 'string' },
    adds: { type: 'string' },
    orders: { type: 'string' },
    rounds: { type: 'string' },
  },
});
const DIALECT = (args.dialect ?? 'sqlite') as 'sqlite' | 'postgres';
const ADDS = Number(args.adds ?? 3000);
const ORDERS = Number(args.orders ?? 400);
const ROUNDS = Number(args.rounds ?? 3);

const catalog = benchCatalog([
  benchMug('mug', 'MUG'),
  {
    id: 'recipes',
    collectionId: 'shop',
    urlSlug: 'recipes',
    name: 'Recipes',
    productType: 2,
    variants: [{ sku: 'PDF', price: '5.00' }],
  },
]);

const t = await createTestApp(
  DIALECT,
  catalog,
  // As the store runs: answers are not checked against their schemas again (the tests do that).
  { checkReplies: false },
  { RATE_LIMIT_REQUESTS: '0' },
);
const add = (itemId: string, cookies: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/commerce/shopping-cart/entries',
    headers: { 'x-csrf-token': CRUMB },
    cookies: { crumb: CRUMB, ...cookies },
    payload: { itemId, quantity: 1 },
  });

async function cpuPer(n: number, run: (i: number) => Promise<void>): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) await run(i);
  const used = process.cpuUsage(start);
  return Math.round((used.user + used.system) / n);
}

function ok<R extends { statusCode: number; body: string }>(res: R): R {
  if (res.statusCode >= 300) throw new Error(`${res.statusCode} ${res.body}`);
  return res;
}

/** Adds that merge into one cart's line before the next cart: the spec caps a line at 9999. */
const ADDS_PER_CART = 1000;
let cart = '';
let key = 0;
for (let round = 1; round <= ROUNDS; round++) {
  const addUs = await cpuPer(ADDS, async (i) => {
    if (i % ADDS_PER_CART === 0) cart = cookiesOf(ok(await add('mug', {}))).CART!;
    else ok(await add('mug', { CART: cart }));
  });
  const orderUs = await cpuPer(ORDERS, async () => {
    const fresh = cookiesOf(ok(await add('mug', {}))).CART!;
    ok(
      await t.app.inject({
        method: 'POST',
        url: '/api/commerce/orders',
        headers: { 'x-csrf-token': CRUMB },
        cookies: { crumb: CRUMB, CART: fresh },
        payload: { ...BENCH_ORDER, idempotencyKey: `bench-${process.pid}-${key++}` },
      }),
    );
  });
  console.log(
    `${DIALECT} round ${round}: add-to-cart ${addUs} µs CPU, add-to-cart + order ${orderUs} µs CPU`,
  );
}
await t.close();
