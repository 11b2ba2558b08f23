import type { Formatter, Predicate, RenderContext } from '../../plugin.js';
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

export const commentCountFormatter: Formatter = {
  apply(_ctx, _args, vars) {
    vars[0]!.value = commentCountText(commentCount(vars[0]!.value));
  },
};

export const commentLinkFormatter: Formatter = {
  apply(ctx, _args, vars) {
    const item = vars[0]!.value;
    const url = attr(field(item, 'fullUrl'));
    const id = attr(field(item, 'id'));
    if (truthy(disqusShortname(ctx))) {
      vars[0]!.value = `<a href="${url}" class="sqs-comment-link sqs-disqus-comment-link" data-id="${id}"></a>`;
      return;
    }
    const count = commentCount(item);
    const [amount, noun] = commentCountText(count).split(' ');
    vars[0]!.value =
      `<a href="${url}#comments-${id}" class="sqs-comment-link" data-id="${id}">\n` +
      `  ${amount}\n  ${noun}\n  </a>`;
  },
};

/** The comment thread placeholder, tied to the page's item, else to its collection. */
export const commentsFormatter: Formatter = {
  apply(ctx, _args, vars) {
    if (truthy(disqusShortname(ctx))) {
      vars[0]!.value = '<div class="squarespace-comments" id="disqus_thread"></div>';
      return;
    }
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
    const id = attr(field(vars[0]!.value, 'id'));
    vars[0]!.value = `<div class="squarespace-comments" id="comments-${id}"${owner}></div>`;
  },
};

/** Comments show when open or already commented on, unless commentsEnabled is off. */
export const commentsPredicate: Predicate = {
  test(ctx) {
    const enabled = ctx.resolve('websiteSettings.commentsEnabled');
    if (enabled !== undefined && enabled !== null && !truthy(enabled)) return false;
    return field(ctx.node, 'commentState') === COMMENT_STATE_OPEN || commentCount(ctx.node) > 0;
  },
};

export const disqusPredicate: Predicate = {
  test: (ctx) => text(disqusShortname(ctx)) !== '',
};

export const likeButtonFormatter: Formatter = {
  apply(ctx, _args, vars) {
    const item = vars[0]!.value;
    if (!truthy(ctx.resolve('websiteSettings.simpleLikingEnabled')) || !isObject(item)) {
      vars[0]!.value = '';
      return;
    }
    vars[0]!.value =
      `<span class="sqs-simple-like" data-item-id="${attr(item.id)}" data-like-count="${attr(item.likeCount)}">\n` +
      '    <span class="like-icon"></span>\n' +
      '    <span class="like-count"></span>\n' +
      '  </span>';
  },
};
