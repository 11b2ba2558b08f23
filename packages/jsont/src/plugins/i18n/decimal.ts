import type { Formatter, RenderContext } from '../../plugin.js';
import { numberFormat } from './intl.js';
import { decimalText, formatExact, numberOptions } from './numbers.js';

export function decimalValue(ctx: RenderContext, value: unknown, options: Intl.NumberFormatOptions): string {
  const text = decimalText(value);
  if (text === undefined) return '';
  try {
    return formatExact(numberFormat(ctx.locale, options), text);
  } catch {
    return '';
  }
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
