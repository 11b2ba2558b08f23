import type { Plugin } from '../../plugin.js';
import { googleCalendarUrlFormatter } from './calendar.js';
import {
  clickablePredicate,
  collectionPagePredicate,
  collectionPredicate,
  collectionTemplatePagePredicate,
  collectionTypeNameEqualsPredicate,
  currentTypePredicate,
  folderPredicate,
  indexPredicate,
  redirectPredicate,
} from './collection-predicates.js';
import {
  commentCountFormatter,
  commentLinkFormatter,
  commentsFormatter,
  commentsPredicate,
  disqusPredicate,
  likeButtonFormatter,
} from './comments.js';
import { galleryPredicates } from './gallery.js';
import { itemClassesFormatter } from './item-classes.js';
import {
  backgroundSourcePredicates,
  childImagesPredicate,
  equals,
  excerptPredicate,
  externalLinkPredicate,
  locationPredicate,
  mainImagePredicate,
  passthroughPredicate,
  promotedPredicates,
  recordTypePredicates,
} from './item-predicates.js';
import { audioPlayerFormatter, videoFormatter } from './media.js';

export const contentPlugin: Plugin = {
  name: 'content',
  formatters: {
    'audio-player': audioPlayerFormatter,
    'comment-count': commentCountFormatter,
    'comment-link': commentLinkFormatter,
    comments: commentsFormatter,
    'google-calendar-url': googleCalendarUrlFormatter,
    'item-classes': itemClassesFormatter,
    'like-button': likeButtonFormatter,
    video: videoFormatter,
  },
  predicates: {
    ...recordTypePredicates,
    ...promotedPredicates,
    ...backgroundSourcePredicates,
    ...galleryPredicates,
    'child-images?': childImagesPredicate,
    'clickable?': clickablePredicate,
    'collection?': collectionPredicate,
    'collection-page?': collectionPagePredicate,
    'collection-template-page?': collectionTemplatePagePredicate,
    'collectionTypeNameEquals?': collectionTypeNameEqualsPredicate,
    'comments?': commentsPredicate,
    'current-type?': currentTypePredicate,
    'disqus?': disqusPredicate,
    'excerpt?': excerptPredicate,
    'external-link?': externalLinkPredicate,
    'external-video?': equals('promotedBlockType', 'video'),
    'folder?': folderPredicate,
    'index?': indexPredicate,
    'location?': locationPredicate,
    'main-image?': mainImagePredicate,
    'passthrough?': passthroughPredicate,
    'redirect?': redirectPredicate,
  },
};
