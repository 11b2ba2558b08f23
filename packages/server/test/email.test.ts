import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { importCatalog } from '../src/modules/catalog/import.js';
import { enqueueEmail } from '../src/modules/email/service.js';
import { renderEmail } from '../src/modules/email/templates.js';
import { createMailTransport, OUTBOX_MAIL_DIR } from '../src/modules/email/transports.js';
import { startOutboxWorker } from '../src/modules/email/worker.js';
import { smallCatalog } from './support/app.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';

const order = {
  siteTitle: 'Juniper & Oak',
  orderId: 'o_1',
  orderNumber: '1001',
  currency: 'USD',
  customerName: 'Ana <Admin>',
  items: [
    { productName: 'Linen Shirt', variant: 'M / Sage', quantity: 2, unitPriceCents: 6800 },
    {
      productName: 'Seasonal Recipes',
      quantity: 1,
      unitPriceCents: 1200,
      downloadUrl: 'https://shop.example/downloads/abc',
    },
  ],
  subtotalCents: 14_800,
  discountCents: 1_480,
  shippingCents: 600,
  taxCents: 1_235,
  grandTotalCents: 15_155,
  shippingAddress: {
    name: 'Ana Diaz',
    line1: '1 Main St',
    city: 'Albany',
    region: 'NY',
    postalCode: '12207',
    country: 'US',
  },
  giftCards: [{ code: 'GIFT-ABCD-1234', amountCents: 5000 }],
};

describe('email templates', () => {
  it('renders the order confirmation with items, totals, addresses, download links and gift-card codes', () => {
    const mail = renderEmail('order-confirmation', order);
    expect(mail.subject).toBe('Juniper & Oak: order 1001 confirmed');
    for (const part of [
      '2 × Linen Shirt (M / Sage)  $136.00',
      'Download: https://shop.example/downloads/abc',
      'Subtotal: $148.00',
      'Discount: -$14.80',
      'Shipping: $6.00',
      'Tax: $12.35',
      'Total: $151.55',
      'GIFT-ABCD-1234  $50.00',
      'Albany NY 12207',
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.html).toContain('Hi Ana &#60;Admin&#62;,');
    expect(mail.html).not.toContain('<Admin>');
    expect(mail.html).toContain('<a href="https://shop.example/downloads/abc">Download</a>');
    expect(mail.text).not.toContain('SHIRT-M');
    expect(mail.text).not.toContain('test order');
  });

  it('adds the billing address, phone, note and test mark, and splits a gift-card payment as the page does', () => {
    const mail = renderEmail('order-confirmation', {
      ...order,
      giftCardAppliedCents: 5_000,
      billingAddress: { ...order.shippingAddress, name: 'Bo Diaz', line1: '9 Oak Ave' },
      phone: '+1 518 555 0100',
      note: 'Leave it\nby the door',
      testMode: true,
      giftCards: [{ code: 'GIFT-ABCD-1234', amountCents: 5000, recipientEmail: 'bo@example.com' }],
    });
    for (const part of [
      'This is a test order: nothing was charged.',
      // The total is the order's total, as on the order page; then what each means paid.
      'Total: $151.55',
      'Paid by gift card: $50.00',
      'Paid by card: $101.55',
      'Billing address:\n  Bo Diaz\n  9 Oak Ave',
      'Phone: +1 518 555 0100',
      'Your note:\n  Leave it\n  by the door',
      'GIFT-ABCD-1234  $50.00 (sent to bo@example.com)',
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.html).toContain('<h3>Your note</h3><p>Leave it<br>by the door</p>');
  });

  it('renders the gift card delivery with the code and the sender', () => {
    const mail = renderEmail('gift-card-delivery', {
      siteTitle: 'Juniper & Oak',
      code: 'GIFT-WXYZ-9876',
      amountCents: 2500,
      currency: 'USD',
      senderName: 'Bo',
      message: 'Happy birthday!',
    });
    expect(mail.subject).toBe('Bo sent you a $25.00 gift card for Juniper & Oak');
    expect(mail.text).toContain('Your gift card code: GIFT-WXYZ-9876');
    expect(mail.text).toContain('Happy birthday!');
  });
});

describe('enqueueEmail and the file transport', () => {
  let t: TestDatabase;
  let dataDir: string;
  const clock = { now: () => 1_736_942_400_000 };
  beforeEach(async () => {
    t = await createTestDatabase('sqlite');
    expect((await importCatalog(t, smallCatalog())).ok).toBe(true);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-mail-'));
  });
  afterEach(async () => {
    await t.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a bad address or bad template data, writing nothing', async () => {
    const ctx = { db: t.db, websiteId: 'w1', clock };
    await expect(
      enqueueEmail(ctx, t.db, { to: 'not-an-address', template: 'order-confirmation', data: order }),
    ).rejects.toThrow('Cannot queue an email to an invalid address: "not-an-address"');
    await expect(
      enqueueEmail(ctx, t.db, {
        to: 'ana@example.com',
        template: 'order-confirmation',
        data: { ...order, items: [] },
      }),
    ).rejects.toThrow();
    expect(await t.db.selectFrom('outbox').selectAll().execute()).toHaveLength(0);
  });

  it('writes each mail as an .eml file under DATA_DIR/outbox-mail with a log line when no SMTP_URL is set', async () => {
    const ctx = { db: t.db, websiteId: 'w1', clock };
    const id = await t.db
      .transaction()
      .execute((trx) =>
        enqueueEmail(ctx, trx, { to: 'ana@example.com', template: 'order-confirmation', data: order }),
      );
    const lines: { obj: object; msg: string }[] = [];
    const log = { info: (obj: object, msg: string) => lines.push({ obj, msg }), warn: () => {} };
    const worker = startOutboxWorker({
      database: t,
      transport: createMailTransport({ dataDir }, log),
      clock,
      autoStart: false,
    });
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();
    const file = path.join(dataDir, OUTBOX_MAIL_DIR, `${id}.eml`);
    const eml = fs.readFileSync(file, 'utf8');
    expect(eml).toContain('To: ana@example.com');
    expect(eml).toContain('Subject: Juniper & Oak: order 1001 confirmed');
    expect(eml).toContain(`Message-ID: <${id}@storefront.outbox>`);
    expect(lines).toEqual([
      {
        obj: { to: 'ana@example.com', subject: 'Juniper & Oak: order 1001 confirmed', file },
        msg: 'email written (no SMTP_URL set)',
      },
    ]);
  });
});

describe('mail configuration', () => {
  it('reads SMTP_URL and MAIL_FROM, and refuses a URL that is not SMTP', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, mailFrom: undefined });
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Shop <a@b.co>' })).toMatchObject({
      smtpUrl: 'smtp://127.0.0.1:2525',
      mailFrom: 'Shop <a@b.co>',
    });
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(
      'SMTP_URL: must be an smtp:// or smtps:// URL',
    );
  });
});
