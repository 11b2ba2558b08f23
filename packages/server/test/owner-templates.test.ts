import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/index.js';
import { TEMPLATE_MESSAGES } from '../src/modules/owner-templates/schema.js';
import { PAGE_CACHE_TTL_MS } from '../src/render/page-cache.js';
import { createTestApp, TEST_ENV, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';
import { addOwner, ownerCall, ownerEmail, signIn } from './support/owner.js';

const BASE = '/api/config/templates';

describe.each(dialects)('template editor on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let websiteManager: Record<string, string>;
  let storeManager: Record<string, string>;
  const call = (method: string, url: string, body?: unknown, cookies = admin) =>
    ownerCall(t.app, method, url, cookies, body);
  const page = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return res.body;
  };
  const withTitleMark = (source: string, mark: string) =>
    source.replace('<h1 class="product-title">', `<h1 class="product-title" data-mark="${mark}">`);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await addOwner(t.database, 1);
    await addOwner(t.database, 15);
    await addOwner(t.database, 8);
    admin = await signIn(t.app, ownerEmail(1));
    websiteManager = await signIn(t.app, ownerEmail(15));
    storeManager = await signIn(t.app, ownerEmail(8));
  });
  afterAll(async () => t?.close());

  it('lists the theme templates to admins and website managers only', async () => {
    const list = await call('GET', BASE, undefined, websiteManager);
    expect(list.statusCode, list.body).toBe(200);
    const item = list.json().templates.find((x: { name: string }) => x.name === 'productItem');
    expect(item).toEqual({
      name: 'productItem',
      file: 'collections/products.item',
      customized: false,
      publishedNumber: null,
      hasDraft: false,
    });
    expect(list.json().formatters).toContain('money');
    expect(list.json().predicates).toContain('equal?');
    expect((await call('GET', BASE, undefined, storeManager)).statusCode).toBe(403);
    expect((await ownerCall(t.app, 'GET', BASE, {})).statusCode).toBe(401);
    expect((await call('GET', `${BASE}/nope`)).json()).toEqual({
      message: TEMPLATE_MESSAGES.unknownTemplate,
    });
  });

  it('validates with line and column, keeps drafts, previews them with the page context', async () => {
    const detail = (await call('GET', `${BASE}/productItem`)).json().template;
    expect(detail.draft).toBeNull();
    expect(detail.previewPath).toBe('/shop/p/tee');
    expect(detail.publishedSource).toBe(detail.defaultSource);

    const broken = await call('POST', `${BASE}/productItem/validate`, {
      source: 'a\nb {.section item}\n{x|nosuch}',
    });
    expect(broken.statusCode).toBe(200);
    expect(broken.json().diagnostics).toEqual([
      { line: 2, column: 3, type: 'UNCLOSED_BLOCK', message: 'Reached EOF in the middle of SECTION' },
      { line: 3, column: 1, type: 'UNKNOWN_FORMATTER', message: "Formatter 'nosuch' is unknown" },
    ]);
    const clean = await call('POST', `${BASE}/productItem/validate`, { source: detail.defaultSource });
    expect(clean.json().diagnostics).toEqual([]);

    const draftSource = withTitleMark(detail.defaultSource, 'draft');
    const saved = await call('PUT', `${BASE}/productItem/draft`, { source: draftSource }, websiteManager);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().diagnostics).toEqual([]);
    expect(saved.json().template.draft).toMatchObject({
      source: draftSource,
      updatedBy: { email: ownerEmail(15) },
    });

    const preview = await call(
      'GET',
      `${BASE}/productItem/preview?path=${encodeURIComponent('/shop/p/tee')}`,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['content-type']).toContain('text/html');
    expect(preview.body).toContain('data-mark="draft"');
    expect(preview.body).toContain('Tee');
    // The draft is not on the store.
    expect(await page('/shop/p/tee')).not.toContain('data-mark');

    const other = await call('GET', `${BASE}/productItem/preview?path=/`);
    expect(other.statusCode).toBe(400);
    expect(other.body).toContain(TEMPLATE_MESSAGES.notDrawn);
    const badPath = await call('GET', `${BASE}/productItem/preview?path=shop`);
    expect(badPath.json()).toMatchObject({ message: TEMPLATE_MESSAGES.previewPath });

    await call('PUT', `${BASE}/productItem/draft`, { source: '{.section item}' });
    const refused = await call('GET', `${BASE}/productItem/preview?path=/shop/p/tee`);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('collections/products.item:1:1 Reached EOF in the middle of SECTION');
  });

  it('refuses to publish a broken template, publishes, rolls back and reverts with audit entries, and the store follows at once', async () => {
    const { defaultSource } = (await call('GET', `${BASE}/productItem`)).json().template;
    // Rendered and cached before any publish.
    expect(await page('/shop/p/tee')).not.toContain('data-mark');
    expect(await page('/shop/p/tee')).not.toContain('data-mark');

    const refused = await call('POST', `${BASE}/productItem/publish`, { source: `${defaultSource}{.end}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: TEMPLATE_MESSAGES.hasErrors,
      diagnostics: [expect.objectContaining({ type: 'NOT_ALLOWED_AT_ROOT', line: expect.any(Number) })],
    });
    expect((await call('GET', `${BASE}/productItem`)).json().template.versions).toEqual([]);

    const one = await call('POST', `${BASE}/productItem/publish`, {
      source: withTitleMark(defaultSource, 'one'),
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().template).toMatchObject({ publishedNumber: 1, draft: null });
    expect(await page('/shop/p/tee')).toContain('data-mark="one"');

    const two = await call(
      'POST',
      `${BASE}/productItem/publish`,
      { source: withTitleMark(defaultSource, 'two') },
      websiteManager,
    );
    expect(two.json().template.publishedNumber).toBe(2);
    expect(await page('/shop/p/tee')).toContain('data-mark="two"');
    expect(await page('/shop/p/zine')).toContain('data-mark="two"');

    const rolled = await call('POST', `${BASE}/productItem/rollback`, { number: 1 });
    expect(rolled.statusCode, rolled.body).toBe(200);
    expect(
      rolled.json().template.versions.map((v: { number: number; action: string }) => [v.number, v.action]),
    ).toEqual([
      [3, 'rollback'],
      [2, 'publish'],
      [1, 'publish'],
    ]);
    expect(rolled.json().template.versions[0]).toMatchObject({
      restoredNumber: 1,
      publishedBy: { email: ownerEmail(1) },
    });
    expect(await page('/shop/p/tee')).toContain('data-mark="one"');
    expect((await call('POST', `${BASE}/productItem/rollback`, { number: 9 })).json()).toEqual({
      message: TEMPLATE_MESSAGES.unknownVersion,
    });

    const list = (await call('GET', BASE)).json().templates;
    expect(list.find((x: { name: string }) => x.name === 'productItem')).toMatchObject({
      customized: true,
      publishedNumber: 3,
    });

    const reverted = await call('POST', `${BASE}/productItem/revert`);
    expect(reverted.json().template).toMatchObject({ publishedNumber: 4, publishedSource: defaultSource });
    expect(await page('/shop/p/tee')).not.toContain('data-mark');

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'contributor_email', 'detail'])
      .where('target', '=', 'template:collections/products.item')
      .orderBy('at')
      .orderBy('action')
      .execute();
    expect(audit.map((a) => [a.action, JSON.parse(a.detail!)])).toEqual(
      expect.arrayContaining([
        ['template.publish', { version: 1 }],
        ['template.publish', { version: 2 }],
        ['template.rollback', { version: 3, restoredVersion: 1 }],
        ['template.revert', { version: 4 }],
      ]),
    );
    expect(audit).toHaveLength(4);
    expect(audit.find((a) => JSON.parse(a.detail!).version === 2)?.contributor_email).toBe(ownerEmail(15));
  });

  it('shows a publish made by another instance within the page cache bound', async () => {
    // A second instance on the same database: its page cache and templates are its own.
    const otherDatabase = openDatabase(t.database.config);
    const other = await buildApp(loadConfig(TEST_ENV), { database: otherDatabase, logger: false });
    try {
      const seen = async () => (await other.inject({ method: 'GET', url: '/shop/p/tee' })).body;
      expect(await seen()).not.toContain('data-mark');
      const { defaultSource } = (await call('GET', `${BASE}/productItem`)).json().template;
      const published = await call('POST', `${BASE}/productItem/publish`, {
        source: withTitleMark(defaultSource, 'elsewhere'),
      });
      expect(published.statusCode, published.body).toBe(200);
      expect(await page('/shop/p/tee')).toContain('data-mark="elsewhere"');
      // Templates reload after the TTL, then the kept page expires after its own.
      await new Promise((resolve) => setTimeout(resolve, 2 * PAGE_CACHE_TTL_MS + 100));
      expect(await seen()).toContain('data-mark="elsewhere"');
    } finally {
      await other.close();
      await otherDatabase.close();
    }
  });

  it('lists, previews, publishes and rolls back a block file, refusing one with errors', async () => {
    const BLOCK = `${BASE}/price.block`;
    const marked = (source: string, mark: string) =>
      source.replace('<div class="product-price"', `<div class="product-price" data-block="${mark}"`);
    const list = (await call('GET', BASE)).json().templates;
    expect(list.find((x: { name: string }) => x.name === 'price.block')).toEqual({
      name: 'price.block',
      file: 'blocks/price.block',
      customized: false,
      publishedNumber: null,
      hasDraft: false,
    });
    // The form block is a template already: listed once.
    expect(list.filter((x: { file: string }) => x.file === 'blocks/form.block')).toHaveLength(1);

    const detail = (await call('GET', BLOCK)).json().template;
    expect(detail.defaultSource).toContain('class="product-price"');
    // products.item applies it directly (product-card.block, in lists, too).
    expect(detail.previewPath).toBe('/shop/p/tee');
    expect((await call('POST', `${BLOCK}/validate`, { source: '{.if x}' })).json().diagnostics).toEqual([
      { line: 1, column: 1, type: 'UNCLOSED_BLOCK', message: 'Reached EOF in the middle of IF' },
    ]);

    // The preview draws a page that applies the block with the draft in its place.
    await call('PUT', `${BLOCK}/draft`, { source: marked(detail.defaultSource, 'draft') });
    const preview = await call('GET', `${BLOCK}/preview?path=${encodeURIComponent('/shop/p/tee')}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.body).toContain('data-block="draft"');
    expect(await page('/shop/p/tee')).not.toContain('data-block');
    await call('PUT', `${BLOCK}/draft`, { source: '{.section x}' });
    const refusedPreview = await call('GET', `${BLOCK}/preview?path=/shop/p/tee`);
    expect(refusedPreview.statusCode).toBe(400);
    expect(refusedPreview.body).toContain('blocks/price.block:1:1 Reached EOF in the middle of SECTION');

    const refused = await call('POST', `${BLOCK}/publish`, { source: `${detail.defaultSource}{.end}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().diagnostics).toEqual([expect.objectContaining({ type: 'NOT_ALLOWED_AT_ROOT' })]);

    const one = await call('POST', `${BLOCK}/publish`, { source: marked(detail.defaultSource, 'one') });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().template).toMatchObject({ publishedNumber: 1, draft: null });
    expect(await page('/shop/p/tee')).toContain('data-block="one"');
    await call('POST', `${BLOCK}/publish`, { source: marked(detail.defaultSource, 'two') });
    expect(await page('/shop/p/tee')).toContain('data-block="two"');

    const rolled = await call('POST', `${BLOCK}/rollback`, { number: 1 });
    expect(rolled.json().template).toMatchObject({ publishedNumber: 3 });
    expect(await page('/shop/p/tee')).toContain('data-block="one"');
    expect(
      (await call('GET', BASE)).json().templates.find((x: { name: string }) => x.name === 'price.block'),
    ).toMatchObject({ customized: true, publishedNumber: 3 });

    await call('POST', `${BLOCK}/revert`);
    expect(await page('/shop/p/tee')).not.toContain('data-block');
    expect((await call('GET', `${BASE}/nosuch.block`)).statusCode).toBe(404);
  });

  it('refuses what a store manager may not do and bad bodies with 4xx', async () => {
    expect(
      (await call('POST', `${BASE}/productItem/publish`, { source: 'x' }, storeManager)).statusCode,
    ).toBe(403);
    expect((await call('POST', `${BASE}/productItem/publish`, {})).statusCode).toBe(400);
    expect((await call('POST', `${BASE}/productItem/rollback`, { number: 'x' })).statusCode).toBe(400);
    const long = await call('PUT', `${BASE}/productItem/draft`, { source: 'x'.repeat(200_001) });
    expect(long.json()).toMatchObject({ message: TEMPLATE_MESSAGES.tooLong });
  });
});
