import type { Formatter } from '../../plugin.js';
import { field, isObject, text } from '../content/util.js';
import { COLOR_POSITIONS } from './meta.js';

/** Colour accepts 3 or 6 hex digits with optional #, otherwise yields nothing. */
const HEX_COLOR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;
/** The light/dark split is at half of the maximum colour value. */
export const MAX_COLOR_VALUE = 0xffffff;
export const LIGHT_DARK_SPLIT = MAX_COLOR_VALUE / 2;

/** The colour as one 24-bit number, or undefined when it is not 3 or 6 hex digits. */
export function parseHexColor(value: unknown): number | undefined {
  const match = HEX_COLOR.exec(text(value).trim());
  if (!match) return undefined;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join('') : match[1]!;
  return Number.parseInt(digits, 16);
}

export const colorWeightFormatter: Formatter = {
  apply(_ctx, _args, vars) {
    const color = parseHexColor(vars[0]!.value);
    vars[0]!.value = color === undefined ? '' : color > LIGHT_DARK_SPLIT ? 'light' : 'dark';
  },
};

/**
 * The image's colour averages: with no arguments every position as data-color-* attributes;
 * with a position its colour, prefixed by a CSS property name when a second argument is given.
 */
export const imageColorFormatter: Formatter = {
  apply(_ctx, args, vars) {
    const colorData = field(vars[0]!.value, 'colorData');
    if (!isObject(colorData)) {
      vars[0]!.value = '';
      return;
    }
    const [position, property] = args;
    if (position === undefined) {
      vars[0]!.value = COLOR_POSITIONS.filter((p) => colorData[`${p}Average`] != null)
        .map((p) => `data-color-${p}="#${text(colorData[`${p}Average`])}"`)
        .join(' ');
      return;
    }
    const color = field(colorData, `${position}Average`);
    if (color == null) vars[0]!.value = `"${position}" not found.`;
    else vars[0]!.value = property === undefined ? `#${text(color)}` : `${property}: #${text(color)}`;
  },
};

/** Hue is 0 to 360 degrees; saturation, lightness and alpha are fractions 0 to 1. */
export const HUE_MAX = 360;
export const FRACTION_MAX = 1;
/** HSL values print with at most two decimals. */
const DECIMALS = 100;
const PERCENT = 100;

export const HSL_MESSAGES = {
  missing: 'Missing an H/S/L value.',
  hue: 'Hue out of bounds. (0-360)',
  saturation: 'Saturation out of bounds.',
  lightness: 'Lightness out of bounds. (0-1)',
  alpha: 'Alpha out of bounds. (0-1)',
} as const;

function round(value: number): number {
  return Math.round(value * DECIMALS) / DECIMALS;
}

/** A site colour {hue, saturation, lightness, alpha?} as CSS hsl()/hsla(), or the reasons it is invalid. */
export const websiteColorFormatter: Formatter = {
  apply(_ctx, _args, vars) {
    const color = vars[0]!.value;
    const [h, s, l, a] = ['hue', 'saturation', 'lightness', 'alpha'].map((key) => field(color, key));
    if (typeof h !== 'number' || typeof s !== 'number' || typeof l !== 'number') {
      vars[0]!.value = HSL_MESSAGES.missing;
      return;
    }
    const alpha = typeof a === 'number' ? a : undefined;
    const outside = (value: number, max: number) => value < 0 || value > max;
    const errors = [
      outside(h, HUE_MAX) && HSL_MESSAGES.hue,
      outside(s, FRACTION_MAX) && HSL_MESSAGES.saturation,
      outside(l, FRACTION_MAX) && HSL_MESSAGES.lightness,
      alpha !== undefined && outside(alpha, FRACTION_MAX) && HSL_MESSAGES.alpha,
    ].filter(Boolean);
    if (errors.length > 0) {
      vars[0]!.value = errors.join(' ');
      return;
    }
    const body = `${round(h)}, ${round(s * PERCENT)}%, ${round(l * PERCENT)}%`;
    vars[0]!.value = alpha === undefined ? `hsl(${body})` : `hsla(${body}, ${round(alpha)})`;
  },
};
