import type { CommerceProduct } from '@storefront/commerce';
import { hasVariants, hasVariedPrices, isOnSale, isSoldOut } from '@storefront/commerce';
import type { Predicate } from '../../plugin.js';
import { productOf } from './model.js';

/** A predicate over the current node as a product. */
const productPredicate = (rule: (p: CommerceProduct) => boolean): Predicate => ({
  test: (ctx) => rule(productOf(ctx.node).product),
});

export const commercePredicates: Record<string, Predicate> = {
  'has-variants?': productPredicate(hasVariants),
  'on-sale?': productPredicate(isOnSale),
  'sold-out?': productPredicate(isSoldOut),
  'varied-prices?': productPredicate(hasVariedPrices),
};
