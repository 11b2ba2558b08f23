import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeShared } from '../../../../test-support/shared.js';
import { compile } from '../../src/index.js';
import { FIXTURE_ROOT } from '../fixtures.js';

/** Renders `{path|formatter}` (or any template) over `json`. */
function render(template: string, json: unknown, options: { locale?: string } = {}): string {
  const t = compile(template);
  expect(t.errors).toEqual([]);
  const r = t.render(json, options);
  expect(r.errors).toEqual([]);
  return r.output;
}

/** The reference suite's shared inputs: `:name` headers, each followed by one JSON value. */
function sharedInputs(file: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const text = readFileSync(`${FIXTURE_ROOT}plugins/${file}`, 'utf8');
  for (const part of text.split(/^:/m).filter((p) => p.trim() !== '')) {
    const newline = part.indexOf('\n');
    out[part.slice(0, newline).trim()] = JSON.parse(part.slice(newline + 1));
  }
  return out;
}

const product = (structuredContent: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  item: { id: 'p1', collectionId: 'c1', structuredContent },
  ...extra,
});
const money = (value: string, currency = 'USD') => ({ value, currency });

describeShared('shared inputs of the reference suite', () => {
  it('has-variants?: true only with more than one variant', () => {
    for (const [name, json] of Object.entries(sharedInputs('has-variants.json'))) {
      expect(render('{.has-variants?}yes{.or}no{.end}', json), name).toBe(
        name.endsWith('true') ? 'yes' : 'no',
      );
    }
  });

  it('varied-prices?: compares what each variant costs now (sale price when on sale)', () => {
    for (const [name, json] of Object.entries(sharedInputs('has-varied-prices.json'))) {
      expect(render('{.varied-prices?}yes{.or}no{.end}', json), name).toBe(
        name.endsWith('true') ? 'yes' : 'no',
      );
    }
  });

  it('variant options follow variantOptionOrdering and need more than one variant', () => {
    const inputs = sharedInputs('get-item-variant-options.json');
    for (const name of Object.keys(inputs).filter((n) => !n.endsWith('-expected'))) {
      const html = render('{@|variants-select}', inputs[name]);
      const rendered = [
        ...html.matchAll(/<select aria-label="Select ([^"]*)"[^>]*>([\s\S]*?)<\/select>/g),
      ].map((m) => ({
        name: m[1],
        values: [...m[2].matchAll(/<option value="([^"]+)">/g)].map((v) => v[1]),
      }));
      expect(rendered, name).toEqual(inputs[`${name}-expected`]);
    }
  });

  it('total stock decides the quantity input (physical and service only, more than 1 in stock)', () => {
    const inputs = sharedInputs('get-total-stock-remaining.json');
    const shown = (name: string) => render('{@|quantity-input}', inputs[name]) !== '';
    expect(shown('getTotalStock-unlimited-physical')).toBe(true);
    expect(shown('getTotalStock-six-service')).toBe(true);
    // Digital stock is unlimited, but the input is only for physical products and services.
    expect(shown('getTotalStock-digital')).toBe(false);
    expect(shown('getTotalStock-0-physical')).toBe(false);
    expect(shown('getTotalStock-0-physical-2')).toBe(false);
    expect(shown('getTotalStock-unknown')).toBe(false);
  });

  it('services get the quantity input unless multipleQuantityAllowedForServices is false (default true)', () => {
    const service = { structuredContent: { productType: 3, variants: [{ qtyInStock: 5 }] } };
    for (const [name, settings] of Object.entries(
      sharedInputs('is-multi-quantity-allowed-for-services.json'),
    )) {
      const out = render('{item|quantity-input}', { ...(settings as object), item: service });
      expect(out !== '', name).toBe(name.endsWith('true'));
      const page = render('{item|quantity-input}', { websiteSettings: settings, item: service });
      expect(page !== '', `${name} under websiteSettings`).toBe(name.endsWith('true'));
    }
  });
});

