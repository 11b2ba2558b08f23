import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../src/db/index.js';
import { importCatalog } from '../src/modules/catalog/import.js';
import { addContributor } from '../src/modules/contributors/service.js';
import { systemClock } from '../src/platform/clock.js';
import { card, checkoutCatalog, US_ADDRESS } from './checkout-support.js';
import { inOneWindow } from './support/app.js';
import { TEST_DATABASE_URL } from './support/databases.js';
import { killProcess, type ServerProcess, spawnServer } from './support/process.js';
import { startSmtp } from './support/smtp.js';

/**
 * Several instances of the store on one PostgreSQL and one Redis, as docs/scaling.md runs them:
 * real server processes behind no balancer (the test spreads requests itself). No oversell,
 * shared rate limits, crumbs and owner sessions good on every instance, each mail sent once.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const INSTANCES = 2;
const MUGS = 12;
const SHOPPERS = 30;
const SECRET = crypto.randomBytes(24).toString('hex');
/** A window length of this run's own, so other runs sharing this Redis count under other keys. */
const RATE_WINDOW_MS = 60_000 + crypto.randomInt(1000);

describe.skipIf(!TEST_DATABASE_URL)('several instances on one PostgreSQL and Redis', () => {
  const name = `sf_multi_${crypto.randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-multi-'));
  let url: string;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const servers: ServerProcess[] = [];
  let crumb = '';

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(TEST_DATABASE_URL!);
    u.pathname = `/${name}`;
    url = u.toString();
    const database = openDatabase({ kind: 'postgres', url });
    await migrate(database);
    const catalog = checkoutCatalog();
    const result = await importCatalog(database, {
      ...catalog,
      products: catalog.products.map((p) =>
        p.id === 'mug' ? { ...p, variants: [{ sku: 'MUG', price: '10.00', qtyInStock: MUGS }] } : p,
      ),
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    await addContributor(
      { db: database.db, clock: systemClock },
      { email: 'owner@example.com', name: 'Owner', role: 1, password: 'correct horse battery' },
    );
    await database.close();
    smtp = await startSmtp();
    const env = {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      REDIS_URL,
      SESSION_SECRET: SECRET,
      SMTP_URL: smtp.url,
      // Shoppers are told apart by the address the test's "proxy" (loopback) writes for them.
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_WINDOW_MS: String(RATE_WINDOW_MS),
    };
    for (let i = 0; i < INSTANCES; i++) servers.push(await spawnServer(env));
    const page = await fetch(`${servers[0].url}/`);
    crumb = /crumb=([^;]+)/.exec(page.headers.getSetCookie().join('\n'))![1];
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) await killProcess(s.child, 'SIGTERM');
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });

  const instance = (i: number) => servers[i % servers.length].url;
  const headers = (ip: string, cookie = '') => ({
    'content-type': 'application/json',
    'x-csrf-token': crumb,
    'x-forwarded-for': ip,
    cookie: `crumb=${crumb}${cookie}`,
  });

  it('shoppers spread over the instances never buy more mugs than there are', async () => {
    const results = await Promise.all(
      Array.from({ length: SHOPPERS }, async (_, i) => {
        const ip = `198.51.100.${i + 1}`;
        const add = await fetch(`${instance(i)}/api/commerce/shopping-cart/entries`, {
          method: 'POST',
          headers: headers(ip),
          body: JSON.stringify({ itemId: 'mug', sku: 'MUG', quantity: 1, additionalFields: null }),
        });
        if (add.status !== 200) return add.status;
        const cart = /CART=([^;]+)/.exec(add.headers.getSetCookie().join('\n'))![1];
        // The order goes to the other instance than the cart did.
        const order = await fetch(`${instance(i + 1)}/api/commerce/orders`, {
          method: 'POST',
          headers: headers(ip, `; CART=${cart}`),
          body: JSON.stringify({
            idempotencyKey: crypto.randomUUID(),
            source: { kind: 'cart' },
            email: `shopper${i}@example.com`,
            shippingAddress: US_ADDRESS,
            payment: card(),
          }),
        });
        return order.status;
      }),
    );
    expect(results.filter((s) => s === 201)).toHaveLength(MUGS);
    expect(results.every((s) => s === 201 || s === 409)).toBe(true);
    const database = openDatabase({ kind: 'postgres', url });
    const mug = await database.db
      .selectFrom('variants')
      .select('qty_in_stock')
      .where('sku', '=', 'MUG')
      .executeTakeFirstOrThrow();
    await database.close();
    expect(mug.qty_in_stock).toBe(0);
  });

  it('each order mail is sent once, though every instance runs the outbox worker', async () => {
    const deadline = Date.now() + 30_000;
    while (smtp.received.length < MUGS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    // Give a second sender the time of a few more passes to show itself.
    await new Promise((r) => setTimeout(r, 5_000));
    const recipients = smtp.received.map((m) => m.to.join(','));
    expect(recipients).toHaveLength(MUGS);
    expect(new Set(recipients).size).toBe(MUGS);
  }, 60_000);

  it('rate limits count one client across instances (Redis)', async () => {
    await inOneWindow(RATE_WINDOW_MS, 5_000);
    const ip = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`${instance(i)}/api/commerce/gift-cards/AAAA-BBBB-CCCC-DDDD/balance`, {
        headers: headers(ip),
      });
      statuses.push(res.status);
    }
    // 30 per window in all, though each instance alone saw only 20.
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
  });

  it('a crumb from one instance and an owner session made on one are good on the other', async () => {
    const signIn = await fetch(`${instance(0)}/api/config/session`, {
      method: 'POST',
      headers: headers('192.0.2.10'),
      body: JSON.stringify({ email: 'owner@example.com', password: 'correct horse battery' }),
    });
    expect(signIn.status).toBe(200);
    const session = /sf_session=([^;]+)/.exec(signIn.headers.getSetCookie().join('\n'))![1];
    const other = await fetch(`${instance(1)}/api/config/session`, {
      headers: headers('192.0.2.10', `; sf_session=${session}`),
    });
    expect(other.status).toBe(200);
    expect((await other.json()).contributor.email).toBe('owner@example.com');
    const signOut = await fetch(`${instance(1)}/api/config/session`, {
      method: 'DELETE',
      headers: {
        'x-csrf-token': crumb,
        'x-forwarded-for': '192.0.2.10',
        cookie: `crumb=${crumb}; sf_session=${session}`,
      },
    });
    expect(signOut.status).toBe(204);
    const after = await fetch(`${instance(0)}/api/config/session`, {
      headers: headers('192.0.2.10', `; sf_session=${session}`),
    });
    expect(after.status).toBe(401);
  });
});
