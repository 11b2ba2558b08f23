import type { Plugin } from '../../plugin.js';
import { buttonFormatters } from './buttons.js';
import { formFormatters } from './forms.js';
import { merchandisingFormatters } from './merchandising.js';
import { commercePredicates } from './predicates.js';
import { priceFormatters } from './price.js';
import { variantFormatters } from './variants.js';

/**
 * Commerce formatters and predicates: they adapt the template JSON to the @storefront/commerce
 * model (see model.ts) and render the markup themes expect; the rules themselves live there.
 */
export const commercePlugin: Plugin = {
  name: 'commerce',
  formatters: {
    ...buttonFormatters,
    ...formFormatters,
    ...merchandisingFormatters,
    ...priceFormatters,
    ...variantFormatters,
  },
  predicates: commercePredicates,
};
