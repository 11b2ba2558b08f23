import {
  type CommerceProduct,
  hasUnlimitedStockByType,
  type VariantSelection,
  variantInStock,
} from '@storefront/commerce';

/**
 * Whether choosing `value` for `optionName`, with the shopper's other choices kept, can still
 * lead to a variant in stock (options not chosen yet may take any value). Only marks a choice;
 * the add-to-cart checks stay the authority.
 */
export function canLeadToStock(
  product: CommerceProduct,
  selection: VariantSelection,
  optionName: string,
  value: string,
): boolean {
  const chosen = Object.entries({ ...selection, [optionName]: value }).filter(([, v]) => v);
  return product.variants.some(
    (variant) =>
      chosen.every(([name, v]) => variant.attributes[name] === v) &&
      (hasUnlimitedStockByType(product) || variantInStock(variant)),
  );
}
