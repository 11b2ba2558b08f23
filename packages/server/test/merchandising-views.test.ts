import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STORE_URL } from '../src/modules/catalog/import.js';
import { createTestApp, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';

interface DemoProduct {
  id: string;
  merchandising?: Record<string, unknown>;
}

/** Issue 15 audit: the restock form and scarcity show only in the views the merchant chose. */
describe.each(dialects)('merchandising views on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    const demo = JSON.parse(fs.readFileSync(DEMO_STORE_URL, 'utf8'));
    const candles = demo.products.find((p: DemoProduct) => p.id === 'beeswax-taper-candles');
    // Scarcity in the quick view only; the waitlist form nowhere.
    candles.merchandising = {
      ...candles.merchandising,
      scarcityTemplateViews: ['quick-view'],
      restockNotificationViews: [],
    };
    t = await createTestApp(dialect, demo);
  });
  afterAll(async () => t?.close());

  const page = async (slug: string) => (await t.app.inject({ method: 'GET', url: `/shop/p/${slug}` })).body;
  const quickView = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/commerce/quick-view/${id}` })).json();

  it('leaves scarcity and the restock form off the product page when the merchant chose other views', async () => {
    const html = await page('beeswax-taper-candles');
    expect(html).not.toContain('class="product-scarcity"');
    expect(html).not.toContain('data-island="RestockForm"');
    expect(
      JSON.parse(html.match(/data-island="ProductForm" data-props="([^"]*)"/)![1].replaceAll('&quot;', '"'))
        .scarcity,
    ).toBeNull();
    expect((await quickView('beeswax-taper-candles')).productForm.scarcity).toMatchObject({
      template: expect.any(String),
    });
  });

  it('shows both on the product page where the merchant chose it', async () => {
    const html = await page('hand-thrown-mug');
    expect(html).toContain('data-island="RestockForm"');
  });
});
