import type { Formatter } from '../../plugin.js';
import { decimalText, formatNumber } from './numbers.js';

/** Spec §9: "Percentage format: 2 fraction digits, 0 with trim, max 3." */
export const PERCENT_FRACTION_DIGITS = 2;
export const PERCENT_TRIM_FRACTION_DIGITS = 0;
export const PERCENT_MAX_FRACTION_DIGITS = 3;

/** `percentage-format [trim]`: a number as a percentage figure (no sign); non-numbers are 0. */
export const percentageFormatter: Formatter = {
  apply(ctx, args, vars) {
    const trim = args.includes('trim');
    vars[0].value = formatNumber(
      ctx.locale,
      {
        minimumFractionDigits: trim ? PERCENT_TRIM_FRACTION_DIGITS : PERCENT_FRACTION_DIGITS,
        maximumFractionDigits: PERCENT_MAX_FRACTION_DIGITS,
      },
      decimalText(vars[0].value) ?? '0',
    );
  },
};
