/**
 * The realistic template suite of bench/jsont-render.ts (issue 14): six kinds of page a theme
 * renders, written for this benchmark, with data shaped like storefront JSON. Every formatter and
 * predicate used exists in both engines and prints the same in both (the reference runs with its
 * CLDR data), so each row compares the same work.
 */
import type { Scenario } from './jsont-fixtures.js';

const usd = (cents: number) => ({ decimalValue: (cents / 100).toFixed(2), currencyCode: 'USD' });
const DAY = 86_400_000;
const START = Date.UTC(2026, 9, 1, 15);
const SIZES = ['1500x1000', '1000x1500', '1200x1200', '2400x1600'];

const image = (i: number) => ({
  id: `img${i}`,
  assetUrl: `https://images.example.com/content/v1/${1000 + i}/photo-${i}.jpg`,
  originalSize: SIZES[i % SIZES.length],
  title: i % 5 ? `Studio shot ${i}` : '',
  description: i % 3 ? `<p>Detail ${i}: hand-finished & "signed"</p>` : '',
});

const PRODUCT_PAGE = `<article class="product" data-id="{item.id}">
<h1 class="product-title">{item.title|html}</h1>
<div class="price">{.if item.onSale}<del>{item.price|money}</del> <ins>{item.salePrice|money}</ins>{.or}{item.price|money}{.end}</div>
<div class="gallery">{.repeated section item.images}
<figure class="slide{.first?} active{.end}"><img src="{assetUrl}?format={originalSize|squarespaceThumbnailForWidth 750}" width="750" height="{originalSize|resizedHeightForWidth 750}" alt="{title|htmlattr}"></figure>{.end}
</div>
<form class="variants">{.repeated section item.options}
<label>{name|html}<select name="{name|slugify}">{.repeated section values}<option value="{@|htmlattr}">{@|html}</option>{.end}</select></label>{.end}
<p class="stock">{.if item.stock}{item.stock} in stock{.or}Sold out{.end}</p>
</form>
<div class="description">{item.body}</div>
<ul class="specs">{.repeated section item.specs}<li><b>{label|html}</b> {value|html}</li>{.end}</ul>
<section class="reviews"><h2>{item.reviewCount} review{item.reviewCount|pluralize}</h2>{.repeated section item.reviews}
<blockquote><p>{text|html}</p><footer>{author|html}, {date|date %B %d, %Y} · {rating}/5</footer></blockquote>{.end}</section>
</article>`;

