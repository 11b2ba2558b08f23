import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/index.js';
import { importCatalog } from '../src/modules/catalog/import.js';
import { enqueueEmail } from '../src/modules/email/service.js';
import { smtpTransport } from '../src/modules/email/transports.js';
import {
  OUTBOX_MAX_ATTEMPTS,
  OUTBOX_RETRY_BASE_MS,
  type OutboxWorker,
  startOutboxWorker,
} from '../src/modules/email/worker.js';
import { smallCatalog } from './support/app.js';
import { createTestDatabase, dialects, type TestDatabase } from './support/databases.js';
import { startSmtp } from './support/smtp.js';

const giftCardMail = (to: string, code: string) =>
  ({
    to,
    template: 'gift-card-delivery',
    data: { siteTitle: 'Test Shop', code, amountCents: 2500, currency: 'USD', senderName: 'Ana' },
  }) as const;

describe.each(dialects)('email outbox on %s', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestDatabase;
  let now: number;
  const clock = { now: () => now };
  const ctx = () => ({ db: t.db, websiteId: 'w1', clock });
  const workers: OutboxWorker[] = [];
  const extraDatabases: Database[] = [];

  function worker(database: Database = t, batchSize = 20) {
    const w = startOutboxWorker({
      database,
      transport: smtpTransport(smtp.url),
      clock,
      from: 'Test Shop <shop@example.com>',
      batchSize,
      autoStart: false,
    });
    workers.push(w);
    return w;
  }

  const rows = () => t.db.selectFrom('outbox').selectAll().orderBy('created_at').orderBy('id').execute();

  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => smtp?.close());
  beforeEach(async () => {
    now = Date.UTC(2025, 0, 15, 12);
    smtp.received.length = 0;
    smtp.state.failNext = 0;
    t = await createTestDatabase(dialect);
    const imported = await importCatalog(t, smallCatalog());
    expect(imported.ok).toBe(true);
  });
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.stop();
    for (const d of extraDatabases.splice(0)) await d.close();
    await t.drop();
  });

  it('sends nothing for a mail queued in a transaction that rolls back', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await enqueueEmail(ctx(), trx, giftCardMail('ana@example.com', 'GC-ROLLED-BACK'));
        throw new Error('payment declined');
      }),
    ).rejects.toThrow('payment declined');
    expect(await worker().runOnce()).toBe(0);
    expect(await rows()).toHaveLength(0);
    expect(smtp.received).toHaveLength(0);
  });

  it('delivers each committed mail exactly once to the SMTP server, with two workers racing', async () => {
    const codes = Array.from({ length: 12 }, (_, i) => `GC-RACE-${String(i).padStart(2, '0')}`);
    await t.db.transaction().execute(async (trx) => {
      for (const code of codes)
        await enqueueEmail(ctx(), trx, giftCardMail(`${code.toLowerCase()}@example.com`, code));
    });
    // Each worker has its own connection pool, as two server instances would.
    const second = openDatabase(t.config);
    extraDatabases.push(second);
    const a = worker(t, 3);
    const b = worker(second, 3);
    let sent = 0;
    for (;;) {
      const pass = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      const n = pass.reduce((x, y) => x + y, 0);
      if (n === 0) break;
      sent += n;
    }
    expect(sent).toBe(codes.length);
    expect(smtp.received).toHaveLength(codes.length);
    const delivered = smtp.received.map((m) => codes.find((c) => m.raw.includes(c))).sort();
    expect(delivered).toEqual(codes);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(
      codes.map((c) => `${c.toLowerCase()}@example.com`),
    );
    const stored = await rows();
    expect(stored.every((r) => r.status === 'sent' && r.attempts === 1 && r.sent_at === now)).toBe(true);
    expect(await a.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(codes.length);
  });

  it("sends from the store's name, at MAIL_FROM's address or the owner's own sender", async () => {
    await t.db
      .transaction()
      .execute((trx) => enqueueEmail(ctx(), trx, giftCardMail('ana@example.com', 'GC-FROM-1')));
    await t.db
      .updateTable('websites')
      .set({ site_title: 'Juniper "&" Oak' })
      .where('id', '=', 'w1')
      .execute();
    expect(await worker().runOnce()).toBe(1);
    expect(smtp.received[0].raw).toMatch(/^From: "Juniper & Oak" <shop@example\.com>$/m);
    // An owner's sender that names itself is used as written.
    await t.db
      .updateTable('websites')
      .set({ mail_from: 'Orders <orders@juniper.test>' })
      .where('id', '=', 'w1')
      .execute();
    await t.db
      .transaction()
      .execute((trx) => enqueueEmail(ctx(), trx, giftCardMail('bo@example.com', 'GC-FROM-2')));
    expect(await worker().runOnce()).toBe(1);
    expect(smtp.received[1].raw).toMatch(/^From: Orders <orders@juniper\.test>$/m);
  });

  it('retries a mail the SMTP server refused, after the backoff, and then delivers it once', async () => {
    await t.db
      .transaction()
      .execute((trx) => enqueueEmail(ctx(), trx, giftCardMail('bo@example.com', 'GC-RETRY')));
    smtp.state.failNext = 1;
    const w = worker();
    expect(await w.runOnce()).toBe(0);
    const [failed] = await rows();
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      next_attempt_at: now + OUTBOX_RETRY_BASE_MS,
    });
    expect(failed.last_error).toContain('Mailbox busy');

    now += OUTBOX_RETRY_BASE_MS - 1;
    expect(await w.runOnce()).toBe(0);
    now += 1;
    expect(await w.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].raw).toContain('GC-RETRY');
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it(`gives up after ${OUTBOX_MAX_ATTEMPTS} attempts, backing off longer each time`, async () => {
    await t.db
      .transaction()
      .execute((trx) => enqueueEmail(ctx(), trx, giftCardMail('cy@example.com', 'GC-NEVER')));
    smtp.state.failNext = Number.MAX_SAFE_INTEGER;
    const w = worker();
    const delays: number[] = [];
    for (let i = 0; i < OUTBOX_MAX_ATTEMPTS; i++) {
      expect(await w.runOnce()).toBe(0);
      const [row] = await rows();
      delays.push(row.next_attempt_at - now);
      now = row.next_attempt_at;
    }
    expect(delays.slice(0, 3)).toEqual([
      OUTBOX_RETRY_BASE_MS,
      2 * OUTBOX_RETRY_BASE_MS,
      4 * OUTBOX_RETRY_BASE_MS,
    ]);
    expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: OUTBOX_MAX_ATTEMPTS });
    expect(await w.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });
});
