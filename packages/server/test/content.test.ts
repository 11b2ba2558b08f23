import { BLOG_PAGE_SIZE, hasExcerpt, statusesFor } from '@storefront/commerce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCollection } from '../src/modules/catalog/service.js';
import { createTestApp, smallCatalog, type TestApp } from './support/app.js';
import { addContentCollections, addItem } from './support/content.js';
import { dialects } from './support/databases.js';
import { addOwner, ownerCall, ownerEmail, signIn } from './support/owner.js';

const DAY = 86_400_000;
const START = Date.UTC(2026, 5, 1, 12);

describe('content rules', () => {
  it('counts an excerpt only with text after stripping markup (spec §5)', () => {
    expect(hasExcerpt('<p> </p>')).toBe(false);
    expect(hasExcerpt('<p>&nbsp;<br></p>')).toBe(false);
    expect(hasExcerpt('')).toBe(false);
    expect(hasExcerpt('<p><em>Hi</em></p>')).toBe(true);
  });

  it('lets an editor give any status and a draft editor only draft or ask for review', () => {
    expect(statusesFor(4)).toEqual(['draft', 'scheduled', 'needs-review', 'private', 'published']);
    expect(statusesFor(16)).toEqual(['draft', 'needs-review']);
    expect(statusesFor(10)).toEqual([]);
  });
});

