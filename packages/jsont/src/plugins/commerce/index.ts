import type { Plugin } from '../../plugin.js';
import {
  addToCartButtonFormatter,
  cartQuantityFormatter,
  cartSubtotalFormatter,
  cartUrlFormatter,
  productCheckoutFormatter,
  productQuickViewFormatter,
  quantityInputFormatter,
} from './buttons.js';
import { summaryFormFieldFormatter } from './forms.js';
import {
  productRestockNotificationFormatter,
  productScarcityFormatter,
  productStatusFormatter,
} from './merchandising.js';
import { commercePredicates } from './predicates.js';
import {
  fromPriceFormatter,
  normalPriceFormatter,
  productPriceFormatter,
  salePriceFormatter,
  subscriptionPriceFormatter,
} from './price.js';
import { variantDescriptorFormatter, variantsSelectFormatter } from './variants.js';

/**
 * Commerce formatters and predicates: they adapt the template JSON to the @storefront/commerce
 * model (see model.ts) and render the markup themes expect; the rules themselves live there.
 */
export const commercePlugin: Plugin = {
  name: 'commerce',
  formatters: {
    'add-to-cart-btn': addToCartButtonFormatter,
    'cart-quantity': cartQuantityFormatter,
    'cart-subtotal': cartSubtotalFormatter,
    'cart-url': cartUrlFormatter,
    'from-price': fromPriceFormatter,
    'normal-price': normalPriceFormatter,
    'product-checkout': productCheckoutFormatter,
    'product-price': productPriceFormatter,
    'product-quick-view': productQuickViewFormatter,
    'product-restock-notification': productRestockNotificationFormatter,
    'product-scarcity': productScarcityFormatter,
    'product-status': productStatusFormatter,
    'quantity-input': quantityInputFormatter,
    'sale-price': salePriceFormatter,
    'subscription-price': subscriptionPriceFormatter,
    'summary-form-field': summaryFormFieldFormatter,
    'variant-descriptor': variantDescriptorFormatter,
    'variants-select': variantsSelectFormatter,
  },
  predicates: commercePredicates,
};
