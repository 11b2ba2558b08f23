import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STORE_URL } from '../src/modules/catalog/import.js';
import { CRUMB, cookiesOf, createTestApp, type TestApp } from './support/app.js';

/** The product page against the demo store, which holds every product case of the spec. */
describe('product display on the demo store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', JSON.parse(fs.readFileSync(DEMO_STORE_URL, 'utf8')));
  });
  afterAll(async () => t?.close());
  const page = async (slug: string) => (await t.app.inject({ method: 'GET', url: `/shop/p/${slug}` })).body;

  it('words a subscription price and says Subscribe', async () => {
    const html = await page('coffee-subscription');
    expect(html).toContain('data-item-price="coffee-subscription">$22.00 every month</div>');
    expect(html).toContain('>Subscribe</button>');
  });

  it("gives the quick view a subscription's plan wording, and none for other products", async () => {
    const item = async (id: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/commerce/quick-view/${id}` })).json().item;
    expect((await item('coffee-subscription')).subscriptionText).toBe('$22.00 every month');
    expect((await item('linen-field-shirt')).subscriptionText).toBe('');
  });

  it("shows the engraving answers on the cart line (the custom form's titles and values)", async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      cookies: { crumb: CRUMB },
      headers: { 'x-csrf-token': CRUMB },
      payload: {
        itemId: 'walnut-serving-board',
        sku: 'JO-BOARD-SMALL',
        quantity: 1,
        additionalFields: JSON.stringify({ 'engraving-text': 'J & O', 'engraving-style': 'Serif' }),
      },
    });
    expect(added.statusCode).toBe(200);
    const cart = await t.app.inject({
      method: 'GET',
      url: '/cart',
      cookies: { CART: cookiesOf(added).CART },
    });
    expect(cart.body).toContain(
      '<dl class="cart-entry-answers"><dt>Engraving text</dt><dd>J &amp; O</dd><dt>Lettering style</dt><dd>Serif</dd></dl>',
    );
  });

  it('shows the scarcity message with the stock left', async () => {
    expect(await page('beeswax-taper-candles')).toContain(
      '<p class="product-scarcity" data-item-scarcity="beeswax-taper-candles">Only 6 left in stock</p>',
    );
  });

  it('marks a sold-out product and disables its button', async () => {
    const html = await page('hand-thrown-mug');
    expect(html).toMatch(/<span class="product-badge product-badge--sold-out">[^<]+<\/span>/);
    expect(html).toContain('<button type="submit" class="sqs-add-to-cart-button" disabled>Sold Out</button>');
  });

  it('shows sale and original prices with their accessible labels', async () => {
    const html = await page('stoneware-pour-over-set');
    expect(html).toContain(
      '<span class="visually-hidden">Sale Price:</span> <span class="sale-price">$48.00</span> <span class="visually-hidden">Original Price:</span> <del class="original-price">$64.00</del>',
    );
  });

  it('describes the page from the product text, cut to 250 characters', async () => {
    const html = await page('linen-field-shirt');
    const description = /<meta name="description" content="([^"]*)">/.exec(html)![1];
    expect(description.length).toBeGreaterThan(20);
    expect(description.length).toBeLessThanOrEqual(253);
    expect(description).not.toContain('<');
  });

  it('renders the installments message in range, per the island contract', async () => {
    const html = await page('linen-field-shirt');
    expect(html).toContain(
      '<div class="installments" data-kind="in-range"><button type="button" class="installments-pill" aria-haspopup="dialog">or 4 installments with <span class="installments-brand">Afterpay</span></button><button type="button" class="installments-info" aria-label="About Afterpay" aria-haspopup="dialog"><svg class="installments-info-icon"',
    );
    expect(await page('seasonal-recipes')).not.toContain('class="installments"');
    // Not advertised on a sold-out product.
    expect(await page('hand-thrown-mug')).not.toContain('class="installments"');
  });

  it('renders the restock form behind its call to action on a sold-out product only', async () => {
    const soldOut = await page('hand-thrown-mug');
    expect(soldOut).toMatch(
      /<details class="product-restock-disclosure"><summary class="product-restock-cta">[^<]+<\/summary><form class="product-restock-form"/,
    );
    expect(soldOut).toContain('<input type="text" name="email" class="product-restock-email"');
    const candles = await page('beeswax-taper-candles');
    expect(candles).toContain('data-island="RestockForm"');
    expect(candles).not.toContain('<form class="product-restock-form"');
  });

  it('puts a hidden quick-view button on every product card of every page', async () => {
    const buttons = async (url: string) =>
      (
        (await t.app.inject({ method: 'GET', url })).body.match(
          /<button type="button" class="product-quick-view-button" data-item-id="[^"]+" hidden>Quick View<\/button>/g,
        ) ?? []
      ).length;
    // The demo's eleven products: a page of eight, then three.
    expect([await buttons('/shop'), await buttons('/shop?page=2')]).toEqual([8, 3]);
  });

  it("offers a product's options as radio buttons when the merchant chose them", async () => {
    const html = await page('pour-over-workshop');
    expect(html).toContain(
      '<fieldset class="variant-option variant-option--radio"><legend>Session</legend><label class="variant-radio"><input type="radio" name="variant-option-Session" value="Saturday 10:00 am"> Saturday 10:00 am</label>',
    );
    const props = /data-island="ProductForm" data-props="([^"]*)"/
      .exec(html)![1]
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    expect(JSON.parse(props).variantSelector).toBe('radio');
  });
});

describe('sold-out choices in the server form', () => {
  let t: TestApp;
  beforeAll(async () => {
    const store = JSON.parse(fs.readFileSync(DEMO_STORE_URL, 'utf8'));
    // The shirt's one large variant runs out: L leads to no stock whatever the colour.
    const shirt = store.products.find((p: { id: string }) => p.id === 'linen-field-shirt');
    shirt.variants.find((v: { sku: string }) => v.sku === 'JO-SHIRT-L-SAGE').qtyInStock = 0;
    t = await createTestApp('sqlite', store);
  });
  afterAll(async () => t?.close());

  it('marks a value no variant in stock has, as the island marks it (no change when it mounts)', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/shop/p/linen-field-shirt' })).body;
    expect(html).toContain(
      '<option value="S">S</option><option value="M">M</option><option value="L" data-unavailable>L (sold out)</option></select>',
    );
    expect(html).toContain('<option value="Sage">Sage</option><option value="Oat">Oat</option>');
  });
});
