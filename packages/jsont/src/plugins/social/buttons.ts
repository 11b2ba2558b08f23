import type { Formatter, Predicate } from '../../plugin.js';
import { RECORD_TYPES } from '../content/enums.js';
import { attr, field, isObject, text, truthy } from '../content/util.js';

/**
 * The share-button placeholder the front end fills in, shown only when the site has share
 * buttons configured. An image item is its own picture; other items share their main image.
 */
function socialButton(tag: 'div' | 'span', style: string): Formatter {
  return {
    apply(ctx, _args, vars) {
      const item = vars[0]!.value;
      if (!isObject(item) || !truthy(ctx.resolve('website.shareButtonOptions'))) {
        vars[0]!.value = '';
        return;
      }
      const isImage = item.recordType === RECORD_TYPES.image;
      const imageId = isImage ? item.systemDataId : item.mainImageId;
      const assetUrl = isImage ? item.assetUrl : field(item, 'mainImage.assetUrl');
      vars[0]!.value =
        `<${tag} class="squarespace-social-buttons ${style}" data-system-data-id="${attr(imageId)}"` +
        ` data-asset-url="${attr(assetUrl)}" data-record-type="${attr(item.recordType)}"` +
        ` data-full-url="${attr(item.fullUrl)}" data-title="${attr(item.title)}"></${tag}>`;
    },
  };
}

export const socialButtonFormatter = socialButton('div', 'button-style');
export const socialButtonInlineFormatter = socialButton('span', 'inline-style');

/** The account's user name, else the last segment of its profile URL. */
function userName(account: unknown): string {
  const name = text(field(account, 'userName'));
  if (name) return name;
  return text(field(account, 'profileUrl')).split('/').filter(Boolean).pop() ?? '';
}

export const twitterFollowButtonFormatter: Formatter = {
  apply(_ctx, _args, vars) {
    const name = userName(vars[0]!.value);
    vars[0]!.value = name
      ? "<script>Y.use('squarespace-follow-buttons', function(Y) { Y.on('domready', function() " +
        '{ Y.Squarespace.FollowButtonUtils.renderAll(); }); });</script>' +
        `<div class="squarespace-follow-button" data-username="${attr(name)}"></div>`
      : '';
  },
};

export const serviceNameEmailPredicate: Predicate = {
  test: (ctx) => field(ctx.node, 'serviceName') === 'email',
};
