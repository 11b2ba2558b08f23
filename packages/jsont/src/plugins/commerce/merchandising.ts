import { DEFAULT_TEXTS, productBadge, scarcityMessage } from '@storefront/commerce';
import type { Formatter } from '../../plugin.js';
import { isTruthy } from '../../values.js';
import { mapValue } from '../core/mapvalue.js';
import {
  arrayOr,
  attr,
  attrJson,
  html,
  isObject,
  localized,
  merchandising,
  objectOr,
  productOf,
  text,
} from './model.js';

/** The merchandising formatters by name. */
export const merchandisingFormatters: Record<string, Formatter> = {
  /**
   * One waitlist form per configured variant view. The forms differ only in their variant, so
   * the shared part is built once.
   */
  'product-restock-notification': mapValue((item, _args, ctx) => {
    const merch = merchandising(ctx, item);
    const messages = objectOr(merch.restockNotificationMessages);
    const mailingList = isTruthy(merch.mailingListSignUpEnabled)
      ? `  <label class="product-restock-mailing-list"><input type="checkbox" name="isJoinMailingList"${isTruthy(merch.mailingListOptInByDefault) ? ' checked' : ''}>${html(messages.mailingListDescription)}</label>`
      : '';
    const captcha = isTruthy(ctx.resolve('website.captchaSettings.siteKey'))
      ? '  <div class="captcha-container"></div>'
      : '';
    const head = `<div class="product-restock-notification" data-product-id="${attr(objectOr(item).id)}" data-variant-id="`;
    const form =
      `>\n  <span class="product-restock-cta">${html(messages.CTAText)}</span>\n` +
      '  <form class="product-restock-form" action="#">\n' +
      `    <input type="text" x-autocompletetype="email" spellcheck="false" name="email" placeholder="${attr(messages.placeholderText)}">\n` +
      `    <input class="sqs-editable-button" type="submit" value="${attr(messages.buttonText)}">\n` +
      `  </form>\n${mailingList}\n${captcha}\n</div>`;
    // Appended in a loop: joining an array would copy every form into one flat string.
    let out = '';
    for (const view of arrayOr(merch.restockNotificationViews)) {
      const v = objectOr(view);
      out += `${out && '\n\n'}${head}${attr(v.variantId)}"${isTruthy(v.hiddenByDefault) ? ' hidden' : ''}${form}`;
    }
    return out;
  }),

  /**
   * The low-stock message per template view, '{qtyInStock}' filled in. A view for one variant
   * carries that variant's attributes and starts hidden until it is chosen.
   */
  'product-scarcity': mapValue((item, _args, ctx) => {
    const merch = merchandising(ctx, item);
    if (!isTruthy(merch.scarcityEnabled)) return '';
    const template = text(merch.scarcityText);
    let out = '';
    for (const raw of arrayOr(merch.scarcityTemplateViews)) {
      const view = objectOr(raw);
      const variant = isObject(view.attributes)
        ? ` data-variant-attributes="${attrJson(view.attributes)}" hidden`
        : '';
      const message = html(scarcityMessage(template, text(view.qtyInStock)));
      out += `${out && '\n\n  '}<div class="product-scarcity"${variant}>\n    ${message}\n  </div>`;
    }
    return out;
  }),

  /** The sold-out or sale mark (sold out wins), '' for neither. */
  'product-status': mapValue((item, _args, ctx) => {
    const badge = productBadge(productOf(item).product);
    if (badge === 'sold-out') {
      const custom = text(merchandising(ctx, item).customSoldOutText);
      const label = custom || (localized(ctx, 'productSoldOutText') ?? DEFAULT_TEXTS.soldOut);
      return `<div class="product-mark sold-out">${html(label)}</div>`;
    }
    if (badge === 'sale')
      return `<div class="product-mark sale">${html(localized(ctx, 'productSaleText') ?? DEFAULT_TEXTS.sale)}</div>`;
    return '';
  }),
};
