import type { Formatter } from '../../plugin.js';
import { capitalize, parseOptions, relativeFormat } from '../i18n/intl.js';
import { toInstant } from './zoned.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** Spec §8: "The relative-time formatter returns 'Invalid date.' for a non-number." */
export const INVALID_DATE = 'Invalid date.';

/** Picks the largest unit the distance fills at least once. */
function unitFor(ms: number, allowWeeks: boolean): [Intl.RelativeTimeFormatUnit, number] {
  const abs = Math.abs(ms);
  if (abs >= YEAR) return ['year', YEAR];
  if (abs >= MONTH) return ['month', MONTH];
  if (allowWeeks && abs >= WEEK) return ['week', WEEK];
  if (abs >= DAY) return ['day', DAY];
  if (abs >= HOUR) return ['hour', HOUR];
  if (abs >= MINUTE) return ['minute', MINUTE];
  return ['second', SECOND];
}

/**
 * `relative-time [allowWeeks:true] [context:begin-sentence]`: "in 2 hours", "11 hours ago".
 * With two values the second is measured from the first, else the value from now.
 */
export const relativeTimeFormatter: Formatter = {
  apply(ctx, args, vars) {
    const o = parseOptions(args);
    const second = vars.length > 1 ? toInstant(vars[1].value) : Number.NaN;
    const first = toInstant(vars[0].value);
    const [from, to] = vars.length > 1 ? [first, second] : [ctx.now, first];
    if (!Number.isFinite(from) || !Number.isFinite(to)) {
      vars[0].value = INVALID_DATE;
      return;
    }
    const [unit, size] = unitFor(to - from, o.get('allowWeeks') === 'true');
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