export const suiteProductPage: Scenario = {
  name: 'suite: product page',
  template: PRODUCT_PAGE,
  json: {
    item: {
      id: 'p-1001',
      title: 'Linen Apron — "Field" edition & co',
      onSale: true,
      price: usd(6800),
      salePrice: usd(5440),
      stock: 7,
      images: Array.from({ length: 6 }, (_, i) => image(i)),
      options: [
        { name: 'Colour', values: ['Natural', 'Charcoal', 'Rust & Sand'] },
        { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
      ],
      body: '<p>Washed linen, brass hardware, adjustable neck strap.</p><p>Made in Lisbon.</p>',
      specs: [
        { label: 'Material', value: '100% linen' },
        { label: 'Care', value: 'Machine wash < 40°C' },
        { label: 'Pockets', value: '2' },
      ],
      reviewCount: 4,
      reviews: Array.from({ length: 4 }, (_, i) => ({
        text: `Great <apron> number ${i}, would buy again.`,
        author: ['Ana', 'Ben', 'Chloé', 'Dev'][i],
        date: START - i * 9 * DAY,
        rating: 5 - (i % 2),
      })),
    },
  },
};

const CARD_LIST = `<div class="grid">{.repeated section products}
<a class="card{.if onSale} on-sale{.end}{.if soldOut} sold-out{.end}" href="{fullUrl|htmlattr}">
<img src="{image.assetUrl}?format={image.originalSize|squarespaceThumbnailForWidth 500}" alt="{title|htmlattr}" height="{image.originalSize|resizedHeightForWidth 500}">
<h3>{title|html}</h3>
<p class="price">{.if onSale}<span class="was">{price|money}</span> {salePrice|money}{.or}{price|money}{.end}</p>{.if soldOut}<span class="badge">Sold out</span>{.end}{.section tags}<ul class="tags">{.repeated section @}<li>{@|html}</li>{.end}</ul>{.end}
</a>{.end}
</div>
<p class="count">{products|count} products</p>`;

export const suiteProductList: Scenario = {
  name: 'suite: 24 product cards',
  template: CARD_LIST,
  json: {
    products: Array.from({ length: 24 }, (_, i) => ({
      title: `Product ${i} <limited> & "new"`,
      fullUrl: `/shop/p/product-${i}?ref=grid&x="1"`,
      image: image(i),
      onSale: i % 4 === 0,
      soldOut: i % 7 === 3,
      price: usd(1999 + i * 250),
      salePrice: usd(1499 + i * 200),
      tags: i % 3 ? ['linen', 'home'] : [],
    })),
  },
};

const BLOG_LIST = `<section class="blog">{.repeated section items}
<article class="post {.odd?}odd{.or}even{.end}">
<h2><a href="{fullUrl|htmlattr}">{title|html}</a></h2>
<p class="meta">By {author.displayName|html} · <time datetime="{publishOn|date %Y-%m-%d}">{publishOn|date %B %d, %Y}</time> · {.if publicCommentCount}{publicCommentCount} Comment{publicCommentCount|pluralize}{.or}No Comments{.end}</p>
{.if excerpt}<div class="excerpt">{excerpt}</div>{.or}<p>{body|truncate 120}</p>{.end}
{.section categories}<p class="cats">{.repeated section @}<a href="/blog?category={@|url-encode}">{@|html}</a>{.alternates with}, {.end}</p>{.end}
</article>{.end}
</section>`;

export const suiteBlogList: Scenario = {
  name: 'suite: blog list',
  template: BLOG_LIST,
  json: {
    items: Array.from({ length: 12 }, (_, i) => ({
      title: `Notes from the workshop, part ${i + 1}: <glue> & "grain"`,
      fullUrl: `/blog/notes-${i + 1}`,
      author: { displayName: i % 2 ? 'Marta Silva' : 'Jonas Berg' },
      publishOn: START - i * 5 * DAY,
      publicCommentCount: [0, 1, 2, 17][i % 4],
      excerpt: i % 3 ? `<p>This week we tried ${i} new finishes on oak and ash.</p>` : '',
      body: 'A long body text about wood, glue, clamps and patience, which runs on for a while so the truncate formatter has something to cut at a word boundary.',
      categories: i % 2 ? ['Workshop', 'Wood & finish'] : [],
    })),
  },
};

const CALENDAR = `<table class="calendar"><caption>{month|date %B %Y}</caption>
<tr>{.repeated section dayNames}<th>{@}</th>{.end}</tr>{.repeated section weeks}
<tr>{.repeated section days}<td class="{.if today}today{.end}{.if outside} outside{.end}"><span class="day">{day}</span>{.section events}<ul>{.repeated section @}<li><a href="{fullUrl|htmlattr}">{startDate|date %l:%M %p} {title|html}</a>{.if location.addressTitle} <small>{location.addressTitle|html}</small>{.end}</li>{.end}</ul>{.end}</td>{.end}</tr>{.end}
</table>`;

export const suiteCalendar: Scenario = {
  name: 'suite: event calendar month',
  template: CALENDAR,
  json: {
    month: START,
    dayNames: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    weeks: Array.from({ length: 5 }, (_, w) => ({
      days: Array.from({ length: 7 }, (_, d) => {
        const n = w * 7 + d - 3;
        return {
          day: ((n + 31) % 31) + 1,
          outside: n < 0 || n >= 31,
          today: n === 21,
          events:
            n % 3 === 0
              ? Array.from({ length: 1 + (n % 2) }, (_, e) => ({
                  title: `Open studio #${n}-${e} & tea`,
                  fullUrl: `/events/${n}-${e}`,
                  startDate: START + n * DAY + e * 3_600_000,
                  location: { addressTitle: e ? 'Back room' : '' },
                }))
              : [],
        };
      }),
    })),
  },
};

const GALLERY = `<div class="gallery-grid">{.repeated section items}
<figure class="item{.if title} titled{.end}" style="aspect-ratio:{originalSize|width}/{originalSize|height}">
<img data-src="{assetUrl}" src="{assetUrl}?format={originalSize|squarespaceThumbnailForWidth 300}" srcset="{assetUrl}?format=300w 300w, {assetUrl}?format=750w 750w, {assetUrl}?format=1500w 1500w" alt="{title|htmlattr}">
{.if title}<figcaption>{title|html}{.if description}{description}{.end}</figcaption>{.end}
</figure>{.end}
</div>`;

export const suiteGallery: Scenario = {
  name: 'suite: 30-image gallery',
  template: GALLERY,
  json: { items: Array.from({ length: 30 }, (_, i) => image(i)) },
};

const ORDER_EMAIL = `<table class="order"><tr><td><h1>Thanks for your order, {order.customer.firstName|html}!</h1>
<p>Order #{order.orderNumber} · placed {order.createdOn|date %B %d, %Y}</p></td></tr>
{.repeated section order.lineItems}<tr class="line"><td><img src="{image.assetUrl}?format=100w" width="100" alt=""></td><td>{productName|html}{.section variantOptions}<br><small>{.repeated section @}{optionName|html}: {value|html}{.alternates with}, {.end}</small>{.end}</td><td>× {quantity}</td><td class="amount">{lineTotal|money}</td></tr>
{.end}<tr><td colspan="3">Subtotal</td><td>{order.subtotal|money}</td></tr>
{.if order.discountTotal}<tr><td colspan="3">Discount</td><td>−{order.discountTotal|money}</td></tr>{.end}
<tr><td colspan="3">Shipping</td><td>{order.shippingTotal|money}</td></tr>
<tr><td colspan="3">Tax</td><td>{order.taxTotal|money}</td></tr>
<tr class="total"><td colspan="3">Total</td><td>{order.grandTotal|money}</td></tr>
<tr><td colspan="4"><h2>Shipping to</h2><p>{.section order.shippingAddress}{firstName|html} {lastName|html}<br>{address1|html}{.if address2}<br>{address2|html}{.end}<br>{city|html}, {state} {postalCode}<br>{countryCode}{.end}</p></td></tr>
</table>`;

export const suiteOrderEmail: Scenario = {
  name: 'suite: order-summary email',
  template: ORDER_EMAIL,
  json: {
    order: {
      orderNumber: '01042',
      createdOn: START,
      customer: { firstName: 'Chloé' },
      lineItems: Array.from({ length: 5 }, (_, i) => ({
        productName: `Linen apron <${i}>`,
        image: image(i),
        quantity: 1 + (i % 3),
        lineTotal: usd((1 + (i % 3)) * (2400 + i * 150)),
        variantOptions:
          i % 2
            ? [
                { optionName: 'Size', value: 'M' },
                { optionName: 'Colour', value: 'Rust & Sand' },
              ]
            : [],
      })),
      subtotal: usd(21_450),
      discountTotal: usd(1_000),
      shippingTotal: usd(895),
      taxTotal: usd(1_789),
      grandTotal: usd(23_134),
      shippingAddress: {
        firstName: 'Chloé',
        lastName: "O'Brien",
        address1: '12 Harbour St',
        address2: 'Apt 4',
        city: 'Portland',
        state: 'ME',
        postalCode: '04101',
        countryCode: 'US',
      },
    },
  },
};

export const suite: Scenario[] = [
  suiteProductPage,
  suiteProductList,
  suiteBlogList,
  suiteCalendar,
  suiteGallery,
  suiteOrderEmail,
];
