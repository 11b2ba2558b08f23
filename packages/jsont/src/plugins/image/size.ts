import { ArgumentsError, type Formatter } from '../../plugin.js';
import { text } from '../content/util.js';

export const INVALID_SIZE_MESSAGE = "Invalid source parameter. Pass in 'originalSize'.";

/**
 * Thumbnail sizing picks 1500w above 1000, 1000w above 750, 750w above 500, 500w above 300,
 * 300w above 100, else 100w.
 */
export const THUMBNAIL_STEPS: readonly (readonly [above: number, variant: string])[] = [
  [1000, '1500w'],
  [750, '1000w'],
  [500, '750w'],
  [300, '500w'],
  [100, '300w'],
];
export const SMALLEST_THUMBNAIL = '100w';

export function thumbnailFor(width: number): string {
  return THUMBNAIL_STEPS.find(([above]) => width > above)?.[1] ?? SMALLEST_THUMBNAIL;
}

/** A 'WxH' string with positive sides as numbers, or undefined. */
function parseSize(value: unknown): [width: number, height: number] | undefined {
  const match = /^([1-9]\d*)x([1-9]\d*)$/.exec(text(value));
  return match ? [Number(match[1]), Number(match[2])] : undefined;
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
      const size = parseSize(vars[0]!.value);
      vars[0]!.value = size ? compute(size[0], size[1], Number(args[0])) : INVALID_SIZE_MESSAGE;
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
