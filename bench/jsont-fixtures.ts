/**
 * Templates and data for the JSON-T engine benchmarks, shared by bench/jsont-render.ts and the
 * profile run. Every formatter and predicate used here exists in both engines.
 */

export interface Scenario {
  name: string;
  template: string;
  json: unknown;
  /** Why the reference's output differs from ours, when it does (checked by eye against the diff). */
  whyDifferent?: string;
}

const IMAGE_VARIANTS = '2500x1667,100w,300w,500w,750w,1000w,1500w,2500w';

function product(i: number, withVariants: boolean) {
  const id = `5f0c37c1a7c8465c4a71d${String(100 + i).padStart(3, '0')}`;
  const variants = withVariants
    ? ['S', 'M', 'L', 'XL'].flatMap((size, j) =>
        ['Red', 'Blue'].map((color, k) => ({
          id: `${id}-${j}${k}`,
          sku: `SKU-${i}-${j}${k}`,
          price: 4500 + j * 250,
          salePrice: 3900,
          onSale: k === 1,
          qtyInStock: (j + k) % 3 === 0 ? 0 : 2 + j,
          unlimited: false,
          attributes: { Size: size, Color: color },
        })),
      )
    : [
        {
          id: `${id}-0`,
          sku: `SKU-${i}`,
          price: 2500 + i * 100,
          salePrice: 0,
          onSale: false,
          qtyInStock: 7,
          unlimited: false,
          attributes: {},
        },
      ];
  return {
    id,
    title: `Linen Field Shirt <No. ${i}> & "friends"`,
    urlId: `linen-field-shirt-${i}`,
    fullUrl: `/shop/p/linen-field-shirt-${i}`,
    excerpt: `<p>A breathable shirt for long days, number ${i}.</p>`,
    assetUrl: `https://images.example.com/content/${id}/shirt.jpg`,
    systemDataVariants: IMAGE_VARIANTS,
    tags: ['linen', 'summer', i % 2 ? 'sale' : 'new'],
    categories: ['Shirts'],
    recordType: 11,
    structuredContent: {
      productType: 1,
      variants,
      variantOptionOrdering: withVariants ? ['Size', 'Color'] : [],
    },
    items: [
      {
        assetUrl: `https://images.example.com/content/${id}/a.jpg`,
        systemDataVariants: IMAGE_VARIANTS,
        title: 'Front',
      },
      {
        assetUrl: `https://images.example.com/content/${id}/b.jpg`,
        systemDataVariants: IMAGE_VARIANTS,
        title: 'Back',
      },
      {
        assetUrl: `https://images.example.com/content/${id}/c.jpg`,
        systemDataVariants: IMAGE_VARIANTS,
        title: 'Detail',
      },
    ],
  };
}

const main = product(0, true);
const related = Array.from({ length: 12 }, (_, i) => product(i + 1, i % 3 === 0));

const PRODUCT_TEMPLATE = `{.macro card}
<article class="card{.if item.tags} tagged{.end}" data-id="{item.id}">
  <a href="{item.fullUrl|htmlattr}">
    <img alt="{item.title|htmlattr}" src="{item.assetUrl}?format=500w" {item|image-srcset 1}>
    <h3>{item.title|html}</h3>
  </a>
  {.section item.structuredContent.variants.0}<p class="price">{price|bookkeeper-money-format}</p>{.end}
  <ul class="tags">{.repeated section item.tags}<li>{@|slugify}</li>{.alternates with} {.end}</ul>
  {item|product-quick-view}
</article>
{.end}
<!doctype html>
<html><head><title>{item.title|html} — {website.siteTitle|html}</title></head>
<body class="product{.section item.tags} has-tags{.end}">
<main>
{.section item}
  <h1 class="title">{title|html}</h1>
  <div class="gallery">
  {.repeated section items}
    <figure data-index="{@index}"><img alt="{title|htmlattr}" src="{assetUrl}?format=750w" {@|image-srcset 1}></figure>
  {.end}
  </div>
  <div class="excerpt">{excerpt}</div>
  <p class="tags">{.repeated section tags}<a href="/shop?tag={@|url-encode}">{@|html}</a>{.alternates with}, {.end}</p>
  <table class="variants">
  {.repeated section structuredContent.variants}
    <tr class="{.odd?}odd{.or}even{.end}">
      <td>{sku|html}</td><td>{attributes.Size} / {attributes.Color}</td>
      <td>{.if onSale}<s>{price|bookkeeper-money-format}</s> {salePrice|bookkeeper-money-format}{.or}{price|bookkeeper-money-format}{.end}</td>
      <td>{.equal? qtyInStock 0}Sold out{.or}{qtyInStock} in stock{.end}</td>
    </tr>
  {.end}
  </table>
  {@|variants-select}
  {@|product-scarcity}
  {@|product-restock-notification}
  {@|product-quick-view}
{.end}
</main>
<section class="related"><h2>Related</h2>
{.repeated section related}{@|apply card}{.end}
</section>
</body></html>`;

