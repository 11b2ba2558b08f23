import { ProductType, selectableOptions, type VariantOption } from '@storefront/commerce';
import type { Formatter, RenderContext } from '../../plugin.js';
import { isTruthy } from '../../values.js';
import { mapValue } from '../core/mapvalue.js';
import { escapeAttr, escapeHtml } from '../core/text.js';
import { arrayOr, attr, attrJson, localized, objectOr, productOf, text } from './model.js';

/** The select's first entry and label when the site has no translation for it. */
export const DEFAULT_VARIANT_SELECT_TEXT = 'Select {variantName}';

/**
 * The themes' select label keeps '&' as typed; quotes and angle brackets are still escaped so
 * the value cannot leave its attribute ('&amp;' in the escaped text only ever stands for '&').
 */
const ariaLabel = (s: string): string => escapeAttr(s).replaceAll('&amp;', '&');

function optionBlock(option: VariantOption, title: string, selectText: string): string {
  const name = escapeAttr(option.name);
  const select = selectText.replace('{variantName}', option.name);
  let choices = '';
  let radios = '';
  for (const v of option.values) {
    const value = escapeAttr(v);
    // Text with nothing to escape in an attribute has nothing to escape in HTML either.
    const label = value === v ? v : escapeHtml(v);
    const id = `variant-option-${name}-${value}`;
    choices += `<option value="${value}">${label}</option>`;
    radios +=
      `      <input type="radio" class="variant-radiobtn" value="${value}" name="variant-option-${name}" id="${id}"/>\n` +
      `      <label class="sqs-button-element--secondary" role="button" tabindex="0" for="${id}">${label}</label>\n`;
  }
  return (
    '    <div class="variant-option">\n' +
    `    <div class="variant-option-title">${escapeHtml(title)}: </div>\n` +
    '    <div class="variant-select-wrapper">\n' +
    `      <select aria-label="${ariaLabel(select)}" data-variant-option-name="${name}">\n` +
    `        <option value="">${escapeHtml(select)}</option>\n` +
    `        ${choices}\n` +
    '      </select>\n    </div>\n' +
    `    <div class="variant-radiobtn-wrapper" data-variant-option-name="${name}">\n${radios}    </div>\n    </div>\n`
  );
}

/**
 * The variant selectors (dropdown and radio buttons per option); '' without a choice to make.
 * Arguments in mapValue's order, so the function serves as the formatter's.
 */
export const variantsSelect = (item: unknown, _args: readonly string[], ctx: RenderContext): string => {
  const { product, content } = productOf(item);
  const options = selectableOptions(product);
  if (options.length === 0) return '';
  const giftCard = product.productType === ProductType.GIFT_CARD;
  const selectText =
    (giftCard && localized(ctx, 'giftCardVariantSelectText')) ||
    localized(ctx, 'productVariantSelectText') ||
    DEFAULT_VARIANT_SELECT_TEXT;
  const valueTitle = giftCard && localized(ctx, 'giftCardValueDisplayText');
  const subscription = isTruthy(content.isSubscribable)
    ? ` data-is-subscribable="${attr(content.isSubscribable)}" data-subscription-plan="${attrJson(content.subscriptionPlan ?? null)}"`
    : '';
  let out =
    `<div class="product-variants" data-item-id="${attr(objectOr(item).id)}"` +
    ` data-variants="${attrJson(arrayOr(content.variants))}"${subscription} data-animation-role="content">\n`;
  for (const o of options) out += optionBlock(o, valueTitle || o.name, selectText);
  return `${out}  </div>`;
};

/** The variant formatters by name. */
export const variantFormatters: Record<string, Formatter> = {
  /** A variant's option values, e.g. 'blue / large / normal'. */
  'variant-descriptor': mapValue((variant) =>
    arrayOr(objectOr(variant).optionValues)
      .map((o) => text(objectOr(o).value))
      .join(' / '),
  ),

  'variants-select': mapValue(variantsSelect),
};