describe('product-price', () => {
  it('reads a spec Money by its decimalValue, its value being minor units', () => {
    const json = {
      structuredContent: {
        productType: 2,
        priceMoney: { value: '1650', currency: 'USD', decimalValue: '16.50', currencyCode: 'USD' },
      },
      featureFlags: { useCLDRMoneyFormat: true },
    };
    expect(render('{@|product-price}', json)).toBe('<div class="product-price">\n$16.50\n</div>');
    expect(render('{structuredContent.priceMoney|money}', json)).toBe(
      render('{p|money}', { p: money('16.50') }),
    );
  });

  it('formats with the locale when useCLDRMoneyFormat is on, with the currency precision (JPY 0)', () => {
    const json = {
      structuredContent: { productType: 2, priceMoney: money('2500', 'JPY') },
      featureFlags: { useCLDRMoneyFormat: true },
    };
    expect(render('{@|product-price}', json)).toBe('<div class="product-price">\n¥2,500\n</div>');
    expect(render('{@|product-price}', { ...json, featureFlags: {} })).toBe(
      '<div class="product-price">\n<span class="sqs-money-native">2,500</span>\n</div>',
    );
  });

  it('groups large legacy amounts and keeps exact cents', () => {
    const json = { structuredContent: { productType: 1, variants: [{ priceMoney: money('1234567.89') }] } };
    expect(render('{@|product-price}', json)).toContain('<span class="sqs-money-native">1,234,567.89</span>');
  });

  it('reads legacy integer cents when a variant has no priceMoney', () => {
    const json = { structuredContent: { productType: 1, variants: [{ price: 1999 }] } };
    expect(render('{@|product-price}', json)).toContain('>19.99<');
  });

  it('uses the translated from text and sale labels, escaped', () => {
    const json = {
      structuredContent: {
        productType: 1,
        variants: [{ priceMoney: money('1') }, { priceMoney: money('2') }],
      },
      localizedStrings: { productPriceFromText: 'dès {fromPrice} <b>' },
    };
    expect(render('{@|product-price}', json)).toBe(
      '<div class="product-price">\ndès <span class="sqs-money-native">1.00</span> &lt;b&gt;\n\n</div>',
    );
    const sale = {
      structuredContent: {
        productType: 1,
        variants: [{ onSale: true, priceMoney: money('2'), salePriceMoney: money('1') }],
      },
      localizedStrings: { salePriceText: 'Soldes :', originalPriceText: 'Prix initial :' },
    };
    const out = render('{@|product-price}', sale);
    expect(out).toContain('v6-visually-hidden">Soldes :</span><span class="sqs-money-native">1.00</span>');
    expect(out).toContain('v6-visually-hidden">Prix initial :</span><span class="original-price">');
  });

  it('shows the default from text for gift cards, which are never on sale', () => {
    const json = {
      structuredContent: {
        productType: 4,
        variants: [
          { priceMoney: money('25'), onSale: true, salePriceMoney: money('5') },
          { priceMoney: money('50') },
        ],
      },
    };
    expect(render('{@|product-price}', json)).toBe(
      '<div class="product-price">\nfrom <span class="sqs-money-native">5.00</span>\n\n</div>',
    );
    expect(render('{.on-sale?}sale{.or}none{.end}', json)).toBe('none');
  });

  it("says 'Unavailable' for a subscribable product without a plan", () => {
    const json = {
      structuredContent: { productType: 1, isSubscribable: true, variants: [{ priceMoney: money('1') }] },
    };
    expect(render('{@|product-price}', json)).toBe('<div class="product-price">\nUnavailable\n\n</div>');
  });

  it('words a yearly finite plan in years', () => {
    const json = {
      structuredContent: {
        productType: 1,
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { unit: 'YEAR', value: 1 }, numBillingCycles: 2 },
        variants: [{ priceMoney: money('10') }],
      },
    };
    expect(render('{@|product-price}', json)).toContain('10.00</span> every year for 2 years');
  });
});

describe('from-price / normal-price / sale-price', () => {
  it('print minor units of the product currency', () => {
    const json = {
      structuredContent: {
        productType: 2,
        priceMoney: money('700', 'JPY'),
        onSale: true,
        salePriceMoney: money('500', 'JPY'),
      },
    };
    expect(render('{@|from-price} {@|normal-price} {@|sale-price}', json)).toBe('500 700 500');
  });

  it('treat a malformed amount as 0', () => {
    const json = { structuredContent: { productType: 1, variants: [{ priceMoney: money('abc') }] } };
    expect(render('{@|from-price}', json)).toBe('0');
  });
});

