import type { Plugin } from '../../plugin.js';
import { dateFormatter } from './date.js';
import { datetimeFormatter, datetimefieldFormatter } from './datetime.js';
import { humanizeDurationFormatter } from './duration.js';
import { datetimeIntervalFormatter } from './interval.js';
import { calendarViewPredicate, sameDayPredicate, showPastEventsPredicate } from './predicates.js';
import { relativeTimeFormatter } from './relative.js';
import { timesinceFormatter } from './timesince.js';

export const datePlugin: Plugin = {
  name: 'date',
  formatters: {
    date: dateFormatter,
    datetime: datetimeFormatter,
    datetimefield: datetimefieldFormatter,
    'datetime-interval': datetimeIntervalFormatter,
    humanizeDuration: humanizeDurationFormatter,
    'relative-time': relativeTimeFormatter,
    timesince: timesinceFormatter,
  },
  predicates: {
    'calendar-view?': calendarViewPredicate,
    'same-day?': sameDayPredicate,
    'show-past-events?': showPastEventsPredicate,
  },
};
