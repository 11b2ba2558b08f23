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
    // The mug's waitlist form on its page and in the quick view.
    const mug = demo.products.find((p: DemoProduct) => p.id === 'hand-thrown-mug');
    mug.merchandising = { ...mug.merchandising, restockNotificationViews: ['product-page', 'quick-view'] };
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
    const candles = await quickView('beeswax-taper-candles');
    expect(candles.productForm.scarcity).toMatchObject({ template: expect.any(String) });
    expect(candles.restockForm).toBeNull();
  });

  it("gives the quick view the restock form's props where the merchant shows it there", async () => {
    expect((await quickView('hand-thrown-mug')).restockForm).toMatchObject({
      productId: 'hand-thrown-mug',
      messages: { CTAText: expect.any(String) },
      shownByDefault: false,
    });
  });

  it('shows both on the product page where the merchant chose it', async () => {
    const html = await page('hand-thrown-mug');
    expect(html).toContain('data-island="RestockForm"');
  });
});
