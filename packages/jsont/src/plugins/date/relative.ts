import type { Formatter } from '../../plugin.js';
import { capitalize, parseOptions, relativeFormat } from '../i18n/intl.js';
import { toInstant } from './zoned.js';

const DAY = 86_400_000;

/** Spec §8: "The relative-time formatter returns 'Invalid date.' for a non-number." */
export const INVALID_DATE = 'Invalid date.';

/** Units of a distance in time, largest first, with their length in milliseconds (a month is 30 days). */
export const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/**
 * `relative-time [allowWeeks:true] [context:begin-sentence]`: "in 2 hours", "11 hours ago".
 * With two values the second is measured from the first, else the value from now.
 */
export const relativeTimeFormatter: Formatter = {
  apply(ctx, args, vars) {
    const o = parseOptions(args);
    const first = toInstant(vars[0].value);
    const [from, to] = vars.length > 1 ? [first, toInstant(vars[1].value)] : [ctx.now, first];
    if (!Number.isFinite(from) || !Number.isFinite(to)) {
      vars[0].value = INVALID_DATE;
      return;
    }
    // The largest unit the distance fills at least once.
    const allowWeeks = o.get('allowWeeks') === 'true';
    const [unit, size] = UNITS.find(
      ([unit, size]) => (Math.abs(to - from) >= size || unit === 'second') && (allowWeeks || unit !== 'week'),
    )!;
    try {
      const out = relativeFormat(ctx.locale, { numeric: 'always' }).format(
        Math.round((to - from) / size),
        unit,
      );
      vars[0].value = o.get('context') === 'begin-sentence' ? capitalize(out, ctx.locale) : out;
    } catch {
      vars[0].value = '';
    }
  },
};
