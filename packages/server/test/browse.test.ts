import { PRODUCT_LIST_PAGE_SIZE } from '@storefront/commerce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../src/modules/catalog/import.js';
import { CRUMB, cookiesOf, createTestApp, type TestApp } from './support/app.js';
import { createTestDatabase, dialects } from './support/databases.js';
import { addOwner, ownerCall, ownerEmail, signIn } from './support/owner.js';

const KINDS = ['Kitchen', 'Home', 'Apparel'];

/** Ten products over three categories, prices 10…100, the last made first; a shirt with an image per colour. */
function browseCatalog() {
  const products = Array.from({ length: 10 }, (_, i) => ({
    id: `p${i}`,
    collectionId: 'shop',
    urlSlug: `product-${i}`,
    name: `Product ${i}`,
    productType: 1,
    images: [{ assetUrl: `/assets/demo/p${i}.svg` }],
    categories: [KINDS[i % 3]],
    tags: i % 2 === 0 ? ['even'] : ['odd'],
    variants: [{ sku: `P${i}`, price: `${(10 - i) * 10}.00`, qtyInStock: 5 }],
  }));
  return {
    website: {
      id: 'w1',
      siteTitle: 'Browse Shop',
      announcement: { text: 'Free shipping over $75', url: '/shipping' },
      footer: {
        policies: [{ title: 'Returns', url: '/returns' }],
        contactEmail: 'hi@example.com',
        contactPhone: '+1 (555) 010-0200',
        socialAccounts: [
          { serviceName: 'Instagram', userName: 'shop', profileUrl: 'https://instagram.com/shop' },
        ],
      },
    },
    collections: [{ id: 'shop', title: 'Shop', urlSlug: 'shop', type: 1, typeName: 'products' }],
    forms: [],
    products: [
      ...products,
      {
        id: 'shirt',
        collectionId: 'shop',
        urlSlug: 'shirt',
        name: 'Shirt',
        productType: 1,
        images: [{ assetUrl: '/assets/demo/shirt-sage.svg' }, { assetUrl: '/assets/demo/shirt-oat.svg' }],
        categories: ['Apparel'],
        tags: ['linen'],
        variants: [
          {
            sku: 'SHIRT-SAGE',
            attributes: { Color: 'Sage' },
            price: '50.00',
            qtyInStock: 2,
            image: '/assets/demo/shirt-sage.svg',
          },
          {
            sku: 'SHIRT-OAT',
            attributes: { Color: 'Oat' },
            price: '50.00',
            qtyInStock: 2,
            image: '/assets/demo/shirt-oat.svg',
          },
        ],
      },
    ],
  };
}

const titles = (html: string) =>
  [...html.matchAll(/<h2 class="product-card-title">([^<]*)<\/h2>/g)].map((m) => m[1]);
const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&amp;/g, '&');

