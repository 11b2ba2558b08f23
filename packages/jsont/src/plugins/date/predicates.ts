import type { Predicate } from '../../plugin.js';
import { sameDay, toInstant, zoneOf } from './zoned.js';

const field = (node: unknown, key: string): unknown =>
  node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;

/** Spec §5: "A same-day event has start and end in the same year and day" (website time zone). */
export const sameDayPredicate: Predicate = {
  test(ctx) {
    const start = toInstant(field(ctx.node, 'startDate'));
    const end = toInstant(field(ctx.node, 'endDate'));
    return Number.isFinite(start) && Number.isFinite(end) && sameDay(start, end, zoneOf(ctx));
  },
};

/** An events collection set to list past rather than upcoming events. */
export const showPastEventsPredicate: Predicate = {
  test: (ctx) => field(ctx.node, 'showPastOrUpcomingEvents') === 'past',
};

/** An events collection shown as a calendar. */
export const calendarViewPredicate: Predicate = {
  test: (ctx) => field(ctx.node, 'calendarView') === true,
};
