import type { Formatter } from '../../plugin.js';
import { field, isObject, text } from '../content/util.js';
import { mapValue } from '../core/mapvalue.js';
import { COLOR_POSITIONS } from './meta.js';

/** HSL values print with at most two decimals. */
const round = (value: number): number => Math.round(value * 100) / 100;

/** Saturation, lightness and alpha are fractions 0 to 1; hue is 0 to 360 degrees. */
const outside = (value: number, max = 1): boolean => value < 0 || value > max;

export const colorFormatters: Record<string, Formatter> = {
  /** 3 or 6 hex digits with optional #, else nothing; the light/dark split is at half of 0xffffff. */
  'color-weight': mapValue((value) => {
    const digits = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text(value).trim())?.[1];
    if (digits === undefined) return '';
    // Three digits stand for six: 'abc' is 'aabbcc'.
    const color = Number.parseInt(digits.replace(/^(.)(.)(.)$/, '$1$1$2$2$3$3'), 16);
    return color > 0xffffff / 2 ? 'light' : 'dark';
  }),
  /**
   * The image's colour averages: with no arguments every position as data-color-* attributes;
   * with a position its colour, prefixed by a CSS property name when a second argument is given.
   */
  'image-color': mapValue((value, args) => {
    const colorData = field(value, 'colorData');
    if (!isObject(colorData)) return '';
    const [position, property] = args;
    if (position === undefined) {
      return COLOR_POSITIONS.flatMap((p) => {
        const color = colorData[`${p}Average`];
        return color == null ? [] : `data-color-${p}="#${text(color)}"`;
      }).join(' ');
    }
    const color = field(colorData, `${position}Average`);
    if (color == null) return `"${position}" not found.`;
    return property === undefined ? `#${text(color)}` : `${property}: #${text(color)}`;
  }),
  /** A site colour {hue, saturation, lightness, alpha?} as CSS hsl()/hsla(), or the reasons it is invalid. */
  'website-color': mapValue((color) => {
    const [h, s, l, a] = ['hue', 'saturation', 'lightness', 'alpha'].map((key) => field(color, key));
    if (typeof h !== 'number' || typeof s !== 'number' || typeof l !== 'number')
      return 'Missing an H/S/L value.';
    const alpha = typeof a === 'number' ? a : undefined;
    const errors = [
      outside(h, 360) && 'Hue out of bounds. (0-360)',
      outside(s) && 'Saturation out of bounds.',
      outside(l) && 'Lightness out of bounds. (0-1)',
      alpha !== undefined && outside(alpha) && 'Alpha out of bounds. (0-1)',
    ].filter(Boolean);
    if (errors.length > 0) return errors.join(' ');
    const body = `${round(h)}, ${round(s * 100)}%, ${round(l * 100)}%`;
    return alpha === undefined ? `hsl(${body})` : `hsla(${body}, ${round(alpha)})`;
  }),
};
