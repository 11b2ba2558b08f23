import type { Plugin } from '../../plugin.js';
import {
  serviceNameEmailPredicate,
  socialButtonFormatter,
  socialButtonInlineFormatter,
  twitterFollowButtonFormatter,
} from './buttons.js';

export const socialPlugin: Plugin = {
  name: 'social',
  formatters: {
    'social-button': socialButtonFormatter,
    'social-button-inline': socialButtonInlineFormatter,
    'twitter-follow-button': twitterFollowButtonFormatter,
  },
  predicates: { 'serviceNameEmail?': serviceNameEmailPredicate },
};
