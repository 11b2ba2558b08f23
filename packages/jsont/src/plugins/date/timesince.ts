import type { Formatter } from '../../plugin.js';
import { INVALID_DATE } from './relative.js';
import { toInstant } from './zoned.js';

/** Spec §9: "Relative time reads 'about N units ago'; under a minute reads 'less than a minute ago'." */
const LESS_THAN_A_MINUTE = 'less than a minute ago';

const UNITS: readonly [string, string, number][] = [
  ['year', 'a', 365 * 86_400_000],
  ['month', 'a', 30 * 86_400_000],
  ['week', 'a', 7 * 86_400_000],
  ['day', 'a', 86_400_000],
  ['hour', 'an', 3_600_000],
  ['minute', 'a', 60_000],
];

/** English distance between two instants, whole units rounded down. */
export function humanizeSince(ms: number): string {
  const abs = Math.abs(ms);
  for (const [unit, article, size] of UNITS) {
    const n = Math.floor(abs / size);
    if (n >= 1) return `about ${n === 1 ? article : n} ${unit}${n === 1 ? '' : 's'} ago`;
  }
  return LESS_THAN_A_MINUTE;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `timesince`: a span the front end can refresh, holding the English distance from now. */
export const timesinceFormatter: Formatter = {
  apply(ctx, _args, vars) {
    const raw = vars[0].value;
    const epoch = toInstant(raw);
    const text = Number.isFinite(epoch) ? humanizeSince(ctx.now - epoch) : INVALID_DATE;
    const data = Number.isFinite(epoch) ? String(epoch) : escapeAttr(String(raw ?? ''));
    vars[0].value = `<span class="timesince" data-date="${data}">${text}</span>`;
  },
};
