import type { Predicate } from '../../plugin.js';
import { field, truthy } from './util.js';

/** design: slideshow, slider, grid (default), stacked. The predicates test what is set, not the default. */
export const GALLERY_DESIGNS = ['grid', 'slideshow', 'slider', 'stacked'] as const;
export const GALLERY_META_POSITIONS = [
  'top',
  'top-left',
  'top-right',
  'center',
  'bottom',
  'bottom-left',
  'bottom-right',
] as const;
export const GALLERY_ALIGNMENTS = ['center', 'left', 'right'] as const;
/** The on/off gallery options templates branch on. */
export const GALLERY_SWITCHES = [
  'autoplay',
  'auto-crop',
  'controls',
  'lightbox',
  'show-meta',
  'show-meta-on-hover',
  'square-thumbs',
  'thumbnails',
] as const;

/** A predicate on the gallery's `options`. */
function onOptions(test: (options: unknown) => boolean): Predicate {
  return { test: (ctx) => test(field(ctx.node, 'options')) };
}

function choice(prefix: string, optionName: string, values: readonly string[]): [string, Predicate][] {
  return values.map((value) => [
    `${prefix}-${value}?`,
    onOptions((options) => field(options, optionName) === value),
  ]);
}

/** `gallery-design-grid?`, `gallery-meta-position-top?`, `gallery-autoplay?`, `gallery-meta?`, … */
export const galleryPredicates: Record<string, Predicate> = Object.fromEntries([
  ...choice('gallery-design', 'design', GALLERY_DESIGNS),
  ...choice('gallery-meta-position', 'meta-position', GALLERY_META_POSITIONS),
  ...choice('gallery-active-alignment', 'active-alignment', GALLERY_ALIGNMENTS),
  ...GALLERY_SWITCHES.map((name): [string, Predicate] => [
    `gallery-${name}?`,
    onOptions((options) => truthy(field(options, name))),
  ]),
  [
    'gallery-meta?',
    onOptions((options) => truthy(field(options, 'controls')) || truthy(field(options, 'indicators'))),
  ],
]);