describe('product-status', () => {
  it('sold out takes precedence over sale', () => {
    const json = { structuredContent: { productType: 1, variants: [{ onSale: true, qtyInStock: 0 }] } };
    expect(render('{@|product-status}', json)).toBe('<div class="product-mark sold-out">sold out</div>');
  });

  it('uses the translated marks', () => {
    const soldOut = {
      structuredContent: { productType: 3, variants: [] },
      localizedStrings: { productSoldOutText: 'épuisé' },
    };
    expect(render('{@|product-status}', soldOut)).toBe('<div class="product-mark sold-out">épuisé</div>');
    const sale = {
      structuredContent: { productType: 2, onSale: true },
      localizedStrings: { productSaleText: 'soldes' },
    };
    expect(render('{@|product-status}', sale)).toBe('<div class="product-mark sale">soldes</div>');
  });

  it('never marks gift cards; a type outside the spec gets the stock rule, as in the reference', () => {
    expect(
      render('{@|product-status}', { structuredContent: { productType: 4, variants: [{ onSale: true }] } }),
    ).toBe('');
    expect(
      render('{@|product-status}', { structuredContent: { productType: -1, variants: [{ qtyInStock: 2 }] } }),
    ).toBe('');
  });
});

describe('add-to-cart-btn', () => {
  it("says 'Subscribe' for subscribable products and prefers the custom text", () => {
    expect(render('{item|add-to-cart-btn}', product({ productType: 1, isSubscribable: true }))).toContain(
      '<div class="sqs-add-to-cart-button-inner">Subscribe</div>',
    );
    const custom = product({
      productType: 1,
      isSubscribable: true,
      useCustomAddButtonText: true,
      customAddButtonText: 'Join "now"',
    });
    const out = render('{item|add-to-cart-btn}', custom);
    expect(out).toContain('data-original-label="Join &quot;now&quot;"');
    expect(out).toContain('>Join "now"</div>');
  });

  it('uses the custom text only when enabled', () => {
    const out = render('{item|add-to-cart-btn}', product({ productType: 1, customAddButtonText: 'Grab it' }));
    expect(out).toContain('>Add To Cart</div>');
  });
});

describe('quantity-input', () => {
  it('uses the spec bounds and the translated label', () => {
    const json = product(
      { productType: 1, variants: [{ qtyInStock: 2 }] },
      { localizedStrings: { productQuantityInputLabel: 'Qté' } },
    );
    expect(render('{item|quantity-input}', json)).toBe(
      '<div class="product-quantity-input" data-item-id="p1" data-animation-role="content">\n' +
        '  <div class="quantity-label">Qté:</div>\n' +
        '  <input aria-label="Qté" size="4" max="9999" min="1" value="1" type="number" step="1"></input>\n</div>',
    );
  });

  it('is not shown for one item in stock, gift cards or subscribable products', () => {
    expect(render('{item|quantity-input}', product({ productType: 1, variants: [{ qtyInStock: 1 }] }))).toBe(
      '',
    );
    expect(
      render('{item|quantity-input}', product({ productType: 4, variants: [{ unlimited: true }] })),
    ).toBe('');
    expect(
      render(
        '{item|quantity-input}',
        product({ productType: 3, isSubscribable: 'true', variants: [{ qtyInStock: 9 }] }),
      ),
    ).toBe('');
  });
});

describe('product-checkout', () => {
  it('puts the quantity input between the selectors and the button', () => {
    const json = product({
      productType: 1,
      variants: [
        { attributes: { Size: 'S' }, qtyInStock: 2 },
        { attributes: { Size: 'M' }, qtyInStock: 2 },
      ],
    });
    const out = render('{item|product-checkout}', json);
    const variants = out.indexOf('class="product-variants"');
    const quantity = out.indexOf('class="product-quantity-input"');
    const button = out.indexOf('class="sqs-add-to-cart-button-wrapper"');
    expect(out.startsWith('<div class="product-variants"')).toBe(true);
    expect(quantity).toBeGreaterThan(variants);
    expect(button).toBeGreaterThan(quantity);
  });
});