describe.each(dialects)('browsing the store on %s', (dialect) => {
  let t: TestApp;
  const page = async (url: string, cookies: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, cookies });
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, browseCatalog());
  });
  afterAll(async () => t?.close());

  it('pages the list by the page size, with links to every page, and clamps a page past the end', async () => {
    const first = await page('/shop');
    expect(titles(first)).toHaveLength(PRODUCT_LIST_PAGE_SIZE);
    expect(first).toContain('11 products');
    expect(first).toContain('<span aria-current="page">1</span>');
    expect(first).toContain('<a class="pagination-next" href="/shop?page=2" rel="next">Next</a>');
    const second = await page('/shop?page=2');
    expect(titles(second)).toEqual(['Product 8', 'Product 9', 'Shirt']);
    expect(second).toContain('<a class="pagination-prev" href="/shop" rel="prev">Previous</a>');
    expect(titles(await page('/shop?page=99'))).toEqual(titles(second));
    // A hand-typed bad page or sort shows the first page in the owner's order.
    expect(titles(await page('/shop?page=-2&sort=cheapest'))).toEqual(titles(first));
  });

  it('sorts by price both ways and by newest, keeping the filters in every link', async () => {
    const cheap = titles(await page('/shop?sort=price-asc'));
    expect(cheap.slice(0, 3)).toEqual(['Product 9', 'Product 8', 'Product 7']);
    const dear = titles(await page('/shop?sort=price-desc'));
    expect(dear.slice(0, 3)).toEqual(['Product 0', 'Product 1', 'Product 2']);
    // The import makes the products in one moment: newest falls back to the owner's order.
    expect(titles(await page('/shop?sort=newest'))).toEqual(titles(await page('/shop')));

    const kitchen = await page('/shop?category=kitchen&sort=price-asc');
    expect(titles(kitchen)).toEqual(['Product 9', 'Product 6', 'Product 3', 'Product 0']);
    expect(kitchen).toContain('<option value="price-asc" selected>Price, low to high</option>');
    expect(kitchen).toContain('<input type="hidden" name="category" value="kitchen">');
    // The tag links keep the category and sort and go back to page 1.
    expect(kitchen).toContain('href="/shop?category=kitchen&amp;tag=even&amp;sort=price-asc"');
    expect(titles(await page('/shop?category=Kitchen&tag=even'))).toEqual(['Product 0', 'Product 6']);
    expect(kitchen).toContain('<title>kitchen — Shop — Browse Shop</title>');
    expect(kitchen).toMatch(
      /<nav class="breadcrumb" aria-label="Breadcrumb"><ol><li><a href="\/">Home<\/a><\/li><li><a href="\/shop">Shop<\/a><\/li><li><span aria-current="page">kitchen<\/span><\/li><\/ol><\/nav>/,
    );

    const none = await page('/shop?category=Kitchen&tag=linen');
    expect(titles(none)).toEqual([]);
    expect(none).toContain('No products match these filters. <a href="/shop">Show all products</a>');
  });

  it('filters by a price range with the other filters, sort and paging: the price paid counts, and any variant', async () => {
    // Product 5 ($50) on sale at $15; the shirt's oat variant at $120 (its sage stays at $50).
    const setVariant = (sku: string, change: Record<string, number>) =>
      t.database.db.updateTable('variants').set(change).where('sku', '=', sku).execute();
    const before = await t.database.db
      .selectFrom('variants')
      .select(['sku', 'on_sale', 'sale_price_cents', 'price_cents'])
      .where('sku', 'in', ['P5', 'SHIRT-OAT'])
      .execute();
    await setVariant('P5', { on_sale: 1, sale_price_cents: 1500 });
    await setVariant('SHIRT-OAT', { price_cents: 12000 });

    const cheap = await page('/shop?minPrice=10&maxPrice=%2420&sort=price-asc');
    expect(titles(cheap)).toEqual(['Product 9', 'Product 5', 'Product 8']);
    expect(cheap).toContain(
      '<p class="product-count" role="status">3 products · $10.00 – $20.00 · <a href="/shop?sort=price-asc">Clear filters</a></p>',
    );
    expect(cheap).toContain('<input name="minPrice" value="10.00"');
    expect(cheap).toContain('<input name="maxPrice" value="20.00"');
    // Filter links keep the range and the sort.
    expect(cheap).toContain(
      'href="/shop?category=Kitchen&amp;minPrice=10.00&amp;maxPrice=20.00&amp;sort=price-asc"',
    );
    expect(titles(await page('/shop?minPrice=101'))).toEqual(['Shirt']);
    expect(await page('/shop?minPrice=101')).toContain('1 product · from $101.00');
    expect(titles(await page('/shop?category=Kitchen&maxPrice=40'))).toEqual(['Product 6', 'Product 9']);
    const all = await page('/shop?minPrice=0&maxPrice=200');
    expect(all).toContain('11 products · $0.00 – $200.00');
    expect(all).toContain(
      '<a class="pagination-next" href="/shop?minPrice=0.00&amp;maxPrice=200.00&amp;page=2" rel="next">Next</a>',
    );

    const first = titles(await page('/shop'));
    const refused: [string, string, string][] = [
      ['/shop?minPrice=cheap', 'Enter prices as numbers, such as 10 or 24.99.', 'value="cheap"'],
      ['/shop?maxPrice=-5', 'Prices cannot be below 0.', 'value="-5"'],
      [
        '/shop?minPrice=50&maxPrice=10',
        'The lowest price is above the highest price. Swap them or change one.',
        'value="50.00"',
      ],
      [
        '/shop?minPrice=%3Cscript%3E',
        'Enter prices as numbers, such as 10 or 24.99.',
        'value="&lt;script&gt;"',
      ],
    ];
    for (const [url, message, value] of refused) {
      // The page answers 200 with the message by the boxes and the list unfiltered by price.
      const html = await page(url);
      expect(html).toContain(
        `<p class="price-filter-error" id="price-filter-error" role="alert">${message}</p>`,
      );
      expect(html).toContain(value);
      expect(html).toContain('aria-invalid="true" aria-describedby="price-filter-error"');
      expect(titles(html), url).toEqual(first);
      // Links do not carry the refused text on.
      expect(html).not.toContain('minPrice=cheap&amp;');
    }

    for (const { sku, ...was } of before) await setVariant(sku, was);
  });

  it('keeps one cached page per list query, never serving one list for another', async () => {
    const a = titles(await page('/shop?category=Home'));
    const b = titles(await page('/shop?category=Apparel'));
    expect(a).not.toEqual(b);
    expect(titles(await page('/shop?category=Home'))).toEqual(a);
  });

  it('shows a product with its breadcrumbs, related products and each variant’s image', async () => {
    const html = await page('/shop/p/shirt');
    expect(html).toContain(
      '<ol><li><a href="/">Home</a></li><li><a href="/shop">Shop</a></li><li><a href="/shop?category=Apparel">Apparel</a></li><li><span aria-current="page">Shirt</span></li></ol>',
    );
    const related = titles(html.slice(html.indexOf('class="related-products"')));
    // Apparel is every third product from 2; four at most, the owner's order.
    expect(related).toEqual(['Product 2', 'Product 5', 'Product 8']);
    const props = JSON.parse(decode(/data-gallery data-props="([^"]*)"/.exec(html)![1]));
    expect(props).toEqual({ itemId: 'shirt', variantImages: { 'SHIRT-SAGE': 0, 'SHIRT-OAT': 1 } });
    expect(html).toContain('href="#product-image-2"');
    expect(html).toContain('aria-label="Enlarge Image 2 of 2"');
  });

  it('shows the announcement and footer, and closes the announcement by a plain form until it changes', async () => {
    const html = await page('/shop');
    expect(html).toContain('<a href="/shipping">Free shipping over $75</a>');
    expect(html).toContain('<li><a href="/returns">Returns</a></li>');
    expect(html).toContain('<a href="mailto:hi@example.com">hi@example.com</a>');
    expect(html).toContain('<a href="tel:+15550100200">+1 (555) 010-0200</a>');
    expect(html).toContain('aria-label="Instagram: shop"');

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/site/announcement/dismiss',
      payload: 'returnTo=%2Fshop',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(refused.statusCode).toBe(403);

    const dismiss = (returnTo: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/site/announcement/dismiss',
        payload: `crumb=${CRUMB}&returnTo=${encodeURIComponent(returnTo)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        cookies: { crumb: CRUMB },
      });
    const res = await dismiss('/shop?page=2');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/shop?page=2');
    const closed = cookiesOf(res).sf_announcement;
    expect(closed).toMatch(/^[0-9a-f]{16}$/);
    // Never a redirect off the site.
    expect((await dismiss('//evil.example/')).headers.location).toBe('/');
    expect((await dismiss('https://evil.example/')).headers.location).toBe('/');
    // The one rule of a local path (platform/local-path.ts): no control characters, no spaces.
    for (const odd of ['/shop\r\nSet-Cookie: a=b', '/shop page', '/\\evil.example']) {
      const answer = await dismiss(odd);
      expect(answer.statusCode).toBe(303);
      expect(answer.headers.location).toBe('/');
    }

    expect(await page('/shop', { sf_announcement: closed })).not.toContain('class="announcement-bar"');
    expect(await page('/shop/p/shirt', { sf_announcement: closed })).not.toContain(
      'class="announcement-bar"',
    );
    expect(await page('/shop', { sf_announcement: 'something-else' })).toContain('class="announcement-bar"');
  });

  it('lets the owner change the announcement and footer, refusing bad links with 400', async () => {
    await addOwner(t.database, 1);
    const admin = await signIn(t.app, ownerEmail(1));
    const bad = await ownerCall(t.app, 'PATCH', '/api/config/settings', admin, {
      announcement: { text: 'Sale', url: 'javascript:alert(1)' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('must be a path such as');
    const ok = await ownerCall(t.app, 'PATCH', '/api/config/settings', admin, {
      announcement: { text: 'Winter sale: 20% off' },
      footer: { policies: [{ title: 'Privacy', url: '/privacy' }], socialAccounts: [] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().settings.announcement).toEqual({ text: 'Winter sale: 20% off' });
    const html = await page('/shop');
    expect(html).toContain('<p class="announcement-text">Winter sale: 20% off</p>');
    expect(html).toContain('<li><a href="/privacy">Privacy</a></li>');
    expect(html).not.toContain('mailto:');
    // The settings form sends an emptied field; null does the same.
    for (const announcement of [{ text: '  ', url: '' }, null]) {
      const off = await ownerCall(t.app, 'PATCH', '/api/config/settings', admin, { announcement });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().settings.announcement).toBeNull();
      expect(await page('/shop')).not.toContain('class="announcement-bar"');
    }
  });
});

describe.each(dialects)('importing categories, tags and variant images on %s', (dialect) => {
  it('refuses a variant image that is not one of its product’s, and overlong names, changing nothing', async () => {
    const database = await createTestDatabase(dialect);
    try {
      const catalog = browseCatalog();
      const shirt = catalog.products.at(-1)!;
      (shirt.variants[1] as { image?: string }).image = '/assets/demo/elsewhere.svg';
      catalog.products[0].categories = ['x'.repeat(61)];
      const result = await importCatalog(database, catalog);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.errors).toEqual(
        expect.arrayContaining([
          {
            path: 'products[10].variants[1].image',
            message: `"/assets/demo/elsewhere.svg" is not one of the product's images (give its assetUrl or mediaId)`,
          },
          { path: 'products[0].categories[0]', message: 'must be at most 60 characters' },
        ]),
      );
      expect(await database.db.selectFrom('products').select('id').execute()).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});
