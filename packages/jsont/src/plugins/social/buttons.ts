import type { Formatter } from '../../plugin.js';
import { RECORD_TYPES } from '../content/enums.js';
import { attr, field, isObject, text, truthy } from '../content/util.js';
import { mapValue } from '../core/mapvalue.js';

/**
 * The share-button placeholder the front end fills in, shown only when the site has share
 * buttons configured. An image item is its own picture; other items share their main image.
 */
function socialButton(tag: 'div' | 'span', style: string): Formatter {
  return mapValue((item, _args, ctx) => {
    if (!isObject(item) || !truthy(ctx.resolve('website.shareButtonOptions'))) return '';
    const isImage = item.recordType === RECORD_TYPES.image;
    const imageId = isImage ? item.systemDataId : item.mainImageId;
    const assetUrl = isImage ? item.assetUrl : field(item, 'mainImage.assetUrl');
    return (
      `<${tag} class="squarespace-social-buttons ${style}" data-system-data-id="${attr(imageId)}"` +
      ` data-asset-url="${attr(assetUrl)}" data-record-type="${attr(item.recordType)}"` +
      ` data-full-url="${attr(item.fullUrl)}" data-title="${attr(item.title)}"></${tag}>`
    );
  });
}

export const socialFormatters: Record<string, Formatter> = {
  'social-button': socialButton('div', 'button-style'),
  'social-button-inline': socialButton('span', 'inline-style'),
  /** Follows the account's user name, else the last segment of its profile URL. */
  'twitter-follow-button': mapValue((account) => {
    const name =
      text(field(account, 'userName')) ||
      (text(field(account, 'profileUrl')).split('/').filter(Boolean).pop() ?? '');
    return name
      ? "<script>Y.use('squarespace-follow-buttons', function(Y) { Y.on('domready', function() " +
          '{ Y.Squarespace.FollowButtonUtils.renderAll(); }); });</script>' +
          `<div class="squarespace-follow-button" data-username="${attr(name)}"></div>`
      : '';
  }),
};
