import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, smallCatalog, type TestApp } from './support/app.js';
import { addContentCollections, addItem } from './support/content.js';
import { dialects } from './support/databases.js';

const PUBLISHED = Date.UTC(2026, 2, 3, 10);

describe.each(dialects)('search engine basics on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, smallCatalog());
    await addContentCollections(t);
    await addItem(t, {
      title: 'Kilns & glaze',
      urlSlug: 'kilns',
      publishOn: PUBLISHED,
      authorName: 'Ada',
      excerpt: '<p>How we fire <em>stoneware</em>.</p>',
    });
    await addItem(t, { title: 'Hidden', urlSlug: 'hidden', status: 'draft' });
    await addItem(t, {
      collectionId: 'about',
      title: 'About us',
      blocks: [{ type: 2, html: `<p>${'We make things by hand. '.repeat(20)}</p>` }],
    });
  });
  afterAll(async () => t?.close());

  it('gives a post its description, canonical address, Open Graph card and BlogPosting JSON-LD', async () => {
    const html = (await t.app.inject({ url: '/blog/kilns' })).body;
    expect(html).toContain('<title>Kilns &amp; glaze — Test Shop</title>');
    expect(html).toContain('<meta name="description" content="How we fire stoneware.">');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/blog/kilns">');
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain('<meta property="og:title" content="Kilns &amp; glaze">');
    const ld = JSON.parse(/<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/.exec(html)![1]);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Kilns & glaze',
      url: 'http://localhost:3000/blog/kilns',
      datePublished: new Date(PUBLISHED).toISOString(),
      author: { '@type': 'Person', name: 'Ada' },
      publisher: { '@type': 'Organization', name: 'Test Shop' },
    });
  });

  it('describes a page by its text, cut to 160 characters', async () => {
    const html = (await t.app.inject({ url: '/about' })).body;
    const description = /<meta name="description" content="([^"]*)">/.exec(html)![1];
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/^We make things by hand\. .*…$/);
    expect(html).toContain('<meta property="og:type" content="website">');
    expect(html).toContain('&quot;@type&quot;:&quot;WebPage&quot;'.replaceAll('&quot;', '"'));
  });

  it('lists the published content and products in sitemap.xml, and points robots.txt at it', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
      m[1].replace('http://localhost:3000', ''),
    );
    expect(locs).toContain('/');
    expect(locs).toContain('/blog');
    expect(locs).toContain('/blog/kilns');
    expect(locs).toContain('/about');
    expect(locs.some((l) => l.includes('/p/'))).toBe(true);
    expect(locs).not.toContain('/blog/hidden');
    expect(res.body).toMatch(/<loc>http:\/\/localhost:3000\/blog\/kilns<\/loc><lastmod>\d{4}-/);
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.body).toContain('Disallow: /config');
    expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });
});
