import { DEFAULT_TEXTS, productBadge, scarcityMessage } from '@storefront/commerce';
import type { Formatter } from '../../plugin.js';
import { isTruthy } from '../../values.js';
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

/** `product-status`: the sold-out or sale mark (sold out wins), '' for neither. */
export const productStatusFormatter: Formatter = {
  apply(ctx, _args, vars) {
    const item = vars[0].value;
    const badge = productBadge(productOf(item).product);
    if (badge === 'sold-out') {
      const custom = text(merchandising(ctx, item).customSoldOutText);
      const label = custom || (localized(ctx, 'productSoldOutText') ?? DEFAULT_TEXTS.soldOut);
      vars[0].value = `<div class="product-mark sold-out">${html(label)}</div>`;
    } else if (badge === 'sale') {
      vars[0].value = `<div class="product-mark sale">${html(localized(ctx, 'productSaleText') ?? DEFAULT_TEXTS.sale)}</div>`;
    } else {
      vars[0].value = '';
    }
  },
};

/**
 * `product-restock-notification`: one waitlist form per configured variant view. The forms
 * differ only in their variant, so the shared part is built once.
 */
export const productRestockNotificationFormatter: Formatter = {
  apply(ctx, _args, vars) {
    const item = vars[0].value;
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
    vars[0].value = out;
  },
};

/**
 * `product-scarcity`: the low-stock message per template view, '{qtyInStock}' filled in. A view
 * for one variant carries that variant's attributes and starts hidden until it is chosen.
 */
export const productScarcityFormatter: Formatter = {
  apply(ctx, _args, vars) {
    const merch = merchandising(ctx, vars[0].value);
    if (!isTruthy(merch.scarcityEnabled)) {
      vars[0].value = '';
      return;
    }
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
    vars[0].value = out;
  },
};
