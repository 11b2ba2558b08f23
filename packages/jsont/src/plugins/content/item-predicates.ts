import type { Predicate } from '../../plugin.js';
import { BACKGROUND_SOURCES, PROMOTED_BLOCK_TYPES, RECORD_TYPES } from './enums.js';
import { field, isObject, stripTags, text, truthy } from './util.js';

/** A predicate true when the node's `key` equals `expected`. */
function equals(key: string, expected: unknown): Predicate {
  return { test: (ctx) => field(ctx.node, key) === expected };
}

/** An item has a main image when it names one, or is itself one (systemDataId). */
export function hasMainImage(node: unknown): boolean {
  return truthy(field(node, 'mainImageId')) || truthy(field(node, 'systemDataId'));
}

export const itemPredicates: Record<string, Predicate> = {
  ...Object.fromEntries([
    /** `text?`, `image?`, … one per record type. */
    ...Object.entries(RECORD_TYPES).map(([name, code]) => [`${name}?`, equals('recordType', code)]),
    /** `promotedMAP?`, `promotedVIDEO?`, … one per promoted block type. */
    ...PROMOTED_BLOCK_TYPES.map((type) => [
      `promoted${type.toUpperCase()}?`,
      equals('promotedBlockType', type),
    ]),
    /** `background-source-upload?`, … one per background source. */
    ...Object.entries(BACKGROUND_SOURCES).map(([name, code]) => [
      `background-source-${name}?`,
      equals('backgroundSource', code),
    ]),
  ]),
  'main-image?': { test: (ctx) => hasMainImage(ctx.node) },
  'child-images?': {
    test(ctx) {
      const items = field(ctx.node, 'items');
      return Array.isArray(items) && items.some(hasMainImage);
    },
  },
  /** An excerpt counts as present only with non-whitespace text after stripping markup. */
  'excerpt?': {
    test(ctx) {
      const excerpt = field(ctx.node, 'excerpt');
      const html = isObject(excerpt) ? excerpt.html : excerpt;
      return typeof html === 'string' && stripTags(html).trim() !== '';
    },
  },
  /** A location is mapped only with both latitude and longitude. */
  'location?': {
    test: (ctx) =>
      typeof field(ctx.node, 'location.mapLat') === 'number' &&
      typeof field(ctx.node, 'location.mapLng') === 'number',
  },
  'external-link?': { test: (ctx) => text(field(ctx.node, 'externalLink')) !== '' },
  'external-video?': equals('promotedBlockType', 'video'),
  'passthrough?': {
    test: (ctx) => truthy(field(ctx.node, 'passthrough')) && text(field(ctx.node, 'sourceUrl')) !== '',
  },
};
