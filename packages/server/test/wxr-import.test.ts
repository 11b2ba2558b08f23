import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeShared, sharedPath } from '../../../test-support/shared.js';
import { importWxr, wxrSiteKey } from '../src/modules/content/wxr.js';
import { verifyPassword } from '../src/platform/passwords.js';
import { createTestApp, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';
import { runCli } from './support/process.js';

const ctx = (t: TestApp) => ({
  db: t.database.db,
  websiteId: 'w1',
  clock: { now: () => Date.UTC(2026, 0, 1) },
});

/** Every row the import writes, in a fixed order, to compare before and after a re-import. */
async function snapshot(t: TestApp) {
  const db = t.database.db;
  return {
    collections: await db.selectFrom('collections').selectAll().orderBy('id').execute(),
    items: await db.selectFrom('content_items').selectAll().orderBy('id').execute(),
    terms: await db
      .selectFrom('content_terms')
      .selectAll()
      .orderBy('item_id')
      .orderBy('kind')
      .orderBy('slug')
      .execute(),
    taxonomy: await db
      .selectFrom('content_taxonomy')
      .selectAll()
      .orderBy('collection_id')
      .orderBy('kind')
      .orderBy('slug')
      .execute(),
    comments: await db.selectFrom('content_comments').selectAll().orderBy('id').execute(),
  };
}

describeShared('WXR import of the WordPress theme unit test data', () => {
  const xml = () => fs.readFileSync(sharedPath('wxr/themeunittestdata.wordpress.xml'), 'utf8');

  describe.each(dialects)('on %s', (dialect) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(async () => t?.close());

    it('imports every post, page, comment, category and tag with its status, and a re-import changes nothing', async () => {
      const first = await importWxr(ctx(t), xml());
      expect(first).toMatchObject({
        ok: true,
        counts: { collections: 22, items: 79, comments: 33, skipped: 0 },
      });
      const db = t.database.db;
      const items = await db.selectFrom('content_items').selectAll().execute();
      const posts = items.filter((i) => i.collection_id === 'wxr-blog');
      const pages = items.filter((i) => i.collection_id.startsWith('wxr-page-'));
      expect(posts).toHaveLength(58);
      expect(pages).toHaveLength(21);
      const byStatus = (rows: typeof items) => {
        const n: Record<string, number> = {};
        for (const i of rows) n[i.status] = (n[i.status] ?? 0) + 1;
        return n;
      };
      // 56 published posts (one of them behind its password), one scheduled, one draft.
      expect(byStatus(posts)).toEqual({ published: 56, scheduled: 1, draft: 1 });
      expect(byStatus(pages)).toEqual({ published: 21 });
      const scheduled = posts.find((p) => p.status === 'scheduled')!;
      expect(scheduled).toMatchObject({ title: 'Scheduled', publish_on: Date.UTC(2030, 0, 1, 19, 0, 18) });
      expect(posts.find((p) => p.status === 'draft')!.title).toBe('Draft');
      // WordPress's post password becomes the page's own (spec §2 protected content), kept hashed.
      const locked = posts.filter((p) => p.password_hash !== null);
      expect(locked.map((p) => p.title)).toEqual(['Template: Password Protected (the password is "enter")']);
      expect(await verifyPassword(locked[0].password_hash, 'enter')).toBe(true);

      const taxonomy = await db
        .selectFrom('content_taxonomy')
        .selectAll()
        .where('collection_id', '=', 'wxr-blog')
        .execute();
      expect(taxonomy.filter((x) => x.kind === 'category')).toHaveLength(68);
      // The export lists 110 tags; posts use 4 more that its list leaves out (content, sample, test-tag, columns).
      expect(taxonomy.filter((x) => x.kind === 'tag')).toHaveLength(114);
      expect(taxonomy.find((x) => x.kind === 'tag' && x.slug === 'test-tag')?.name).toBe('test tag');
      const comments = await db.selectFrom('content_comments').selectAll().execute();
      expect(comments).toHaveLength(33);
      expect(comments.filter((c) => c.status === 'approved')).toHaveLength(30);
      expect(comments.filter((c) => c.status === 'pending')).toHaveLength(3);
      expect(comments.filter((c) => c.parent_id !== null).length).toBeGreaterThan(0);

      const before = await snapshot(t);
      const again = await importWxr(ctx(t), xml());
      expect(again).toMatchObject({
        ok: true,
        counts: { collections: 0, items: 0, comments: 0, skipped: 22 + 79 + 33 },
      });
      expect(await snapshot(t)).toEqual(before);
    });

    it('shows the imported blog with its categories, and a post with its comments', async () => {
      const blog = await t.app.inject({ method: 'GET', url: '/blog' });
      expect(blog.statusCode).toBe(200);
      expect(blog.body).not.toContain('>Scheduled<');
      const category = await t.app.inject({ method: 'GET', url: '/blog/category/markup' });
      expect(category.statusCode).toBe(200);
      expect(category.body).toContain('Category: Markup');
      const post = await t.app.inject({ method: 'GET', url: '/blog/template-comments' });
      expect(post.statusCode).toBe(200);
      expect(post.body).toMatch(/<h2 id="comments-title">\d+ Comments<\/h2>/);
    });

    it('answers a broken file with its line and column, importing nothing', async () => {
      const count = async () =>
        (await t.database.db.selectFrom('content_items').select('id').execute()).length;
      const before = await count();
      const broken = await importWxr(ctx(t), '<rss><channel>\n<item><title>x</item></channel></rss>');
      expect(broken.ok).toBe(false);
      if (!broken.ok) expect(broken.errors[0].place).toMatch(/^line 2, column \d+$/);
      const notWxr = await importWxr(ctx(t), '<rss><channel><title>x</title></channel></rss>');
      expect(notWxr).toEqual({
        ok: false,
        errors: [
          {
            place: 'rss/channel',
            message: 'This is not a WordPress export (WXR): wp:wxr_version is missing.',
          },
        ],
      });
      expect(await count()).toBe(before);
    });
  });
});

