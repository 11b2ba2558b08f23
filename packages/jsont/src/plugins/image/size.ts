import { ArgumentsError, type Formatter } from '../../plugin.js';
import { text } from '../content/util.js';

/** Image width variants below the largest thumbnail, 1500w. */
const THUMBNAIL_WIDTHS = [100, 300, 500, 750, 1000];

/** The smallest thumbnail at least `width` wide (100w for anything not a number). */
export function thumbnailFor(width: number): string {
  return `${THUMBNAIL_WIDTHS.find((w) => !(width > w)) ?? 1500}w`;
}

/** A size helper: `compute` gets the parsed WxH and the numeric argument (when it takes one). */
function sizeFormatter(
  compute: (width: number, height: number, n: number) => number | string,
  takesArgument = true,
): Formatter {
  return {
    validate(args) {
      if (takesArgument && !(Number(args[0]) > 0))
        throw new ArgumentsError('Expected a positive size argument');
    },
    apply(_ctx, args, vars) {
      // A 'WxH' string with positive sides.
      const size = /^([1-9]\d*)x([1-9]\d*)$/.exec(text(vars[0]!.value));
      vars[0]!.value = size
        ? compute(Number(size[1]), Number(size[2]), Number(args[0]))
        : "Invalid source parameter. Pass in 'originalSize'.";
    },
  };
}

export const sizeFormatters: Record<string, Formatter> = {
  width: sizeFormatter((w) => w, false),
  height: sizeFormatter((_w, h) => h, false),
  resizedHeightForWidth: sizeFormatter((w, h, n) => Math.floor((h * n) / w)),
  resizedWidthForHeight: sizeFormatter((w, h, n) => Math.floor((w * n) / h)),
  squarespaceThumbnailForWidth: sizeFormatter((_w, _h, n) => thumbnailFor(n)),
  squarespaceThumbnailForHeight: sizeFormatter((w, h, n) => thumbnailFor(Math.floor((w * n) / h))),
};
