import type { Plugin } from '../../plugin.js';
import {
  serviceNameEmailPredicate,
  socialButtonFormatter,
  socialButtonInlineFormatter,
  twitterFollowButtonFormatter,
} from './buttons.js';
import { activateTwitterLinksFormatter } from './twitter-links.js';

export const socialPlugin: Plugin = {
  name: 'social',
  formatters: {
    'activate-twitter-links': activateTwitterLinksFormatter,
    'social-button': socialButtonFormatter,
    'social-button-inline': socialButtonInlineFormatter,
    'twitter-follow-button': twitterFollowButtonFormatter,
  },
  predicates: { 'serviceNameEmail?': serviceNameEmailPredicate },
};
