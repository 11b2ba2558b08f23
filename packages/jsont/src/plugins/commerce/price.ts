import {
  type CommerceProduct,
  currencyFractionDigits,
  DEFAULT_TEXTS,
  formatDecimal,
  fromPrice,
  fromPriceText,
  normalPrice,
  priceDisplay,
  salePrice,
  shiftDecimal,
  subscriptionPriceText,
} from '@storefront/commerce';
import type { Formatter, RenderContext } from '../../plugin.js';
import { isTruthy } from '../../values.js';
import { mapValue } from '../core/mapvalue.js';
import { escapeHtml } from '../core/text.js';
import { numberFormat } from '../i18n/intl.js';
import { localized, objectOr, type ProductView, productOf, subscriptionProductOf } from './model.js';

/**
 * A price as markup: the plain amount in a `sqs-money-native` span (the default), or the
 * locale's currency format when the site turned on `featureFlags.useCLDRMoneyFormat`.
 */
export function formatPrice(ctx: RenderContext, minor: number, currency: string): string {
  const digits = currencyFractionDigits(currency);
  if (isTruthy(ctx.resolve('featureFlags.useCLDRMoneyFormat'))) {
    try {
      // As @storefront/commerce formatMoney, through the engine's shared Intl formatter cache.
      const f = numberFormat(ctx.locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
      return escapeHtml(f.format(shiftDecimal(minor, digits) as unknown as number));
    } catch {
      // An unsupported locale falls through to the plain amount.
    }
  }
  return `<span class="sqs-money-native">${formatDecimal(minor, digits)}</span>`;
}

/** The site's translations with their text escaped (placeholders such as {price} are untouched). */
function escapedStrings(ctx: RenderContext): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(objectOr(ctx.resolve('localizedStrings'))))
    if (typeof value === 'string') out[key] = escapeHtml(value);
  return out;
}

const label = (ctx: RenderContext, key: string, fallback: string): string =>
  escapeHtml(localized(ctx, key) ?? fallback);

const HIDDEN = '<span class="visually-hidden v6-visually-hidden">';

/**
 * The price block markup of a product. `wording` turns a formatted price into its line (the
 * subscription wording; by default the price itself).
 */
function priceBlock(
  ctx: RenderContext,
  cls: string,
  view: ProductView,
  wording: (price: string) => string = (p) => p,
): string {
  const display = priceDisplay(view.product);
  const open = `<div class="${cls}">\n`;
  const price = (minor: number) => wording(formatPrice(ctx, minor, view.currency));
  if (!display) return `${open}\n</div>`;
  if (display.kind === 'single') return `${open}${price(display.amount)}\n</div>`;
  if (display.kind === 'from') {
    const from = price(display.amount);
    const template = localized(ctx, 'productPriceFromText');
    const line = template ? escapeHtml(template).replace('{fromPrice}', from) : fromPriceText(from);
    return `${open}${line}\n\n</div>`;
  }
  return (
    `${open}${HIDDEN}${label(ctx, 'salePriceText', DEFAULT_TEXTS.salePrice)}</span>${price(display.sale)} ` +
    `${HIDDEN}${label(ctx, 'originalPriceText', DEFAULT_TEXTS.originalPrice)}</span>` +
    `<span class="original-price">${price(display.original)}</span>\n\n</div>`
  );
}

/** A price in minor units (0 when there is none), the way `from-price` and friends print it. */
const amountFormatter = (pick: (product: CommerceProduct) => number | null): Formatter =>
  mapValue((item) => pick(productOf(item).product) ?? 0);

/** The price formatters by name. */
export const priceFormatters: Record<string, Formatter> = {
  'from-price': amountFormatter(fromPrice),
  'normal-price': amountFormatter(normalPrice),

  /** The item's price block, with the subscription wording for subscribable items. */
  'product-price': mapValue((item, _args, ctx) => {
    const view = productOf(item);
    const { product } = view;
    if (!product.isSubscribable) return priceBlock(ctx, 'product-price', view);
    const localizedStrings = escapedStrings(ctx);
    const plan = product.subscriptionPlan;
    if (!plan)
      return `<div class="product-price">\n${subscriptionPriceText({ priceString: '', plan, localizedStrings })}\n\n</div>`;
    return priceBlock(ctx, 'product-price', view, (priceString) =>
      subscriptionPriceText({ priceString, plan, localizedStrings }),
    );
  }),

  'sale-price': amountFormatter(salePrice),

  /** The price block of the items' subscription pricing options. */
  'subscription-price': mapValue((item, _args, ctx) =>
    priceBlock(ctx, 'subscription-price', subscriptionProductOf(item)),
  ),
};
