/** Price-block and selector display rules built on the product rules (spec §2 rendered fragments, §4). */
import {
  type CommerceProduct,
  type CommerceVariant,
  fromPrice,
  hasUnlimitedStockByType,
  hasVariedPrices,
  isOnSale,
  type VariantOption,
  type VariantSelection,
  variantInStock,
  variantOptions,
} from './product.js';
import { DEFAULT_TEXTS } from './ui.js';

/** Highest regular (not sale) price across variants, or null without variants. */
export function normalPrice(product: CommerceProduct): number | null {
  if (product.variants.length === 0) return null;
  return Math.max(...product.variants.map((v) => v.priceCents));
}

/**
 * The variants whose sale price applies: those flagged on sale, or every variant when only the
 * product's own flag says so (digital products); none when the product is not on sale.
 */
function saleVariants(product: CommerceProduct): CommerceVariant[] {
  if (!isOnSale(product)) return [];
  const flagged = product.variants.filter((v) => v.onSale);
  return flagged.length > 0 ? flagged : product.variants;
}

/** Lowest sale price among the variants on sale, or null when none is (gift cards never are). */
export function salePrice(product: CommerceProduct): number | null {
  const onSale = saleVariants(product);
  return onSale.length === 0 ? null : Math.min(...onSale.map((v) => v.salePriceCents));
}

/** A product has variants to choose between only when it has more than one. */
export function hasVariants(product: CommerceProduct): boolean {
  return product.variants.length > 1;
}

/** The options a shopper picks from: none unless the product has variants to choose between. */
export function selectableOptions(product: CommerceProduct): VariantOption[] {
  return hasVariants(product) ? variantOptions(product) : [];
}

/**
 * What a price block shows: 'from' the lowest price when variants cost different amounts; the
 * sale and original price of the first variant on sale when on sale; else the one price.
 * Null without variants.
 */
export type PriceDisplay =
  | { kind: 'from'; amount: number }
  | { kind: 'sale'; sale: number; original: number }
  | { kind: 'single'; amount: number };

export function priceDisplay(product: CommerceProduct): PriceDisplay | null {
  const from = fromPrice(product);
  if (from === null) return null;
  if (hasVariedPrices(product)) return { kind: 'from', amount: from };
  const sale = saleVariants(product)[0];
  if (sale) return { kind: 'sale', sale: sale.salePriceCents, original: sale.priceCents };
  // Every variant costs the same: the lowest price is the one price.
  return { kind: 'single', amount: from };
}

/** Total quantity of the cart's entries (negative or non-integer quantities count as 0). */
export function cartQuantity(entries: readonly { quantity: number }[]): number {
  return entries.reduce(
    (sum, e) => sum + (Number.isSafeInteger(e.quantity) && e.quantity > 0 ? e.quantity : 0),
    0,
  );
}

/**
 * What choosing `value` for `optionName` leads to, the shopper's other choices kept (options not
 * chosen yet may take any value): 'unavailable' when no variant has that combination,
 * 'sold-out' when every such variant is out of stock. Marks a choice only; the add-to-cart checks
 * stay the authority.
 */
export type ChoiceAvailability = 'available' | 'sold-out' | 'unavailable';

export function choiceAvailability(
  product: CommerceProduct,
  selection: VariantSelection,
  optionName: string,
  value: string,
): ChoiceAvailability {
  const chosen = Object.entries({ ...selection, [optionName]: value }).filter(([, v]) => v);
  const matching = product.variants.filter((variant) =>
    chosen.every(([name, v]) => variant.attributes[name] === v),
  );
  if (matching.length === 0) return 'unavailable';
  return hasUnlimitedStockByType(product) || matching.some((v) => variantInStock(v))
    ? 'available'
    : 'sold-out';
}

/**
 * Said after a choice that leads to no variant in stock: spec §9's fallback text "sold out", or
 * 'unavailable' when no variant has that combination; nothing for an available choice.
 */
export function choiceMark(availability: ChoiceAvailability): string {
  if (availability === 'sold-out') return ` (${DEFAULT_TEXTS.soldOut})`;
  return availability === 'unavailable' ? ' (unavailable)' : '';
}

/** The chosen variant is out of stock: the button says 'Sold Out' before any add (spec §4). */
export function variantSoldOut(product: CommerceProduct, variant: CommerceVariant | null): boolean {
  return variant !== null && !hasUnlimitedStockByType(product) && !variantInStock(variant);
}