describe('variants-select', () => {
  it('escapes option names and values so they cannot leave their attributes', () => {
    const json = product({
      productType: 1,
      variants: [{ attributes: { 'Size"x': '<S>' } }, { attributes: { 'Size"x': 'M' } }],
    });
    const out = render('{item|variants-select}', json);
    expect(out).toContain('<select aria-label="Select Size&quot;x" data-variant-option-name="Size&quot;x">');
    expect(out).toContain('<option value="&lt;S&gt;">&lt;S&gt;</option>');
    expect(out).not.toMatch(/<S>/);
  });

  it('uses the gift-card texts only for gift cards', () => {
    const strings = { giftCardValueDisplayText: 'Amount', giftCardVariantSelectText: 'Pick an amount' };
    const variants = [{ attributes: { Value: '25' } }, { attributes: { Value: '50' } }];
    const gift = render(
      '{item|variants-select}',
      product({ productType: 4, variants }, { localizedStrings: strings }),
    );
    expect(gift).toContain('<div class="variant-option-title">Amount: </div>');
    expect(gift).toContain('<option value="">Pick an amount</option>');
  });
});

describe('product-quick-view', () => {
  it('uses the translated text and escapes the group', () => {
    const json = { item: { id: 'p"1' }, g: '<x>', localizedStrings: { productQuickViewText: 'Aperçu' } };
    expect(render('{item|product-quick-view g}', json)).toBe(
      '<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="p&quot;1" data-group="&lt;x&gt;">Aperçu</span>',
    );
  });
});

describe('product-restock-notification and product-scarcity', () => {
  it('render nothing without merchandising settings', () => {
    expect(render('{item|product-restock-notification}', product({}))).toBe('');
    expect(render('{item|product-scarcity}', product({}))).toBe('');
  });

  it('escape the merchant texts', () => {
    const json = product(
      {},
      {
        productMerchandisingContext: {
          p1: {
            restockNotificationMessages: {
              CTAText: '<b>Back</b>',
              placeholderText: '"mail"',
              buttonText: 'Go',
            },
            restockNotificationViews: [{ variantId: 'v1' }],
          },
        },
      },
    );
    const out = render('{item|product-restock-notification}', json);
    expect(out).toContain('<span class="product-restock-cta">&lt;b&gt;Back&lt;/b&gt;</span>');
    expect(out).toContain('placeholder="&quot;mail&quot;"');
    expect(out).not.toContain('hidden');
  });
});

describe('summary-form-field', () => {
  it("reads 'N/A' (or the translation) for no answer and likert answers outside -2..2", () => {
    const likert = { field: { type: 'likert', rawTitle: 'Q', values: { A: '-2', B: '7' } } };
    const out = render('{field|summary-form-field}', likert);
    expect(out).toContain('<div><span style="font-weight:bold;">A:</span> Strongly Disagree</div>');
    expect(out).toContain('<div><span style="font-weight:bold;">B:</span> N/A</div>');
    const none = {
      field: { type: 'text', rawTitle: 'T' },
      localizedStrings: { productSummaryFormNoAnswerText: ' s.o. ' },
    };
    expect(render('{field|summary-form-field}', none)).toContain('T:</span> s.o.\n</div>');
  });

  it('escapes titles and answers', () => {
    const json = { field: { type: 'text', rawTitle: '<T>', value: 'a & b' } };
    expect(render('{field|summary-form-field}', json)).toContain('&lt;T&gt;:</span> a &amp; b');
  });
});

describe('cart formatters', () => {
  it('cart-quantity ignores entries without a whole quantity', () => {
    const json = { entries: [{ quantity: 2 }, { quantity: 'x' }, {}, { quantity: 1 }] };
    expect(render('{@|cart-quantity}', json)).toBe('<span class="sqs-cart-quantity">3</span>');
  });

  it("cart-url is always '/cart'", () => {
    expect(render('{@|cart-url}', { url: '/elsewhere' })).toBe('/cart');
  });
});

describe('variant-descriptor', () => {
  it('joins the option values', () => {
    expect(render('{@|variant-descriptor}', { optionValues: [{ value: 'S' }, { value: 'Red' }] })).toBe(
      'S / Red',
    );
  });
});
