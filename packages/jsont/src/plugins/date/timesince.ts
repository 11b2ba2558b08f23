import type { Formatter } from '../../plugin.js';
import { INVALID_DATE, UNITS } from './relative.js';
import { toInstant } from './zoned.js';

/** Spec §9: "Relative time reads 'about N units ago'; under a minute reads 'less than a minute ago'." */
const LESS_THAN_A_MINUTE = 'less than a minute ago';

/**
 * English distance of a past instant, whole units rounded down; like the reference, an instant
 * in the future (a negative distance) reads 'less than a minute ago'.
 */
export function humanizeSince(ms: number): string {
  const [unit, size] = UNITS.find(([, size]) => ms >= size) ?? [];
  if (!size || unit === 'second') return LESS_THAN_A_MINUTE;
  const n = Math.floor(ms / size);
  return `about ${n === 1 ? (unit === 'hour' ? 'an' : 'a') : n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/**
 * `timesince`: a span the front end can refresh, holding the English distance from now; an
 * invalid date is the bare 'Invalid date.' (spec §8), with no span for a script to refresh.
 */
export const timesinceFormatter: Formatter = {
  apply(ctx, _args, vars) {
    const epoch = toInstant(vars[0].value);
    vars[0].value = Number.isFinite(epoch)
      ? `<span class="timesince" data-date="${epoch}">${humanizeSince(ctx.now - epoch)}</span>`
      : INVALID_DATE;
  },
};
