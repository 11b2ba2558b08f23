import type { Formatter, Predicate, RenderContext } from '../../plugin.js';
import { mapValue } from '../core/mapvalue.js';
import { COMMENT_STATE_OPEN } from './enums.js';
import { attr, field, isObject, text, truthy } from './util.js';

/** Count text: 'No Comments', '1 Comment', 'N Comments'. */
export function commentCountText(count: number): string {
  if (count === 0) return 'No Comments';
  return count === 1 ? '1 Comment' : `${count} Comments`;
}

function commentCount(value: unknown): number {
  const count = field(value, 'publicCommentCount');
  return typeof count === 'number' ? count : 0;
}

/** The site's Disqus short name; the JSON spells it either way. */
function disqusShortname(ctx: RenderContext): unknown {
  return ctx.resolve('websiteSettings.disqusShortname') || ctx.resolve('websiteSettings.disqusShortName');
}

export const commentFormatters: Record<string, Formatter> = {
  'comment-count': mapValue((value) => commentCountText(commentCount(value))),
  'comment-link': mapValue((item, _args, ctx) => {
    const url = attr(field(item, 'fullUrl'));
    const id = attr(field(item, 'id'));
    if (truthy(disqusShortname(ctx)))
      return `<a href="${url}" class="sqs-comment-link sqs-disqus-comment-link" data-id="${id}"></a>`;
    const [amount, noun] = commentCountText(commentCount(item)).split(' ');
    return `<a href="${url}#comments-${id}" class="sqs-comment-link" data-id="${id}">\n  ${amount}\n  ${noun}\n  </a>`;
  }),
  /** The comment thread placeholder, tied to the page's item, else to its collection. */
  comments: mapValue((value, _args, ctx) => {
    if (truthy(disqusShortname(ctx))) return '<div class="squarespace-comments" id="disqus_thread"></div>';
    let owner = '';
    for (const kind of ['item', 'collection']) {
      const source = ctx.resolve(kind);
      if (!truthy(source)) continue;
      owner =
        ` data-${kind}-id="${attr(field(source, 'id'))}"` +
        ` data-public-comment-count="${attr(field(source, 'publicCommentCount'))}"` +
        ` data-comment-state="${attr(field(source, 'commentState'))}"`;
      break;
    }
    return `<div class="squarespace-comments" id="comments-${attr(field(value, 'id'))}"${owner}></div>`;
  }),
  'like-button': mapValue((item, _args, ctx) =>
    truthy(ctx.resolve('websiteSettings.simpleLikingEnabled')) && isObject(item)
      ? `<span class="sqs-simple-like" data-item-id="${attr(item.id)}" data-like-count="${attr(item.likeCount)}">\n` +
        '    <span class="like-icon"></span>\n' +
        '    <span class="like-count"></span>\n' +
        '  </span>'
      : '',
  ),
};

export const commentPredicates: Record<string, Predicate> = {
  /** Comments show when open or already commented on, unless commentsEnabled is off. */
  'comments?': {
    test(ctx) {
      const enabled = ctx.resolve('websiteSettings.commentsEnabled');
      if (enabled !== undefined && enabled !== null && !truthy(enabled)) return false;
      return field(ctx.node, 'commentState') === COMMENT_STATE_OPEN || commentCount(ctx.node) > 0;
    },
  },
  'disqus?': { test: (ctx) => text(disqusShortname(ctx)) !== '' },
};
