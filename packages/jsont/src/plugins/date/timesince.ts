import type { Formatter } from '../../plugin.js';
import { INVALID_DATE, UNITS } from './relative.js';
import { toInstant } from './zoned.js';

/** Spec §9: "Relative time reads 'about N units ago'; under a minute reads 'less than a minute ago'." */
const LESS_THAN_A_MINUTE = 'less than a minute ago';

/** English distance between two instants, whole units rounded down. */
export function humanizeSince(ms: number): string {
  const [unit, size] = UNITS.find(([, size]) => Math.abs(ms) >= size) ?? [];
  if (!size || unit === 'second') return LESS_THAN_A_MINUTE;
  const n = Math.floor(Math.abs(ms) / size);
  return `about ${n === 1 ? (unit === 'hour' ? 'an' : 'a') : n} ${unit}${n === 1 ? '' : 's'} ago`;
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
