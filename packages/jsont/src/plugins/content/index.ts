import type { Plugin } from '../../plugin.js';
import { googleCalendarUrlFormatter } from './calendar.js';
import { collectionPredicates } from './collection-predicates.js';
import { commentFormatters, commentPredicates } from './comments.js';
import { galleryPredicates } from './gallery.js';
import { itemClassesFormatter } from './item-classes.js';
import { itemPredicates } from './item-predicates.js';
import { mediaFormatters } from './media.js';

export const contentPlugin: Plugin = {
  name: 'content',
  formatters: {
    ...commentFormatters,
    ...mediaFormatters,
    'google-calendar-url': googleCalendarUrlFormatter,
    'item-classes': itemClassesFormatter,
  },
  predicates: {
    ...itemPredicates,
    ...galleryPredicates,
    ...collectionPredicates,
    ...commentPredicates,
  },
};
