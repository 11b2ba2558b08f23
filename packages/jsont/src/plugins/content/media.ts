import type { Formatter } from '../../plugin.js';
import { mapValue } from '../core/mapvalue.js';
import { COLOR_POSITIONS, focalPoint } from '../image/meta.js';
import { hasMainImage } from './item-predicates.js';
import { attr, field, isObject, truthy } from './util.js';

export const mediaFormatters: Record<string, Formatter> = {
  'audio-player': mapValue((item) => {
    const id = attr(field(item, 'id'));
    return (
      "<script>Y.use('squarespace-audio-player-frontend');</script>\n" +
      `<div class="squarespace-audio-player" data-audio-asset-url="${attr(field(item, 'structuredContent.audioAssetUrl'))}"` +
      ` data-item-id="${id}" id="audio-player-${id}"></div>`
    );
  }),
  /**
   * The oEmbed video wrapper. Arguments: `load-false` defers loading, `color-data` adds the
   * thumbnail's colour averages. Without a main image the overlay is marked no-thumb.
   */
  video: mapValue((video, args) => {
    if (!isObject(video)) return '';
    let overlay = '';
    if (truthy(video.overlay)) {
      const hasThumb = hasMainImage(video);
      let thumb = '';
      if (hasThumb) {
        const colors = args.includes('color-data')
          ? COLOR_POSITIONS.map((position) => {
              const color = field(video, `colorData.${position}Average`);
              return color == null ? '' : ` data-color-${position.toLowerCase()}="#${attr(color)}"`;
            }).join('')
          : '';
        thumb =
          `<img data-load="false" data-src="${attr(video.assetUrl)}" data-image-dimensions="${attr(video.originalSize)}"` +
          ` data-image-focal-point="${focalPoint(video)}"${colors} />`;
      }
      overlay =
        `<div class="sqs-video-overlay${hasThumb ? '' : ' no-thumb'}" style="opacity: 0;">${thumb}` +
        '<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div>';
    }
    return (
      `<div class="sqs-video-wrapper" ${args.includes('load-false') ? ' data-load="false" ' : ''}` +
      `data-html="${attr(field(video, 'oembed.html'))}" data-provider-name="${attr(field(video, 'oembed.providerName'))}">` +
      `${overlay}</div>`
    );
  }),
};
