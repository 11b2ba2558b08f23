import { smallCatalog } from './app.js';

/** The small test store with New York and Ontario taxes, two shipping options and four coupons. */
export function pricedCatalog() {
  const base = smallCatalog();
  return {
    ...base,
    // A second digital product: a digital one is one licence an order, so a second line is another product.
    products: [
      ...base.products,
      {
        id: 'zine-2',
        collectionId: 'shop',
        urlSlug: 'zine-2',
        name: 'Zine, second issue',
        productType: 2,
        variants: [{ sku: 'ZINE-2', price: '12.00' }],
      },
    ],
    taxRules: [
      {
        id: 'ny',
        name: 'New York sales tax',
        country: 'US',
        region: 'NY',
        ratePercent: 8.875,
        appliesToShipping: true,
      },
      { id: 'or', name: 'Oregon', country: 'US', region: 'OR', ratePercent: 0 },
      { id: 'hst-on', name: 'HST', country: 'CA', region: 'ON', ratePercent: 13, appliesToShipping: true },
    ],
    shippingOptions: [
      { id: 'standard', name: 'Standard', costCents: 600, freeOverCents: 7500 },
      { id: 'express', name: 'Express', costCents: 1800 },
      { id: 'canada-post', name: 'Canada Post', costCents: 900, countries: ['CA'] },
    ],
    coupons: [
      { code: 'WELCOME10', type: 'percentage', percent: 10 },
      { code: 'FIVEOFF', type: 'fixed', amountCents: 500, minSubtotalCents: 2000 },
      { code: 'FREESHIP', type: 'free-shipping' },
      { code: 'SUMMER2024', type: 'percentage', percent: 20, validUntil: '2024-08-31T23:59:59Z' },
      { code: 'RETIRED', type: 'percentage', percent: 50, active: false },
    ],
  };
}
