import { SITE_ROLES } from '@storefront/commerce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, smallCatalog, type TestApp } from './support/app.js';
import { addContentCollections, addItem } from './support/content.js';
import { dialects } from './support/databases.js';
import { addOwner, ownerCall, ownerEmail, signIn } from './support/owner.js';

const images = [
  { assetUrl: '/assets/demo/a.svg', altText: 'A', caption: 'First' },
  { assetUrl: '/assets/demo/b.svg', altText: '' },
];

describe.each(dialects)('gallery blocks on %s', (dialect) => {
  let t: TestApp;
  let editor: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect, smallCatalog());
    await addContentCollections(t);
    await addOwner(t.database, SITE_ROLES.editor);
    editor = await signIn(t.app, ownerEmail(SITE_ROLES.editor));
  });
  afterAll(async () => t?.close());

  const save = (options: Record<string, unknown>) =>
    ownerCall(t.app, 'POST', '/api/config/content/items', editor, {
      collectionId: 'about',
      title: 'Gallery',
      status: 'draft',
      blocks: [{ type: 8, images, options }],
    });

  it('refuses options outside the spec §9 ranges on save, naming the range', async () => {
    for (const [name, value, range] of [
      ['autoplay-duration', 11, 'between 1 and 10'],
      ['thumbnails-per-row', 0, 'between 1 and 10'],
      ['padding', 51, 'between 0 and 50'],
      ['thumbnail-strip-height', 201, 'between 0 and 200'],
      ['thumbnail-strip-margin', 61, 'between 0 and 60'],
      ['max-width', 99, 'between 100 and 300'],
    ] as const) {
      const res = await save({ [name]: value });
      expect(res.statusCode, name).toBe(400);
      expect(res.body).toContain(range);
    }
    expect((await save({ design: 'carousel' })).statusCode).toBe(400);
    expect((await save({ design: 'slideshow', padding: 0, autoplay: true })).statusCode).toBe(201);
    expect(await t.database.db.selectFrom('content_items').select('id').execute()).toHaveLength(1);
  });

  it('renders the default grid, and a slideshow with its strip and controls', async () => {
    await addItem(t, {
      collectionId: 'about',
      title: 'Our work',
      blocks: [
        { type: 8, images },
        { type: 8, images, options: { design: 'slideshow', 'aspect-ratio': '16:9', lightboxTheme: 'light' } },
      ],
    });
    const page = (await t.app.inject({ url: '/about' })).body;
    expect(page).toContain(
      'class="sqs-block gallery-block gallery-design-grid gallery-columns-4 gallery-meta-bottom gallery-align-center gallery-ratio-4-3 gallery-auto-crop gallery-show-meta" id="gallery-1"',
    );
    // An image without alt text is still a named link.
    expect(page).toContain('aria-label="Open image 2 of 2"');
    expect(page).toContain('<figcaption class="gallery-meta">First</figcaption>');
    expect(page).toContain('gallery-design-slideshow');
    expect(page).toContain('<ol class="gallery-strip">');
    expect(page).toContain('<div class="gallery-controls" hidden>');
    expect(page).toContain('&quot;theme&quot;:&quot;light&quot;');
    expect(page).toContain('&quot;--gallery-padding&quot;:&quot;20px&quot;');
  });
});
