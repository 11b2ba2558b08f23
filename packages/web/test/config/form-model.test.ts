import { describe, expect, it } from 'vitest';
import { fromProduct, toPayload } from '../../src/config/routes/catalog/product-editor/form-model';

const shirt = {
  collectionId: 'shop',
  urlSlug: 'shirt',
  name: 'Shirt',
  productType: 1 as const,
  description: '',
  images: [{ assetUrl: '/img/sage.svg' }, { assetUrl: '/img/oat.svg' }],
  categories: ['Apparel', 'Linen'],
  tags: ['gift idea'],
  variantOptionOrdering: ['Color'],
  variants: [
    { sku: 'SAGE', attributes: { Color: 'Sage' }, priceCents: 5000, qtyInStock: 2, image: '/img/sage.svg' },
    { sku: 'OAT', attributes: { Color: 'Oat' }, priceCents: 5000, qtyInStock: 2, image: '/img/oat.svg' },
  ],
};

describe('the product editor’s categories, tags and variant images', () => {
  it('edits categories and tags as comma-separated text and saves them back as lists', () => {
    const { values, kept } = fromProduct(shirt, new Map(), 'USD');
    expect([values.categories, values.tags]).toEqual(['Apparel, Linen', 'gift idea']);
    const payload = toPayload({ ...values, categories: ' Kitchen ,, Gifts, ', tags: '' }, kept);
    expect([payload.categories, payload.tags]).toEqual([['Kitchen', 'Gifts'], []]);
  });

  it('keeps each variant’s image while the product still has it, and drops it with the image', () => {
    const { values, kept } = fromProduct(shirt, new Map(), 'USD');
    expect(toPayload(values, kept).variants.map((v) => v.image)).toEqual(['/img/sage.svg', '/img/oat.svg']);
    const withoutOat = { ...values, images: values.images.slice(0, 1) };
    expect(toPayload(withoutOat, kept).variants.map((v) => v.image)).toEqual(['/img/sage.svg', undefined]);
  });
});
