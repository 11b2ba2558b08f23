import {
  addButtonText,
  CART_URL,
  cartQuantity,
  DEFAULT_TEXTS,
  QUANTITY_DEFAULT,
  QUANTITY_MAX,
  QUANTITY_MIN,
  QUANTITY_STEP,
  showQuantityInput,
} from '@storefront/commerce';
import type { Formatter, RenderContext } from '../../plugin.js';
import { isTruthy } from '../../values.js';
import { mapValue } from '../core/mapvalue.js';
import { arrayOr, attr, attrJson, html, localized, objectOr, productOf, text } from './model.js';
import { variantsSelect } from './variants.js';

/** Translation keys of the default button texts (a custom text is the merchant's own). */
const LABEL_KEYS: Record<string, string> = {
  [DEFAULT_TEXTS.addToCart]: 'productAddToCartText',
  [DEFAULT_TEXTS.subscribe]: 'productSubscribeText',
};

/** The add-to-cart button (arguments in mapValue's order: the function is the formatter's). */
const addToCartButton = (item: unknown, _args: readonly string[], ctx: RenderContext): string => {
  const node = objectOr(item);
  const { product, content } = productOf(item);
  const base = addButtonText(product);
  const key = LABEL_KEYS[base];
  const label = (key && localized(ctx, key)) || base;
  const form = content.additionalFieldsForm;
  const useForm = isTruthy(content.additionalFieldsFormId) && isTruthy(form);
  const subscribable = isTruthy(content.isSubscribable);
  const options = arrayOr(content.productSubscriptionOptions);
  const optionId =
    subscribable && options.length > 0
      ? `data-subscription-option-id="${attr(objectOr(options[0]).id)}"`
      : '';
  return (
    '<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button">\n' +
    `  <div class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary ${useForm ? 'use-form' : ''}"` +
    ` role="button" tabindex="0" data-dynamic-strings data-collection-id="${attr(node.collectionId)}"` +
    ` data-item-id="${attr(node.id)}" data-product-type="${attr(content.productType)}"` +
    ` data-use-custom-label="${attr(content.useCustomAddButtonText)}" ` +
    (subscribable ? `data-is-subscription="${attr(content.isSubscribable)}" ` : '') +
    `data-original-label="${attr(label)}" ` +
    (useForm ? `data-form="${attrJson(form)}"` : '') +
    `${optionId}>\n` +
    `    <div class="sqs-add-to-cart-button-inner">${html(label)}</div>\n  </div>\n</div>`
  );
};

/** Spec §5 quantity input: number, min 1, max 9999, step 1, default 1; '' when not shown. */
const quantityInput = (item: unknown, _args: readonly string[], ctx: RenderContext): string => {
  const { product } = productOf(item);
  // Page JSON carries store settings under websiteSettings; bare `storeSettings` is also read.
  const allowed =
    ctx.resolve('websiteSettings.storeSettings.multipleQuantityAllowedForServices') ??
    ctx.resolve('storeSettings.multipleQuantityAllowedForServices');
  const settings = { multipleQuantityAllowedForServices: typeof allowed === 'boolean' ? allowed : undefined };
  if (!showQuantityInput(product, settings)) return '';
  const label = html(localized(ctx, 'productQuantityInputLabel') ?? DEFAULT_TEXTS.quantity);
  return (
    `<div class="product-quantity-input" data-item-id="${attr(objectOr(item).id)}" data-animation-role="content">\n` +
    `  <div class="quantity-label">${label}:</div>\n` +
    `  <input aria-label="${label}" size="4" max="${QUANTITY_MAX}" min="${QUANTITY_MIN}" value="${QUANTITY_DEFAULT}"` +
    ` type="number" step="${QUANTITY_STEP}"></input>\n</div>`
  );
};

/** The blank lines the themes' checkout block keeps between its selectors and its button. */
const CHECKOUT_GAP = '\n'.repeat(13);

/** `cart-subtotal` is retired: themes that still call it get this notice instead of an amount. */
export const CART_SUBTOTAL_NOTICE = 'deprecated, do not use';

/** The add-to-cart, checkout and cart formatters by name. */
export const buttonFormatters: Record<string, Formatter> = {
  'add-to-cart-btn': mapValue(addToCartButton),

  /** The total quantity of the cart's entries. */
  'cart-quantity': mapValue((cart) => {
    const entries = arrayOr(objectOr(cart).entries).map((e) => ({ quantity: Number(objectOr(e).quantity) }));
    return `<span class="sqs-cart-quantity">${cartQuantity(entries)}</span>`;
  }),

  'cart-subtotal': mapValue(() => CART_SUBTOTAL_NOTICE),
  'cart-url': mapValue(() => CART_URL),

  /** Variant selectors, quantity input and add-to-cart button together. */
  'product-checkout': mapValue((item, args, ctx) => {
    const parts = [variantsSelect(item, args, ctx), quantityInput(item, args, ctx)].filter((p) => p !== '');
    return parts.map((p) => `${p}\n`).join('') + CHECKOUT_GAP + addToCartButton(item, args, ctx);
  }),

  /** `product-quick-view [group]`: the quick-view button; the group argument is a path or literal text. */
  'product-quick-view': mapValue((item, args, ctx) => {
    const arg = args[0];
    const resolved = arg === undefined ? '' : ctx.resolve(arg);
    const group = arg === undefined ? '' : resolved === undefined ? arg : text(resolved);
    const label = localized(ctx, 'productQuickViewText') ?? DEFAULT_TEXTS.quickView;
    return (
      `<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="${attr(objectOr(item).id)}"` +
      ` data-group="${group && attr(group)}">${html(label)}</span>`
    );
  }),

  'quantity-input': mapValue(quantityInput),
};
