import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeShared, sharedPath } from '../../../test-support/shared.js';
import { importWxr } from '../src/modules/content/wxr.js';
import { verifyPassword } from '../src/platform/passwords.js';
import { createTestApp, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';

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
      expect(first).toEqual({ ok: true, counts: { collections: 22, items: 79, comments: 33, skipped: 0 } });
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
      expect(again).toEqual({
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