/** Wraps a product so the macro sees it as \`item\`. */
const relatedCards = related.map((item) => ({ item }));

export const productPage: Scenario = {
  name: 'product page',
  template: PRODUCT_TEMPLATE,
  whyDifferent:
    'the reference has no CLDR locale data in this process, so bookkeeper-money-format prints nothing and ' +
    "its message formatting leaves the variant select labels ('Select Size') and scarcity text ('Only 2 left!') " +
    'empty; its image-srcset starts with a space; its built-in commerce snippets keep extra blank lines',
  json: {
    website: { siteTitle: 'Field & Co.', baseUrl: 'https://field.example.com' },
    item: main,
    related: relatedCards,
    productMerchandisingContext: {
      [main.id]: {
        scarcityEnabled: true,
        scarcityShownByDefault: true,
        scarcityText: 'Only {qtyInStock} left!',
        scarcityTemplateViews: main.structuredContent.variants
          .filter((v) => v.qtyInStock > 0 && v.qtyInStock < 4)
          .map((v) => ({ qtyInStock: v.qtyInStock, attributes: v.attributes })),
        mailingListSignUpEnabled: true,
        mailingListOptInByDefault: false,
        restockNotificationMessages: {
          buttonText: 'Sign Up',
          CTAText: 'Get notified by email when this product is back in stock',
          placeholderText: 'Your Email',
          mailingListDescription: 'Subscribe to our mailing list',
        },
        restockNotificationViews: main.structuredContent.variants
          .filter((v) => v.qtyInStock === 0)
          .map((v) => ({ variantId: v.id, hiddenByDefault: true })),
      },
    },
  },
};

export const list50: Scenario = {
  name: '50-row list',
  template: `<ul>{.repeated section rows}
<li class="row {.even?}even{.or}odd{.end}" id="row-{@index}"><a href="{url|htmlattr}">{name|html}</a> <span>{count} item{count|pluralize}</span>{.if tags} <em>{tags|count} tags</em>{.end}</li>{.end}
</ul>`,
  json: {
    rows: Array.from({ length: 50 }, (_, i) => ({
      name: `Row <${i}> & co`,
      url: `/rows/${i}?a=1&b="2"`,
      count: i % 4,
      tags: i % 3 ? ['a', 'b'] : [],
    })),
  },
};

export const money50: Scenario = {
  name: '50 money calls',
  whyDifferent:
    'the reference prints nothing for bookkeeper-money-format without CLDR locale data; ours formats with Intl',
  template: '{.repeated section amounts}{@|bookkeeper-money-format} {.end}',
  json: { amounts: Array.from({ length: 50 }, (_, i) => i * 1234 + 99) },
};

export const loop1000: Scenario = {
  name: '1,000-item loop',
  template:
    '{.repeated section items}<li>{title|html} {price}{.section tag} #{@}{.end}</li>{.alternates with}\n{.end}',
  json: {
    items: Array.from({ length: 1000 }, (_, i) => ({
      title: `Item ${i} & more`,
      price: i * 3,
      tag: i % 2 ? 'x' : '',
    })),
  },
};

export const scenarios: Scenario[] = [productPage, list50, money50, loop1000];
