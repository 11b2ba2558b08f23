import { mapValue } from '../core/mapvalue.js';
import { RECORD_TYPES } from './enums.js';
import { field, isObject, slug, text, truthy } from './util.js';

/** The CSS classes describing a content item in a list (blog post, product, event…). */
export const itemClassesFormatter = mapValue((item, _args, ctx) => {
  if (!isObject(item)) return '';
  const classes = ['hentry'];
  if (truthy(item.promotedBlockType))
    classes.push('promoted', `promoted-block-${slug(item.promotedBlockType)}`);
  for (const [prefix, key] of [
    ['category', 'categories'],
    ['tag', 'tags'],
  ] as const) {
    const names = item[key];
    if (Array.isArray(names)) for (const name of names) classes.push(`${prefix}-${slug(name)}`);
  }
  const author = slug(field(item, 'author.displayName'));
  if (author) classes.push(`author-${author}`);
  if (text(item.recordTypeLabel)) classes.push(`post-type-${text(item.recordTypeLabel)}`);
  const index = ctx.resolve('@index');
  if (typeof index === 'number') classes.push(`article-index-${index}`);
  if (truthy(item.starred)) classes.push('featured');
  const variants = field(item, 'structuredContent.variants');
  if (item.recordType === RECORD_TYPES['store-item'] && Array.isArray(variants)) {
    if (variants.some((v) => truthy(field(v, 'onSale')))) classes.push('on-sale');
    // Sold out when no variant is unlimited or has stock left.
    if (
      variants.length > 0 &&
      variants.every((v) => !truthy(field(v, 'unlimited')) && Number(field(v, 'qtyInStock') ?? 0) <= 0)
    )
      classes.push('sold-out');
  }
  return classes.join(' ');
});
