import { ArgumentsError, type Formatter } from '../../plugin.js';
import { text } from '../content/util.js';

/** Image width variants below the largest thumbnail, 1500w. */
const THUMBNAIL_WIDTHS = [100, 300, 500, 750, 1000];

/** The smallest thumbnail at least `width` wide (100w for anything not a number). */
export function thumbnailFor(width: number): string {
  return `${THUMBNAIL_WIDTHS.find((w) => !(width > w)) ?? 1500}w`;
}

/** Spec §5: "Size helper needs a WxH string, otherwise \"Invalid source parameter. Pass in 'originalSize'.\"" */
const INVALID_SOURCE = "Invalid source parameter. Pass in 'originalSize'.";

/** A 'WxH' string with positive sides as [W, H], else undefined (an image object is not one). */
function dimensions(value: unknown): [number, number] | undefined {
  const size = /^([1-9]\d*)x([1-9]\d*)$/.exec(text(value));
  return size ? [Number(size[1]), Number(size[2])] : undefined;
}

const positiveArgument = (args: readonly string[]) => {
  if (!(Number(args[0]) > 0)) throw new ArgumentsError('Expected a positive size argument');
};

/** A resize helper: `compute` gets the parsed WxH and the numeric argument. */
function resizeFormatter(compute: (width: number, height: number, n: number) => number | string): Formatter {
  return {
    validate: positiveArgument,
    apply(_ctx, args, vars) {
      const size = dimensions(vars[0]!.value);
      vars[0]!.value = size ? compute(size[0], size[1], Number(args[0])) : INVALID_SOURCE;
    },
  };
}

/** `width` / `height`: one side of a WxH string; nothing for anything else, as in the reference. */
const sideFormatter = (side: 0 | 1): Formatter => ({
  apply(_ctx, _args, vars) {
    vars[0]!.value = dimensions(vars[0]!.value)?.[side];
  },
});

export const sizeFormatters: Record<string, Formatter> = {
  width: sideFormatter(0),
  height: sideFormatter(1),
  resizedHeightForWidth: resizeFormatter((w, h, n) => Math.floor((h * n) / w)),
  resizedWidthForHeight: resizeFormatter((w, h, n) => Math.floor((w * n) / h)),
  // The thumbnail for a width depends on the width alone: the value (a WxH, an image object) is not read.
  squarespaceThumbnailForWidth: {
    validate: positiveArgument,
    apply(_ctx, args, vars) {
      vars[0]!.value = thumbnailFor(Number(args[0]));
    },
  },
  squarespaceThumbnailForHeight: resizeFormatter((w, h, n) => thumbnailFor(Math.floor((w * n) / h))),
};
