import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/index.js';
import { importCatalog } from '../src/modules/catalog/import.js';
import { card, checkoutCatalog, US_ADDRESS } from './checkout-support.js';
import { CRUMB, TEST_SESSION_SECRET } from './support/app.js';
import { setups, withDatabase } from './support/fault.js';
import { killProcess, spawnServer } from './support/process.js';

/**
 * Crash safety of checkout: a real server process takes a stream of orders, is killed with
 * SIGKILL mid-stream, and restarted on the same data. Every order it confirmed must be there
 * whole; stock must equal what it started with minus everything sold; nothing half-written.
 */
const INITIAL_STOCK = 1000;
const WORKERS = 8;
/** Orders confirmed before the kill; enough that the kill lands mid-stream with requests in flight. */
const CONFIRMED_BEFORE_KILL = 40;

const headers = { 'content-type': 'application/json', 'x-csrf-token': CRUMB };

interface Attempt {
  key: string;
  cartToken: string;
  quantity: number;
  body: string;
}

async function newAttempt(url: string): Promise<Attempt> {
  const quantity = 1 + crypto.randomInt(3);
  const res = await fetch(`${url}/api/commerce/shopping-cart/entries`, {
    method: 'POST',
    headers: { ...headers, cookie: `crumb=${CRUMB}` },
    body: JSON.stringify({ itemId: 'mug', sku: 'MUG', quantity, additionalFields: null }),
  });
  if (res.status !== 200) throw new Error(`add to cart: ${res.status}`);
  const cartToken = /CART=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))![1];
  const key = `fault-${crypto.randomUUID()}`;
  const body = JSON.stringify({
    idempotencyKey: key,
    source: { kind: 'cart' },
    email: 'ada@example.com',
    shippingAddress: US_ADDRESS,
    payment: card(),
  });
  return { key, cartToken, quantity, body };
}

function submit(url: string, a: Attempt) {
  return fetch(`${url}/api/commerce/orders`, {
    method: 'POST',
    headers: { ...headers, cookie: `crumb=${CRUMB}; CART=${a.cartToken}` },
    body: a.body,
  });
}

describe.each(setups)('checkout survives SIGKILL on %s', (_name, makeSetup) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it(
    'keeps every confirmed order whole and stock exact across a crash and restart',
    { timeout: 180_000 },
    async () => {
      const setup = await makeSetup();
      cleanups.push(setup.cleanup);
      const catalog = checkoutCatalog();
      await withDatabase(setup.config, async (d) => {
        await migrate(d);
        const result = await importCatalog(d, catalog);
        if (!result.ok) throw new Error(JSON.stringify(result.errors));
        await d.db
          .updateTable('variants')
          .set({ qty_in_stock: INITIAL_STOCK })
          .where('sku', '=', 'MUG')
          .execute();
      });

      const first = await spawnServer({
        RATE_LIMIT_REQUESTS: '0',
        SESSION_SECRET: TEST_SESSION_SECRET,
        ...setup.env,
      });
      cleanups.push(() => killProcess(first.child, 'SIGKILL'));
      const confirmed = new Map<string, { orderId: string; quantity: number }>();
      const unanswered: Attempt[] = [];
      let killed = false;
      const worker = async () => {
        while (!killed) {
          let attempt: Attempt;
          try {
            attempt = await newAttempt(first.url);
          } catch {
            return;
          }
          try {
            const res = await submit(first.url, attempt);
            const json = (await res.json()) as { order: { id: string } };
            if (res.status !== 201) throw new Error(`order answered ${res.status}`);
            confirmed.set(attempt.key, { orderId: json.order.id, quantity: attempt.quantity });
            if (confirmed.size >= CONFIRMED_BEFORE_KILL && !killed) {
              killed = true;
              first.child.kill('SIGKILL');
            }
          } catch (err) {
            if (!killed) throw err;
            unanswered.push(attempt);
            return;
          }
        }
      };
      await Promise.all(Array.from({ length: WORKERS }, worker));
      await killProcess(first.child, 'SIGKILL');
      expect(confirmed.size).toBeGreaterThanOrEqual(CONFIRMED_BEFORE_KILL);

      const second = await spawnServer({
        RATE_LIMIT_REQUESTS: '0',
        SESSION_SECRET: TEST_SESSION_SECRET,
        ...setup.env,
      });
      cleanups.push(() => killProcess(second.child, 'SIGTERM'));

      await withDatabase(setup.config, async ({ db }) => {
        const orders = await db.selectFrom('orders').selectAll().execute();
        const items = await db.selectFrom('order_items').selectAll().execute();
        const byOrder = new Map<string, number>();
        for (const i of items) byOrder.set(i.order_id, (byOrder.get(i.order_id) ?? 0) + i.quantity);
        const ids = new Set(orders.map((o) => o.id));
        // Every confirmed order is there, with its items.
        for (const { orderId, quantity } of confirmed.values()) {
          expect(ids.has(orderId)).toBe(true);
          expect(byOrder.get(orderId)).toBe(quantity);
        }
        // Nothing half-written: every order has items, a purchased cart and its key; no orphan items or keys.
        for (const o of orders) expect(byOrder.get(o.id)).toBeGreaterThan(0);
        for (const orderId of byOrder.keys()) expect(ids.has(orderId)).toBe(true);
        const purchased = await db
          .selectFrom('carts')
          .select(['id', 'order_id'])
          .where('is_purchased', '=', 1)
          .execute();
        expect(new Set(purchased.map((c) => c.order_id))).toEqual(ids);
        const keys = await db.selectFrom('idempotency_keys').select('order_id').execute();
        expect(new Set(keys.map((k) => k.order_id))).toEqual(ids);
        // Stock is exactly what was sold.
        const sold = [...byOrder.values()].reduce((a, b) => a + b, 0);
        const mug = await db
          .selectFrom('variants')
          .select('qty_in_stock')
          .where('sku', '=', 'MUG')
          .executeTakeFirstOrThrow();
        expect(mug.qty_in_stock).toBe(INITIAL_STOCK - sold);
      });

      // Shoppers whose request died with the process retry with the same key: one order each, never two.
      for (const attempt of unanswered) {
        const res = await submit(second.url, attempt);
        expect(res.status).toBe(201);
      }
      await withDatabase(setup.config, async ({ db }) => {
        const orders = await db.selectFrom('orders').select('id').execute();
        expect(orders.length).toBe(confirmed.size + unanswered.length);
        const items = await db.selectFrom('order_items').select('quantity').execute();
        const sold = items.reduce((a, i) => a + i.quantity, 0);
        const mug = await db
          .selectFrom('variants')
          .select('qty_in_stock')
          .where('sku', '=', 'MUG')
          .executeTakeFirstOrThrow();
        expect(mug.qty_in_stock).toBe(INITIAL_STOCK - sold);
      });
    },
  );
});
