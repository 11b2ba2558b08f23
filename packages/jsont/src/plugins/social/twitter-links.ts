import type { Formatter } from '../../plugin.js';
import { attr, text } from '../content/util.js';

/** A web address, an @mention or a #hashtag, each starting at a word boundary. */
const TWITTER_TOKEN = /(https?:\/\/[^\s<>"]+)|(?<![\w@#])@(\w+)|(?<![\w&#])#(\w+)/g;

/** Turns web addresses, @mentions and #hashtags in tweet text into links. */
export const activateTwitterLinksFormatter: Formatter = {
  apply(_ctx, _args, vars) {
    vars[0]!.value = text(vars[0]!.value).replace(TWITTER_TOKEN, (token, url, user, tag) => {
      if (url) return `<a target="new" href="${attr(url)}">${url}</a>`;
      if (user) return `<a target="new" href="https://twitter.com/${user}/">@${user}</a>`;
      return `<a target="new" href="https://twitter.com/hashtag/${tag}?src=hash">${token}</a>`;
    });
  },
};