describe.each(dialects)('content pages on %s', (dialect) => {
  let t: TestApp;
  const clock = { at: START, now: () => clock.at };
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    // A contact form for the page's form block (type 9).
    const catalog = {
      ...smallCatalog(),
      forms: [
        {
          id: 'contact',
          name: 'Contact',
          fields: [{ id: 'email', type: 'email', title: 'Email', required: true }],
        },
      ],
    };
    t = await createTestApp(dialect, catalog, { clock });
    await addContentCollections(t, clock);
    // Twelve posts, a day apart: two pages of the blog.
    for (let i = 1; i <= BLOG_PAGE_SIZE + 2; i++) {
      await addItem(
        t,
        {
          title: `Post ${i}`,
          urlSlug: `post-${i}`,
          publishOn: START - (20 - i) * DAY,
          excerpt: i === 1 ? '<p> </p>' : `<p>Excerpt of post ${i}</p>`,
          categories: i % 2 === 0 ? ['Even Posts'] : ['Odd'],
          tags: i === 3 ? ['three'] : [],
          authorName: 'Ada',
          commentState: 1,
          blocks: [{ type: 2, html: `<p>Body of post ${i} about kilns</p><script>alert(1)</script>` }],
        },
        clock,
      );
    }
    await addItem(t, { title: 'Secret', urlSlug: 'secret', status: 'draft' }, clock);
    await addItem(t, { title: 'Private one', urlSlug: 'private-one', status: 'private' }, clock);
    await addItem(t, { title: 'Review me', urlSlug: 'review-me', status: 'needs-review' }, clock);
    await addItem(
      t,
      {
        collectionId: 'about',
        title: 'About us',
        blocks: [
          { type: 2, html: '<h2>Who</h2><p>We make things.</p>' },
          { type: 5, image: { assetUrl: '/assets/demo/tee.svg', altText: 'A tee', caption: 'Our tee' } },
          {
            type: 8,
            images: [{ assetUrl: '/assets/demo/a.svg', altText: 'A' }, { assetUrl: '/assets/demo/b.svg' }],
          },
          { type: 9, formId: 'contact' },
          { type: 31, text: 'Less, but better.', source: 'Dieter Rams' },
          { type: 23, code: 'if (a < b) go();' },
          { type: 32, url: 'https://example.com/v.mp4', caption: 'Clip' },
          { type: 32, url: 'https://video.example.com/watch?v=1' },
          { type: 41, url: '/assets/demo/a.mp3', title: 'Song' },
          { type: 69, items: [{ title: 'Shipping?', html: '<p>Everywhere.</p>' }] },
          { type: 4, location: { addressLine1: '1 Main St', mapLat: 40.5, mapLng: -73.25 } },
          { type: 4, location: { addressLine1: '2 Side St', mapLat: 40.5 } },
          { type: 52, productId: 'tee' },
        ],
      },
      clock,
    );
  });
  afterAll(async () => t?.close());

  it('lists the newest published posts first, ten a page, with paging links', async () => {
    const first = await get('/blog');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<body class="page-type-1">');
    const titles = [...first.body.matchAll(/class="post-summary-title"><a href="([^"]+)">([^<]+)</g)].map(
      (m) => m[2],
    );
    expect(titles).toEqual([
      'Post 12',
      'Post 11',
      'Post 10',
      'Post 9',
      'Post 8',
      'Post 7',
      'Post 6',
      'Post 5',
      'Post 4',
      'Post 3',
    ]);
    expect(first.body).toContain('<a rel="next" href="/blog/page/2">Older posts →</a>');
    expect(first.body).toContain('Page 1 of 2');
    const second = await get('/blog/page/2');
    expect(second.body).toContain('Post 2');
    expect(second.body).toContain('<a rel="prev" href="/blog">← Newer posts</a>');
    expect((await get('/blog/page/3')).statusCode).toBe(404);
    for (const hidden of ['Secret', 'Private one', 'Review me'])
      expect(first.body + second.body).not.toContain(hidden);
  });

  it('shows an excerpt only when it has text, and the comment count text', async () => {
    const second = await get('/blog/page/2');
    expect(second.body).toContain('<div class="post-excerpt"><p>Excerpt of post 2</p></div>');
    expect(second.body).not.toMatch(
      /href="\/blog\/post-1">Post 1<\/a><\/h2>[\s\S]*?post-excerpt[\s\S]*?<\/article>/,
    );
    expect(second.body).toContain('No Comments');
  });

  it('answers category and tag pages, with unknown ones not found', async () => {
    const even = await get('/blog/category/even-posts');
    expect(even.body).toContain('Category: Even Posts');
    expect(even.body).toContain('Post 12');
    expect(even.body).not.toContain('>Post 11<');
    const tag = await get('/blog/tag/three');
    expect(tag.body).toContain('Tag: three');
    expect(tag.body).toContain('Post 3');
    expect(tag.body).not.toContain('>Post 4<');
    expect((await get('/blog/tag/none')).statusCode).toBe(404);
  });

  it('renders a post with its author, categories, tags, safe body and the posts around it', async () => {
    const res = await get('/blog/post-3');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<body class="page-type-50">');
    expect(res.body).toContain('<h1 class="content-title">Post 3</h1>');
    expect(res.body).toContain('by Ada');
    expect(res.body).toContain('<a href="/blog/category/odd">Odd</a>');
    expect(res.body).toContain('<a href="/blog/tag/three">three</a>');
    expect(res.body).toContain('<p>Body of post 3 about kilns</p>');
    expect(res.body).not.toContain('alert(1)');
    expect(res.body).toContain('<a rel="prev" class="post-newer" href="/blog/post-4">← Post 4</a>');
    expect(res.body).toContain('<a rel="next" class="post-older" href="/blog/post-2">Post 2 →</a>');
    expect(res.body).toContain('<h2 id="comments-title">No Comments</h2>');
  });

  it('hides drafts, private, review and unknown posts from visitors', async () => {
    for (const slug of ['secret', 'private-one', 'review-me', 'nothing']) {
      expect((await get(`/blog/${slug}`)).statusCode).toBe(404);
    }
  });

  it('renders every block type of a page', async () => {
    const res = await get('/about');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<body class="page-type-2">');
    const html = res.body;
    expect(html).toContain('<div class="sqs-block html-block"><h2>Who</h2><p>We make things.</p></div>');
    expect(html).toContain(
      '<img src="/assets/demo/tee.svg" alt="A tee" loading="lazy"><figcaption>Our tee</figcaption>',
    );
    expect(html).toContain(
      '<ul class="gallery-items"><li class="gallery-item"><figure><a class="gallery-link" href="/assets/demo/a.svg" data-index="1"><img src="/assets/demo/a.svg" alt="A"',
    );
    // The form block is the site form itself, made interactive by its island.
    expect(html).toContain('<div class="site-form-block" data-island="SiteForm"');
    expect(html).toContain('name="email"');
    expect(html).toContain(
      '<blockquote><p>Less, but better.</p></blockquote><figcaption>— Dieter Rams</figcaption>',
    );
    expect(html).toContain('<code>if (a &lt; b) go();</code>');
    expect(html).toContain('<video controls preload="none" src="https://example.com/v.mp4"></video>');
    expect(html).toContain(
      '<a class="video-link" href="https://video.example.com/watch?v=1" rel="noopener">',
    );
    expect(html).toContain('<audio controls preload="none" src="/assets/demo/a.mp3"></audio>');
    expect(html).toContain(
      '<details><summary>Shipping?</summary><div class="accordion-body"><p>Everywhere.</p></div></details>',
    );
    // A location is mapped only with both latitude and longitude.
    expect(html).toContain(
      '<p class="map-address">1 Main St</p><a class="map-link" href="https://www.openstreetmap.org/?mlat=40.5&amp;mlon=-73.25',
    );
    expect(html).toContain('<p class="map-address">2 Side St</p></div>');
    expect(html).toContain(
      '<div class="sqs-block product-block"><a class="product-card-link" href="/shop/p/tee">',
    );
  });

  it('builds the navigation from collections, folders with their collections inside', async () => {
    const ctx = { db: t.database.db, websiteId: 'w1', clock };
    await saveCollection(ctx, {
      id: 'more',
      title: 'More',
      urlSlug: 'more',
      type: 1,
      typeName: 'folder',
      folder: true,
      folderBehavior: 2,
      position: 3,
    });
    await saveCollection(ctx, {
      id: 'about',
      title: 'About',
      urlSlug: 'about',
      type: 1,
      typeName: 'page',
      position: 2,
      parentId: 'more',
    });
    const res = await get('/blog');
    expect(res.body).toMatch(
      /<a href="\/shop">Shop<\/a><a href="\/blog" aria-current="page">Blog<\/a><details class="site-nav-folder"><summary>More<\/summary><div class="site-nav-folder-links"><a href="\/about">About<\/a><\/div><\/details>/,
    );
    const redirect = await get('/more');
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/about');
    await saveCollection(ctx, {
      id: 'more',
      title: 'More',
      urlSlug: 'more',
      type: 1,
      typeName: 'folder',
      folder: true,
      folderBehavior: 1,
      position: 3,
    });
    const index = await get('/more');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('About us');
    await saveCollection(ctx, {
      id: 'more',
      title: 'More',
      urlSlug: 'more',
      type: 1,
      typeName: 'folder',
      folder: true,
      folderBehavior: 3,
      position: 3,
    });
    expect((await get('/more')).statusCode).toBe(404);
    await saveCollection(ctx, {
      id: 'about',
      title: 'About',
      urlSlug: 'about',
      type: 1,
      typeName: 'page',
      position: 2,
    });
  });

  it('serves the RSS feed of the newest posts', async () => {
    const res = await get('/blog/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.body).toContain('<title>Post 12</title>');
    expect(res.body).toContain('<category>Even Posts</category>');
    expect(res.body).toContain('<description>&lt;p&gt;Excerpt of post 12&lt;/p&gt;</description>');
    expect(res.body).not.toContain('Secret');
    expect(res.body.match(/<item>/g)).toHaveLength(BLOG_PAGE_SIZE);
    expect((await get('/shop/rss.xml')).statusCode).toBe(404);
  });

  it('finds published posts, pages and products on /search, with the match marked', async () => {
    const res = await get('/search?q=kiln');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<body class="page-type-102">');
    expect(res.body).toContain('12 results for “kiln”');
    expect(res.body).toContain('<mark>kilns</mark>');
    const tee = await get('/search?q=cotton');
    expect(tee.body).toContain('1 result for “cotton”');
    expect(tee.body).toContain('href="/shop/p/tee"');
    const none = await get('/search?q=secret');
    expect(none.body).toContain('Nothing matches');
    const empty = await get('/search');
    expect(empty.body).not.toContain('results for');
  });

  it('publishes a scheduled post when the clock reaches its time', async () => {
    const at = clock.at + 2 * DAY;
    await addItem(
      t,
      {
        title: 'Tomorrow news',
        urlSlug: 'tomorrow',
        status: 'scheduled',
        publishOn: at,
        blocks: [{ type: 2, html: '<p>Zeppelins</p>' }],
      },
      clock,
    );
    expect((await get('/blog/tomorrow')).statusCode).toBe(404);
    expect((await get('/blog')).body).not.toContain('Tomorrow news');
    expect((await get('/search?q=zeppelins')).body).toContain('Nothing matches');
    clock.at = at;
    const list = await get('/blog');
    expect(list.body).toContain('>Tomorrow news</a>');
    expect((await get('/blog/tomorrow')).statusCode).toBe(200);
    expect((await get('/search?q=zeppelins')).body).toContain('1 result for “zeppelins”');
  });

  describe('the owner API', () => {
    let editor: Record<string, string>;
    let drafter: Record<string, string>;
    beforeAll(async () => {
      await addOwner(t.database, 4, ownerEmail(4), undefined, clock);
      await addOwner(t.database, 16, ownerEmail(16), undefined, clock);
      editor = await signIn(t.app, ownerEmail(4));
      drafter = await signIn(t.app, ownerEmail(16));
    });

    it('lets a draft editor save drafts and ask for review but not publish or schedule', async () => {
      const created = await ownerCall(t.app, 'POST', '/api/config/content/items', drafter, {
        collectionId: 'blog',
        title: 'From the drafter',
        status: 'draft',
      });
      expect(created.statusCode, created.body).toBe(201);
      const item = created.json().item;
      expect(item).toMatchObject({ urlSlug: 'from-the-drafter', status: 'draft' });
      for (const status of ['published', 'scheduled', 'private']) {
        const res = await ownerCall(t.app, 'PUT', `/api/config/content/items/${item.id}`, drafter, {
          collectionId: 'blog',
          title: 'From the drafter',
          status,
          publishOn: clock.at + DAY,
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('You can save drafts and ask for review; an editor publishes.');
      }
      const review = await ownerCall(t.app, 'PUT', `/api/config/content/items/${item.id}`, drafter, {
        collectionId: 'blog',
        title: 'From the drafter',
        status: 'needs-review',
      });
      expect(review.json().item.status).toBe('needs-review');
      const published = await ownerCall(t.app, 'PUT', `/api/config/content/items/${item.id}`, editor, {
        collectionId: 'blog',
        title: 'From the drafter',
        status: 'published',
      });
      expect(published.json().item).toMatchObject({ status: 'published', publishOn: clock.at });
      expect((await get('/blog/from-the-drafter')).statusCode).toBe(200);
      // Once published, the draft editor may no longer change it.
      const after = await ownerCall(t.app, 'PUT', `/api/config/content/items/${item.id}`, drafter, {
        collectionId: 'blog',
        title: 'Changed',
        status: 'draft',
      });
      expect(after.statusCode).toBe(403);
    });

    it('answers bad input with 4xx and the field, changing nothing', async () => {
      const noTime = await ownerCall(t.app, 'POST', '/api/config/content/items', editor, {
        collectionId: 'blog',
        title: 'When?',
        status: 'scheduled',
      });
      expect(noTime.statusCode).toBe(400);
      expect(noTime.json()).toMatchObject({
        errors: { publishOn: 'Choose when a scheduled item publishes.' },
      });
      const taken = await ownerCall(t.app, 'POST', '/api/config/content/items', editor, {
        collectionId: 'blog',
        title: 'Again',
        urlSlug: 'post-1',
        status: 'draft',
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().errors).toEqual({
        urlSlug: 'Another item of this collection already has this URL.',
      });
      const shop = await ownerCall(t.app, 'POST', '/api/config/content/items', editor, {
        collectionId: 'shop',
        title: 'Not here',
        status: 'draft',
      });
      expect(shop.statusCode).toBe(400);
      const badBlock = await ownerCall(t.app, 'POST', '/api/config/content/items', editor, {
        collectionId: 'blog',
        title: 'Bad',
        status: 'draft',
        blocks: [{ type: 2 }],
      });
      expect(badBlock.statusCode).toBe(400);
      const list = await ownerCall(t.app, 'GET', '/api/config/content/items?collectionId=blog', editor);
      expect(list.json().items.map((i: { title: string }) => i.title)).not.toContain('When?');
    });

    it('previews a draft as visitors would see it once published', async () => {
      const list = await ownerCall(t.app, 'GET', '/api/config/content/items?collectionId=blog', editor);
      const secret = list.json().items.find((i: { title: string }) => i.title === 'Secret');
      expect(secret.status).toBe('draft');
      const preview = await ownerCall(t.app, 'GET', `/api/config/content/items/${secret.id}/preview`, editor);
      expect(preview.statusCode).toBe(200);
      expect(preview.body).toContain('<h1 class="content-title">Secret</h1>');
      expect(preview.headers['x-robots-tag']).toBe('noindex');
      const missing = await ownerCall(t.app, 'GET', '/api/config/content/items/ci_nope/preview', editor);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: expect.any(String) });
      const signedOut = await t.app.inject({ url: `/api/config/content/items/${secret.id}/preview` });
      expect(signedOut.statusCode).toBe(401);
    });

    it('deletes an item', async () => {
      const created = await ownerCall(t.app, 'POST', '/api/config/content/items', editor, {
        collectionId: 'blog',
        title: 'Short lived',
        status: 'published',
      });
      const id = created.json().item.id;
      expect((await get('/blog/short-lived')).statusCode).toBe(200);
      expect((await ownerCall(t.app, 'DELETE', `/api/config/content/items/${id}`, editor)).statusCode).toBe(
        200,
      );
      expect((await get('/blog/short-lived')).statusCode).toBe(404);
      expect((await ownerCall(t.app, 'GET', `/api/config/content/items/${id}`, editor)).statusCode).toBe(404);
    });
  });
});
