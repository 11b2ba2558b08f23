import type { Formatter, RenderContext } from '../../plugin.js';
import { BLOCK_TYPE_IMAGE } from '../content/enums.js';
import { attr, field, isObject, type Json, stripTags, text } from '../content/util.js';
import { mapValue } from '../core/mapvalue.js';

/** colorData holds topLeft, topRight, bottomLeft, bottomRight and center averages, in attribute order. */
export const COLOR_POSITIONS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'] as const;

/** mediaFocalPoint x,y (default 0.5,0.5). */
export function focalPoint(image: Json): string {
  return ['x', 'y']
    .map((axis) => {
      const value = field(image, `mediaFocalPoint.${axis}`);
      return typeof value === 'number' ? value : 0.5;
    })
    .join();
}

/**
 * Alt text: an image block's own altText (even when empty), else the title, else the body
 * without markup (cut to the description length, 250 characters), else the file name.
 */
export function altText(ctx: RenderContext, image: Json): string {
  if (ctx.resolve('blockType') === BLOCK_TYPE_IMAGE) return text(image.altText);
  const title = text(image.title);
  if (title) return title;
  const body = stripTags(text(image.body)).slice(0, 250);
  return body || text(image.filename);
}

/** The data-* attributes the lazy image loader reads, followed by alt. */
export function imageMeta(ctx: RenderContext, image: Json): string {
  const url = attr(image.assetUrl);
  return (
    (image.licensedAssetPreview != null ? 'data-licensed-asset-preview="true" ' : '') +
    `data-src="${url}" data-image="${url}" data-image-dimensions="${attr(image.originalSize)}"` +
    ` data-image-focal-point="${focalPoint(image)}" alt="${attr(altText(ctx, image))}"`
  );
}

/** A formatter printing the meta attributes of the image `pick` finds in the value, or nothing. */
function metaOf(pick: (value: unknown, args: readonly string[]) => unknown): Formatter {
  return mapValue((value, args, ctx) => {
    const image = pick(value, args);
    return isObject(image) ? imageMeta(ctx, image) : '';
  });
}

export const metaFormatters: Record<string, Formatter> = {
  'image-meta': metaOf((value) => value),
  'cover-image-meta': metaOf((value) => field(value, 'coverImage')),
  /** The n-th (default first) child of a collection's items. */
  'child-image-meta': metaOf((value, args) => {
    const items = field(value, 'items');
    return Array.isArray(items) ? items[Number(args[0] ?? 0)] : undefined;
  }),
  /** A lazy-loading image tag with a noscript fallback; the argument is the class (default thumb-image). */
  image: mapValue((image, args, ctx) => {
    if (!isObject(image)) return '';
    const componentKey = text(image.componentKey);
    return (
      `<noscript><img src="${attr(image.assetUrl)}" alt="${attr(altText(ctx, image))}" /></noscript>` +
      `<img class="${attr(args[0] ?? 'thumb-image')}" ` +
      (componentKey ? `data-component-key="${attr(componentKey)}" ` : '') +
      `${imageMeta(ctx, image)} data-load="false" data-image-id="${attr(image.id)}" data-type="image" />`
    );
  }),
};
