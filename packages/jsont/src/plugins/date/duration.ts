import type { Formatter } from '../../plugin.js';
import { pad } from './date.js';

/** `humanizeDuration`: milliseconds as m:ss, or h:mm:ss from an hour up. */
export const humanizeDurationFormatter: Formatter = {
  apply(_ctx, _args, vars) {
    const ms = Number(vars[0].value);
    if (!Number.isFinite(ms)) {
      vars[0].value = '';
      return;
    }
    const total = Math.floor(Math.abs(ms) / 1000);
    const h = Math.floor(total / 3600);
    const m = Math.floor((total % 3600) / 60);
    const s = total % 60;
    const sign = ms < 0 ? '-' : '';
    vars[0].value = h > 0 ? `${sign}${h}:${pad(m)}:${pad(s)}` : `${sign}${m}:${pad(s)}`;
  },
};
