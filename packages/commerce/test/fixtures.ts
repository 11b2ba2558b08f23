import { type CommerceProduct, type CommerceVariant, ProductType } from '../src/index.js';

export function variant(over: Partial<CommerceVariant> = {}): CommerceVariant {
  return {
    sku: 'SKU',
    attributes: {},
    priceCents: 2500,
    salePriceCents: 2000,
    onSale: false,
    qtyInStock: 5,
    unlimited: false,
    ...over,
  };
}

export function product(over: Partial<CommerceProduct> = {}): CommerceProduct {
  return { id: 'p1', name: 'Mug', productType: ProductType.PHYSICAL, variants: [variant()], ...over };
}

export const shirt = product({
  name: 'Shirt',
  variantOptionOrdering: ['Size', 'Color'],
  variants: [
    variant({ sku: 'S-RED', attributes: { Color: 'Red', Size: 'S' }, qtyInStock: 3 }),
    variant({ sku: 'M-RED', attributes: { Color: 'Red', Size: 'M' }, qtyInStock: 0 }),
    variant({ sku: 'S-BLUE', attributes: { Color: 'Blue', Size: 'S' }, qtyInStock: 2, priceCents: 3000 }),
  ],
});
