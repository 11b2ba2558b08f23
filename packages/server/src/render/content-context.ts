import {
  BLOCK_TYPE,
  COMMENT_STATE,
  type EventLocation,
  galleryOptions,
  hasExcerpt,
  isMappedLocation,
  LOCK_MARKS,
  locationText,
  RECORD_TYPE,
  textOfHtml,
} from '@storefront/commerce';
import { type Collection, getProductById } from '../modules/catalog/service.js';
import type { Block } from '../modules/content/schema.js';
import type { ContentItem } from '../modules/content/service.js';
import { type ResolvedImage, resolveImages } from '../modules/media/service.js';
import type { Site } from '../modules/site/service.js';
import { sanitizeRichHtml } from '../platform/html.js';
import type { SiteContext } from '../services.js';
import { productCardContext } from './context.js';

/**
 * Renders a form block (type 9) as HTML: the site form (buildApp's `formBlockRenderer`, by
 * default the site forms module's block).
 */
export type FormBlockRenderer = (ctx: SiteContext, formId: string, crumb: string) => Promise<string>;

const RECORD_TYPE_LABELS: Record<number, string> = Object.fromEntries(
  Object.entries(RECORD_TYPE).map(([name, code]) => [
    code,
    name.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`),
  ]),
);

/** A date as the site shows it (its locale and time zone), e.g. 'March 3, 2026'. */
export function dateText(ms: number | null, site: Site): string {
  if (ms === null) return '';
  return new Intl.DateTimeFormat(site.website.locale, {
    dateStyle: 'long',
    timeZone: site.website.timeZone,
  }).format(new Date(ms));
}

function imageOf(
  ref: { mediaId?: string; assetUrl?: string; altText?: string; caption?: string },
  media: Map<string, ResolvedImage>,
) {
  const resolved = ref.mediaId ? media.get(ref.mediaId) : undefined;
  if (ref.mediaId && !resolved) return null;
  return {
    assetUrl: resolved?.assetUrl ?? ref.assetUrl ?? '',
    altText: ref.altText || resolved?.altText || '',
    caption: ref.caption ?? '',
    originalSize: resolved?.originalSize ?? '',
    systemDataVariants: resolved?.systemDataVariants ?? '',
  };
}

const VIDEO_FILE = /\.(mp4|webm|ogv)(\?|$)/i;

/** Spec §5: a location is mapped only with both latitude and longitude (a plain OpenStreetMap link). */
export function mapContext(location: EventLocation) {
  const address = locationText(location);
  const mapped = isMappedLocation(location);
  return {
    address,
    mapped,
    linkUrl: mapped
      ? `https://www.openstreetmap.org/?mlat=${location.mapLat}&mlon=${location.mapLng}#map=15/${location.mapLat}/${location.mapLng}`
      : '',
  };
}

/**
 * A gallery block (spec §3 gallery options, §9 ranges): its options as they render (clamped,
 * defaulted: grid), the classes the theme styles them by, and each image with its place.
 * Exact sizes (padding, strip height and margin, max width) go to the Gallery island as CSS
 * properties: the page's CSP allows no inline styles, so without JavaScript they are the
 * defaults and the columns (a class each).
 */
function galleryContext(
  block: Extract<Block, { type: 8 }>,
  media: Map<string, ResolvedImage>,
  number: number,
  position: number,
) {
  const o = galleryOptions(block.options);
  const id = `gallery-${number}`;
  const images = block.images
    .map((i) => imageOf(i, media))
    .filter((i): i is NonNullable<typeof i> => i !== null)
    .map((image, n, all) => ({
      ...image,
      slideId: `${id}-slide-${n + 1}`,
      position: `${n + 1} of ${all.length}`,
      number: n + 1,
      // The first row of a gallery at the top of the page is what the visitor sees first: not lazy.
      eager: position <= 1 && n < (o.design === 'grid' ? o['thumbnails-per-row'] : 1),
    }));
  const [w, h] = o['aspect-ratio'].split(':');
  const classes = [
    `gallery-design-${o.design}`,
    `gallery-columns-${o['thumbnails-per-row']}`,
    `gallery-meta-${o['meta-position']}`,
    `gallery-align-${o['active-alignment']}`,
    `gallery-ratio-${w}-${h}`,
    o['auto-crop'] ? 'gallery-auto-crop' : '',
    o['square-thumbs'] ? 'gallery-square-thumbs' : '',
    o['show-meta'] ? 'gallery-show-meta' : '',
    o['show-meta-on-hover'] ? 'gallery-meta-on-hover' : '',
    o.transparentBackground ? 'gallery-transparent' : '',
  ].filter(Boolean);
  return {
    id,
    options: o,
    classes: classes.join(' '),
    isSlideshow: o.design === 'slideshow',
    isSlider: o.design === 'slider',
    isStacked: o.design === 'stacked',
    isGrid: o.design === 'grid',
    thumbnails: o.design === 'slideshow' && o.thumbnails && o['thumbnail-strip-height'] > 0,
    controls: (o.design === 'slideshow' || o.design === 'slider') && o.controls,
    indicators: o.design === 'slideshow' && o.indicators && !o.thumbnails,
    linkTarget: o.newWindow && !o.lightbox ? '_blank' : '',
    images,
    props: JSON.stringify({
      id,
      lightbox: o.lightbox,
      theme: o.lightboxTheme,
      autoplay: o.design === 'slideshow' && o.autoplay,
      autoplayMs: o['autoplay-duration'] * 1000,
      style: {
        '--gallery-padding': `${o.padding}px`,
        '--gallery-strip-height': `${o['thumbnail-strip-height']}px`,
        '--gallery-strip-margin': `${o['thumbnail-strip-margin']}px`,
        '--gallery-thumb-max': `${o['max-width']}px`,
        '--gallery-ratio': `${w} / ${h}`,
      },
    }),
  };
}

/** Blocks as the theme's content.block renders them: each under its kind's key. */
export async function blocksContext(
  ctx: SiteContext,
  blocks: Block[],
  crumb: string,
  formBlock: FormBlockRenderer,
) {
  const mediaIds = blocks.flatMap((b) =>
    b.type === BLOCK_TYPE.image
      ? ['mediaId' in b.image ? b.image.mediaId : '']
      : b.type === BLOCK_TYPE.gallery
        ? b.images.map((i) => ('mediaId' in i ? i.mediaId : ''))
        : [],
  );
  const media = await resolveImages(ctx, mediaIds.filter(Boolean));
  const out: Record<string, unknown>[] = [];
  let galleries = 0;
  for (const b of blocks) {
    switch (b.type) {
      case BLOCK_TYPE.html:
        out.push({ type: b.type, html: { body: sanitizeRichHtml(b.html) } });
        break;
      case BLOCK_TYPE.image: {
        const image = imageOf(b.image, media);
        if (image) out.push({ type: b.type, image });
        break;
      }
      case BLOCK_TYPE.gallery:
        galleries += 1;
        out.push({ type: b.type, gallery: galleryContext(b, media, galleries, out.length) });
        break;
      case BLOCK_TYPE.form:
        out.push({
          type: b.type,
          form: { html: await formBlock(ctx, b.formId, crumb) },
        });
        break;
      case BLOCK_TYPE.quote:
        out.push({ type: b.type, quote: { text: b.text, source: b.source ?? '' } });
        break;
      case BLOCK_TYPE.code:
        out.push({ type: b.type, code: { code: b.code, language: b.language ?? '' } });
        break;
      case BLOCK_TYPE.video:
        out.push({
          type: b.type,
          video: { url: b.url, caption: b.caption ?? '', file: VIDEO_FILE.test(b.url) },
        });
        break;
      case BLOCK_TYPE.audio:
        out.push({ type: b.type, audio: { url: b.url, title: b.title ?? '' } });
        break;
      case BLOCK_TYPE.accordion:
        out.push({
          type: b.type,
          accordion: { items: b.items.map((i) => ({ title: i.title, body: sanitizeRichHtml(i.html) })) },
        });
        break;
      case BLOCK_TYPE.map:
        out.push({ type: b.type, map: mapContext(b.location) });
        break;
      case BLOCK_TYPE.product: {
        const product = await getProductById(ctx, b.productId);
        if (product) out.push({ type: b.type, product: productCardContext(product, ctx.site) });
        break;
      }
    }
  }
  return out;
}

/**
 * The mark a list shows instead of a protected item's excerpt and image, '' when it shows the
 * item whole. Lists are the same for every visitor (so they stay cacheable): an item behind its
 * own password or its own paywall products shows its title and date only. A member collection's
 * own list is shown only to those it opens, so its products lock nothing there.
 */
export function listLockMark(
  item: Pick<ContentItem, 'hasPassword' | 'memberProducts'>,
  collection: Pick<Collection, 'memberProducts'>,
): string {
  if (item.hasPassword) return LOCK_MARKS.password;
  if (item.memberProducts.length > 0 && collection.memberProducts.length === 0) return LOCK_MARKS.members;
  return '';
}

/** An item as a list shows it: whole, or locked (title, date and address; no excerpt, image or body). */
export async function listItemContext(ctx: SiteContext, item: ContentItem, collection: Collection) {
  const context = await itemContext(ctx, item, collection);
  const lockText = listLockMark(item, collection);
  if (!lockText) return { ...context, display: { ...context.display, lockText } };
  return {
    ...context,
    excerpt: '',
    mainImageId: '',
    assetUrl: '',
    display: { ...context.display, mainImage: null, metaDescription: '', lockText },
  };
}

/** An item's URL: a page is its collection's; a post sits under its blog. */
export function itemUrl(item: Pick<ContentItem, 'urlSlug'>, collection: Collection): string {
  return collection.typeName === 'page' ? collection.fullUrl : `${collection.fullUrl}/${item.urlSlug}`;
}

/** The template-facing item of spec §3, plus what the theme shows under `display`. */
export async function itemContext(ctx: SiteContext, item: ContentItem, collection: Collection) {
  const main = item.mainImageId
    ? (await resolveImages(ctx, [item.mainImageId])).get(item.mainImageId)
    : undefined;
  const termLinks = (kind: 'category' | 'tag', terms: ContentItem['categories']) =>
    terms.map((t) => ({ ...t, url: `${collection.fullUrl}/${kind}/${encodeURIComponent(t.slug)}` }));
  const excerpt = hasExcerpt(item.excerpt) ? sanitizeRichHtml(item.excerpt) : '';
  return {
    id: item.id,
    fullUrl: itemUrl(item, collection),
    title: item.title,
    excerpt,
    externalLink: item.externalLink,
    mainImageId: item.mainImageId ?? '',
    systemDataId: '',
    assetUrl: main?.assetUrl ?? item.assetUrl,
    recordType: item.recordType,
    promotedBlockType: item.promotedBlockType,
    passthrough: false,
    sourceUrl: '',
    publicCommentCount: item.publicCommentCount,
    commentState: item.commentState,
    likeCount: item.likeCount,
    collection: { id: collection.id, title: collection.title, fullUrl: collection.fullUrl },
    categories: item.categories.map((c) => c.name),
    tags: item.tags.map((t) => t.name),
    author: { displayName: item.authorName },
    recordTypeLabel: RECORD_TYPE_LABELS[item.recordType] ?? '',
    starred: item.starred,
    publishOn: item.publishOn,
    /** The item asks for its own password (spec §2 protected content). */
    hasPassword: item.hasPassword,
    /** The paywall products that open the item, its own and its collection's (issue 16 member areas); empty: open. */
    memberProducts: item.memberAreaProducts,
    display: {
      dateText: dateText(item.publishOn, ctx.site),
      dateIso: item.publishOn === null ? '' : new Date(item.publishOn).toISOString(),
      categoryLinks: termLinks('category', item.categories),
      tagLinks: termLinks('tag', item.tags),
      mainImage: main
        ? { ...main, altText: main.altText ?? '' }
        : item.assetUrl
          ? { assetUrl: item.assetUrl, altText: '' }
          : null,
      commentsOpen: item.commentState === COMMENT_STATE.open,
      metaDescription: textOfHtml(excerpt).slice(0, 300),
    },
  };
}
