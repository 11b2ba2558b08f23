import type { Formatter, RenderContext } from '../../plugin.js';
import { decimalText, formatNumber, numberOptions } from './numbers.js';

export function decimalValue(ctx: RenderContext, value: unknown, options: Intl.NumberFormatOptions): string {
  const text = decimalText(value);
  return text === undefined ? '' : formatNumber(ctx.locale, options, text);
}

/** `decimal [style:…] [maxfrac:N] [group] [round:…] [mode:…]`: a localized number. */
export const decimalFormatter: Formatter = {
  validate: (args) => numberOptions(args),
  apply(ctx, args, vars, parsed) {
    vars[0].value = decimalValue(
      ctx,
      vars[0].value,
      (parsed as Intl.NumberFormatOptions) ?? numberOptions(args),
    );
  },
};