/**
 * Our own export of another shape, made with a real WordPress 6.1 (see fixtures/wxr/README.md):
 * block-editor markup, nested categories, non-ASCII tags and slugs, threaded comments, every
 * post status, a page hierarchy, a custom post type, a reusable block and a menu.
 */
describe('WXR import of a WordPress 6.1 block-editor export', () => {
  const SITE = wxrSiteKey('http://wxr2.example.test');
  const xml = () =>
    fs.readFileSync(
      path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/wxr/wordpress-6.1-blocks.xml'),
      'utf8',
    );

  describe.each(dialects)('on %s', (dialect) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(async () => t?.close());

    it('imports every post, page, comment, category, tag and author with its status, and a re-import changes nothing', async () => {
      const first = await importWxr(ctx(t), xml());
      if (!first.ok) throw new Error(JSON.stringify(first.errors));
      expect(first.counts).toEqual({ collections: 8, items: 20, comments: 8, skipped: 0 });
      const db = t.database.db;
      const items = await db.selectFrom('content_items').selectAll().execute();
      const bySource = (id: string) => items.find((i) => i.source_id === id.replace('wxr:', `wxr:${SITE}:`))!;
      const posts = items.filter((i) => i.collection_id === 'wxr-blog');
      const pages = items.filter((i) => i.collection_id.startsWith('wxr-page-'));
      const byStatus = (rows: typeof items) => {
        const n: Record<string, number> = {};
        for (const i of rows) n[i.status] = (n[i.status] ?? 0) + 1;
        return n;
      };
      expect(byStatus(posts)).toEqual({
        published: 9,
        private: 1,
        'needs-review': 1,
        draft: 1,
        scheduled: 1,
      });
      expect(byStatus(pages)).toEqual({ published: 5, draft: 1, private: 1 });

      expect(bySource('wxr:post:8')).toMatchObject({
        title: 'Roggenbrot in drei Tagen',
        url_slug: 'roggenbrot-in-drei-tagen',
        author_name: 'Anna Schröder',
        excerpt: '<p>Drei Tage, vier Zutaten, ein Brot.</p>',
        starred: 1,
        asset_url: 'http://wxr2.example.test/wp-content/uploads/2026/02/roggenbrot.jpg',
        // 08:30 in Berlin: the export's GMT date.
        publish_on: Date.UTC(2026, 2, 2, 7, 30),
      });
      const html = JSON.parse(bySource('wxr:post:8').blocks)[0].html as string;
      expect(html).not.toContain('<!-- wp:');
      for (const part of [
        '<h2',
        '<h3',
        '<ul>',
        '<ol>',
        '<blockquote',
        'wp-block-gallery',
        'wp-block-columns',
      ])
        expect(html).toContain(part);
      expect(posts.filter((p) => p.starred === 1)).toHaveLength(1);
      // WordPress splits a CDATA section at ']]>'; the text comes back whole.
      expect(bySource('wxr:post:11')).toMatchObject({
        title: 'Code im Blog: ]]> und andere Fallen',
        excerpt: '<p>Ein Auszug mit ]]> darin.</p>',
      });
      expect(bySource('wxr:post:11').blocks).toContain('return \\"]]>\\";');
      // Slugs WordPress percent-encodes: decoded, or the item's id when nothing of it is ASCII.
      expect(bySource('wxr:post:9')).toMatchObject({
        title: 'Пирог с капустой — рецепт бабушки',
        url_slug: 'post-9',
        author_name: 'Ольга Петрова',
      });
      expect(bySource('wxr:post:10')).toMatchObject({
        title: '日本のパン 🍞',
        url_slug: 'post-10',
        author_name: '山田 健二',
      });
      expect(bySource('wxr:post:17')).toMatchObject({ title: '(untitled)', url_slug: '17-2' });
      expect(bySource('wxr:post:13')).toMatchObject({
        status: 'needs-review',
        url_slug: 'zur-prufung-kasekuchen-ohne-boden',
        asset_url: 'http://wxr2.example.test/wp-content/uploads/2026/02/kaesekuchen.jpg',
      });
      expect(bySource('wxr:post:15')).toMatchObject({
        status: 'scheduled',
        publish_on: Date.UTC(2030, 10, 28, 5),
      });
      expect(await verifyPassword(bySource('wxr:post:16').password_hash, 'butter')).toBe(true);
      expect(bySource('wxr:post:20').blocks.length).toBeGreaterThan(30_000);
      expect(new Set(items.map((i) => i.author_name))).toEqual(
        new Set(['admin', 'Anna Schröder', '山田 健二', 'Ольга Петрова']),
      );

      const collections = await db
        .selectFrom('collections')
        .selectAll()
        .where('id', 'like', 'wxr-%')
        .execute();
      const page = (id: string) => collections.find((c) => c.id === id)!;
      expect(page(`wxr-page-${SITE}-22`)).toMatchObject({
        title: 'Über uns',
        url_slug: 'uber-uns',
        position: 21,
      });
      expect(page(`wxr-page-${SITE}-23`)).toMatchObject({
        title: 'Das Team',
        url_slug: 'das-team',
        position: 22,
      });
      expect(page(`wxr-page-${SITE}-24`)).toMatchObject({ url_slug: 'anna-die-backerin', position: 23 });

      const taxonomy = await db
        .selectFrom('content_taxonomy')
        .select(['kind', 'slug', 'name'])
        .where('collection_id', '=', 'wxr-blog')
        .orderBy('kind')
        .orderBy('slug')
        .execute();
      expect(taxonomy).toEqual([
        { kind: 'category', slug: 'backen', name: 'Backen' },
        { kind: 'category', slug: 'kueche', name: 'Küche' },
        { kind: 'category', slug: 'neuigkeiten', name: 'Neuigkeiten' },
        { kind: 'category', slug: 'sauerteig', name: 'Sauerteig' },
        { kind: 'category', slug: 'uncategorized', name: 'Uncategorized' },
        { kind: 'tag', slug: 'brot', name: '🍞 Brot' },
        { kind: 'tag', slug: 'cafe', name: 'Café' },
        { kind: 'tag', slug: 'naive-bold', name: 'naïve & bold' },
        { kind: 'tag', slug: 'roggen', name: 'Roggen' },
        { kind: 'tag', slug: 'tag-8', name: 'パン' },
        { kind: 'tag', slug: 'tag-9', name: 'Пирог' },
      ]);
      const terms = await db
        .selectFrom('content_terms')
        .select(['kind', 'slug'])
        .where('item_id', '=', bySource('wxr:post:10').id)
        .orderBy('kind')
        .orderBy('slug')
        .execute();
      expect(terms).toEqual([
        { kind: 'category', slug: 'kueche' },
        { kind: 'category', slug: 'neuigkeiten' },
        { kind: 'tag', slug: 'cafe' },
        { kind: 'tag', slug: 'tag-8' },
      ]);

      const comments = await db.selectFrom('content_comments').selectAll().orderBy('created_at').execute();
      const comment = (n: number) => comments.find((c) => c.source_id === `wxr:${SITE}:comment:${n}`)!;
      expect(comments).toHaveLength(8);
      expect(comments.filter((c) => c.status === 'approved')).toHaveLength(7);
      // Three deep on the rye bread post: guest, registered author, guest, and a reply awaiting moderation.
      expect(comment(2)).toMatchObject({
        parent_id: null,
        author_name: 'Jürgen (Gast)',
        item_id: bySource('wxr:post:8').id,
      });
      expect(comment(3)).toMatchObject({ parent_id: comment(2).id, author_name: 'Anna Schröder' });
      expect(comment(4)).toMatchObject({ parent_id: comment(3).id, body: 'Danke! 🙏 Klappt ]]> prima.' });
      expect(comment(5)).toMatchObject({ parent_id: comment(4).id, status: 'pending' });
      expect(comment(9)).toMatchObject({ parent_id: comment(8).id, author_name: 'Ольга Петрова' });
      expect(comment(10).item_id).toBe(bySource('wxr:page:25').id);

      // What WordPress exported that the import does not take over is named, with its place.
      const leftOut = new Map(first.leftOut.map((l) => [l.place, l.what]));
      expect(leftOut).toEqual(
        new Map([
          [
            'wp:category backen',
            "its parent category (kueche) is not kept: the blog's categories are one level",
          ],
          [
            'wp:category sauerteig',
            "its parent category (backen) is not kept: the blog's categories are one level",
          ],
          ['wp:term hauptmenu', 'terms of nav_menu are not imported'],
          ['item 5 (attachment)', 'attachments are imported only as featured images'],
          ['item 8 (post) wp:comment 7', 'comments marked trash are not imported'],
          ['item 18 (post)', 'trashed items are not imported'],
          ['item 21 (post)', '34 custom field(s) (wp:postmeta) are not imported'],
          ['item 23 (page)', 'its parent page (22) is not kept: pages are imported side by side'],
          ['item 24 (page)', 'its parent page (23) is not kept: pages are imported side by side'],
          ['item 27 (recipe)', 'items of post type recipe are not imported'],
          ['item 28 (wp_block)', 'items of post type wp_block are not imported'],
          ['item 29 (nav_menu_item)', 'navigation menus are not imported'],
          ['item 30 (nav_menu_item)', 'navigation menus are not imported'],
          ['item 31 (nav_menu_item)', 'navigation menus are not imported'],
          ['item 32 (nav_menu_item)', 'navigation menus are not imported'],
        ]),
      );

      const before = await snapshot(t);
      const again = await importWxr(ctx(t), xml());
      expect(again).toMatchObject({
        ok: true,
        counts: { collections: 0, items: 0, comments: 0, skipped: 8 + 20 + 8 },
      });
      expect(await snapshot(t)).toEqual(before);
    });

    it('shows the blog without its private, draft and scheduled posts, a post with its threaded comments, and a page', async () => {
      const blog = await t.app.inject({ method: 'GET', url: '/blog' });
      expect(blog.statusCode).toBe(200);
      expect(blog.body).toContain('Roggenbrot in drei Tagen');
      // Published pages are in the header; the draft and the private one are not.
      expect(blog.body).toContain('<a href="/uber-uns">Über uns</a>');
      expect(blog.body).not.toContain('href="/privacy-policy"');
      expect(blog.body).not.toContain('href="/intern"');
      expect(blog.body).toContain('Пирог с капустой — рецепт бабушки');
      for (const hidden of [
        'Privat: Inventur',
        'Entwurf: Osterzopf',
        'Geplant: Stollen-Saison',
        'Zur Prüfung',
      ])
        expect(blog.body).not.toContain(hidden);
      const tag = await t.app.inject({ method: 'GET', url: '/blog/tag/tag-8' });
      expect(tag.statusCode).toBe(200);
      expect(tag.body).toContain('日本のパン 🍞');
      const post = await t.app.inject({ method: 'GET', url: '/blog/roggenbrot-in-drei-tagen' });
      expect(post.statusCode).toBe(200);
      expect(post.body).toContain('<h2>Zutaten</h2>');
      expect(post.body).toContain(
        '<img src="http://wxr2.example.test/wp-content/uploads/2026/02/sauerteig-ansatz.jpg"',
      );
      expect(post.body).toContain('Gutes Brot hat keine Eile.');
      expect(post.body).toMatch(/<h2 id="comments-title">3 Comments<\/h2>/);
      expect(post.body).toContain('Klappt ]]&gt; prima.');
      expect(post.body).not.toContain('Und mit Dinkel?');
      const cyrillic = await t.app.inject({ method: 'GET', url: '/blog/post-9' });
      expect(cyrillic.statusCode).toBe(200);
      expect(cyrillic.body).toContain('«Кавычки» и ёлка.');
      const about = await t.app.inject({ method: 'GET', url: '/uber-uns' });
      expect(about.statusCode).toBe(200);
      expect(about.body).toContain('Seit 1952 am Markt.');
    });

    it('imports a second site beside the first: the same WordPress ids are other posts, every one of them imported (into the one imported blog)', async () => {
      // The same export as from another address: every id of it is taken by the first site.
      const other = xml().replaceAll('http://wxr2.example.test', 'https://second.example.org');
      const before = await t.database.db.selectFrom('content_items').select('id').execute();
      const second = await importWxr(ctx(t), other);
      if (!second.ok) throw new Error(JSON.stringify(second.errors));
      expect(second.counts).toEqual({ collections: 7, items: 20, comments: 8, skipped: 1 });
      const items = await t.database.db.selectFrom('content_items').selectAll().execute();
      expect(items.length).toBe(before.length + 20);
      // Its posts join the one imported blog under slugs of their own; its pages get slugs of their own.
      const twice = items.filter((i) => i.title === 'Roggenbrot in drei Tagen');
      expect(twice.map((i) => i.url_slug).sort()).toEqual([
        'roggenbrot-in-drei-tagen',
        'roggenbrot-in-drei-tagen-2',
      ]);
      expect((await t.app.inject({ method: 'GET', url: '/uber-uns-2' })).body).toContain(
        'Seit 1952 am Markt.',
      );
      const again = await importWxr(ctx(t), other);
      expect(again).toMatchObject({
        ok: true,
        counts: { collections: 0, items: 0, comments: 0, skipped: 8 + 20 + 8 },
      });
    });
  });

  it('`storefront import-wxr` prints what it imported and, by reason, what it left out', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-wxr-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const file = path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      'fixtures/wxr/wordpress-6.1-blocks.xml',
    );
    try {
      expect((await runCli(['seed', '--demo'], env)).code).toBe(0);
      const res = await runCli(['import-wxr', file], env);
      expect(res.err).toBe('');
      expect(res.code).toBe(0);
      const lines = res.out.trim().split('\n');
      expect(lines[0]).toBe(`Imported ${file}: {"collections":8,"items":20,"comments":8,"skipped":0}`);
      expect(lines[1]).toBe('Left out 15 part(s) of the export:');
      expect(lines).toContain(
        '  navigation menus are not imported: item 29 (nav_menu_item), item 30 (nav_menu_item), item 31 (nav_menu_item), item 32 (nav_menu_item)',
      );
      expect(lines).toContain('  trashed items are not imported: item 18 (post)');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Two processes that each migrate a new database: slow on a busy machine.
  }, 90_000);
});
