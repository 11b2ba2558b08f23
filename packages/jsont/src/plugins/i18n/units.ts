import type { Formatter, RenderContext } from '../../plugin.js';
import { numberFormat, parseOptions, pluralRules } from './intl.js';
import { decimalText, formatExact, numberOptions } from './numbers.js';

/**
 * Unit conversion. Each unit has a category and its size in the category's base unit
 * (metre, square metre, second, bit, degree, hertz, metre per second squared, kilogram,
 * metre per second, litre); factors are the standard definitions (inch = 0.0254 m,
 * pound = 0.45359237 kg, Gregorian year = 365.2425 days, astronomical unit = 149597870700 m,
 * kilobyte = 1024 bytes…). Names come from Intl where it knows the unit; the few it does not
 * know carry English symbols and names here.
 */
interface Unit {
  category: string;
  factor: number;
  /** narrow, short, long singular, long plural, for units Intl cannot name. */
  names?: [string, string, string, string];
}

const YEAR_S = 31_556_952;
const AU_M = 149_597_870_700;
const LIGHT_YEAR_M = 9_460_730_472_580_800;
const PARSEC_M = 3.085677581491367e16;
const INCH_M = 0.0254;
const KIB = 1024;

const u = (category: string, factor: number, names?: Unit['names']): Unit => ({ category, factor, names });
const UNITS: Record<string, Unit> = {
  millimeter: u('length', 0.001),
  centimeter: u('length', 0.01),
  meter: u('length', 1),
  kilometer: u('length', 1000),
  inch: u('length', INCH_M),
  foot: u('length', 12 * INCH_M),
  yard: u('length', 36 * INCH_M),
  mile: u('length', 63_360 * INCH_M),
  point: u('length', INCH_M / 72, ['pt', 'pt', 'point', 'points']),
  'astronomical-unit': u('length', AU_M, ['au', 'au', 'astronomical unit', 'astronomical units']),
  'light-year': u('length', LIGHT_YEAR_M, ['ly', 'ly', 'light year', 'light years']),
  parsec: u('length', PARSEC_M, ['pc', 'pc', 'parsec', 'parsecs']),
  'square-centimeter': u('area', 1e-4, ['cm²', 'cm²', 'square centimeter', 'square centimeters']),
  'square-meter': u('area', 1, ['m²', 'm²', 'square meter', 'square meters']),
  'square-kilometer': u('area', 1e6, [' km²', 'km²', 'square kilometer', 'square kilometers']),
  'square-inch': u('area', INCH_M ** 2, ['in²', 'in²', 'square inch', 'square inches']),
  'square-foot': u('area', (12 * INCH_M) ** 2, ['ft²', 'sq ft', 'square foot', 'square feet']),
  'square-yard': u('area', (36 * INCH_M) ** 2, ['yd²', 'yd²', 'square yard', 'square yards']),
  'square-mile': u('area', (63_360 * INCH_M) ** 2, ['mi²', 'sq mi', 'square mile', 'square miles']),
  acre: u('area', 4046.8564224),
  hectare: u('area', 10_000),
  nanosecond: u('duration', 1e-9),
  microsecond: u('duration', 1e-6),
  millisecond: u('duration', 1e-3),
  second: u('duration', 1),
  minute: u('duration', 60),
  hour: u('duration', 3600),
  day: u('duration', 86_400),
  week: u('duration', 604_800),
  month: u('duration', YEAR_S / 12),
  year: u('duration', YEAR_S),
  century: u('duration', 100 * YEAR_S, ['c', 'c', 'century', 'centuries']),
  bit: u('digital', 1),
  kilobit: u('digital', 1e3),
  megabit: u('digital', 1e6),
  gigabit: u('digital', 1e9),
  terabit: u('digital', 1e12),
  byte: u('digital', 8),
  kilobyte: u('digital', 8 * KIB),
  megabyte: u('digital', 8 * KIB ** 2),
  gigabyte: u('digital', 8 * KIB ** 3),
  terabyte: u('digital', 8 * KIB ** 4),
  petabyte: u('digital', 8 * KIB ** 5),
  degree: u('angle', 1),
  'arc-minute': u('angle', 1 / 60, ['′', 'arcmins', 'arcminute', 'arcminutes']),
  'arc-second': u('angle', 1 / 3600, ['″', 'arcsecs', 'arcsecond', 'arcseconds']),
  revolution: u('angle', 360, ['rev', 'rev', 'revolution', 'revolutions']),
  radian: u('angle', 180 / Math.PI, ['rad', 'rad', 'radian', 'radians']),
  hertz: u('frequency', 1, ['Hz', 'Hz', 'hertz', 'hertz']),
  kilohertz: u('frequency', 1e3, ['kHz', 'kHz', 'kilohertz', 'kilohertz']),
  megahertz: u('frequency', 1e6, ['MHz', 'MHz', 'megahertz', 'megahertz']),
  gigahertz: u('frequency', 1e9, ['GHz', 'GHz', 'gigahertz', 'gigahertz']),
  'g-force': u('acceleration', 9.80665, ['G', 'G', 'g-force', 'g-force']),
  'meter-per-second-squared': u('acceleration', 1, [
    'm/s²',
    'm/s²',
    'meter per second squared',
    'meters per second squared',
  ]),
  milligram: u('mass', 1e-6),
  gram: u('mass', 1e-3),
  kilogram: u('mass', 1),
  ounce: u('mass', 0.028349523125),
  pound: u('mass', 0.45359237),
  stone: u('mass', 6.35029318),
  'meter-per-second': u('speed', 1),
  'kilometer-per-hour': u('speed', 1 / 3.6),
  'mile-per-hour': u('speed', 0.44704),
  milliliter: u('volume', 1e-3),
  liter: u('volume', 1),
  'fluid-ounce': u('volume', 0.0295735295625),
  gallon: u('volume', 3.785411784),
  celsius: u('temperature', 1),
  fahrenheit: u('temperature', 1),
  kelvin: u('temperature', 1, ['K', 'K', 'kelvin', 'kelvins']),
};

/** Units chosen from when no output unit is given: [metric, US customary]. */
const BEST: Record<string, string[][]> = {
  length: [
    ['millimeter', 'centimeter', 'meter', 'kilometer'],
    ['inch', 'foot', 'yard', 'mile'],
  ],
  area: [
    ['square-centimeter', 'square-meter', 'hectare', 'square-kilometer'],
    ['square-inch', 'square-foot', 'acre', 'square-mile'],
  ],
  duration: [
    [
      'nanosecond',
      'microsecond',
      'millisecond',
      'second',
      'minute',
      'hour',
      'day',
      'month',
      'year',
      'century',
    ],
  ],
  digital: [['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte']],
  angle: [['arc-second', 'arc-minute', 'degree']],
  frequency: [['hertz', 'kilohertz', 'megahertz', 'gigahertz']],
  mass: [
    ['milligram', 'gram', 'kilogram'],
    ['ounce', 'pound'],
  ],
  speed: [['kilometer-per-hour'], ['mile-per-hour']],
  volume: [
    ['milliliter', 'liter'],
    ['fluid-ounce', 'gallon'],
  ],
  temperature: [['celsius'], ['fahrenheit']],
};
const COMPACT: Record<string, string[]> = {
  bytes: BEST.digital[0],
  bits: ['bit', 'kilobit', 'megabit', 'gigabit', 'terabit'],
  angle: BEST.angle[0],
};
/** Regions that measure in US customary units. */
const US_REGIONS = ['US', 'LR', 'MM'];
const DEFAULT_FRACTION_DIGITS = 1;

const ALIASES: Record<string, string> = { feet: 'foot', inches: 'inch', centuries: 'century' };
function unitName(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const n = ALIASES[name] ?? name;
  if (UNITS[n]) return n;
  return UNITS[n.replace(/s$/, '')] ? n.replace(/s$/, '') : undefined;
}

function convert(v: number, from: string, to: string): number {
  if (from === to) return v;
  if (UNITS[from].category === 'temperature') {
    const c = from === 'fahrenheit' ? ((v - 32) * 5) / 9 : from === 'kelvin' ? v - 273.15 : v;
    return to === 'fahrenheit' ? (c * 9) / 5 + 32 : to === 'kelvin' ? c + 273.15 : c;
  }
  return (v * UNITS[from].factor) / UNITS[to].factor;
}

/** The largest unit the value fills at least once, else the smallest. */
function best(v: number, from: string, candidates: string[]): string {
  const sorted = [...candidates].sort((a, b) => UNITS[a].factor - UNITS[b].factor);
  let pick = sorted[0];
  for (const c of sorted) if (Math.abs(convert(v, from, c)) >= 1) pick = c;
  return pick;
}

type Display = 'narrow' | 'short' | 'long';

function formatUnit(
  ctx: RenderContext,
  v: number,
  unit: string,
  display: Display,
  o: Intl.NumberFormatOptions,
): string {
  const names = UNITS[unit].names;
  const text = String(v);
  if (!names)
    return formatExact(numberFormat(ctx.locale, { ...o, style: 'unit', unit, unitDisplay: display }), text);
  const number = formatExact(numberFormat(ctx.locale, o), text);
  if (display === 'narrow') return number + names[0];
  if (display === 'short') return `${number} ${names[1]}`;
  const one = pluralRules(ctx.locale).select(Number(number.replace(/[^\d.-]/g, ''))) === 'one';
  return `${number} ${one ? names[2] : names[3]}`;
}

/**
 * `unit in:UNIT [out:UNIT|UNIT,UNIT…] [sequence:UNIT,UNIT…] [compact:bytes|bits|angle]
 * [format:narrow|short|long] [maxfrac:N] [group]`.
 */
export function unitValue(ctx: RenderContext, value: unknown, args: readonly string[]): string {
  const text = decimalText(value);
  const o = parseOptions(args);
  const from = unitName(o.get('in'));
  if (text === undefined || !from) return '';
  const v = Number(text);
  const category = UNITS[from].category;
  const display = (
    ['narrow', 'short', 'long'].includes(o.get('format') ?? '') ? o.get('format') : 'narrow'
  ) as Display;
  const n = numberOptions(args);
  n.useGrouping = o.has('group') && o.get('group') !== 'false';
  if (n.maximumFractionDigits === undefined && n.maximumSignificantDigits === undefined) {
    n.maximumFractionDigits = DEFAULT_FRACTION_DIGITS;
  }
  const same = (list: string | undefined) =>
    (list ?? '')
      .split(',')
      .map(unitName)
      .filter((x): x is string => x !== undefined && UNITS[x].category === category);
  try {
    const sequence = same(o.get('sequence'));
    if (sequence.length > 0) {
      const parts: string[] = [];
      // Only the first part carries the sign: -2mi 2255′ 9.4″.
      const sign = v < 0 ? -1 : 1;
      let rest = convert(Math.abs(v), from, sequence[0]);
      sequence.forEach((unit, i) => {
        if (i > 0) rest = convert(rest, sequence[i - 1], unit);
        const last = i === sequence.length - 1;
        const whole = last ? rest : Math.trunc(rest);
        parts.push(formatUnit(ctx, i === 0 ? sign * whole : whole, unit, display, n));
        rest -= whole;
      });
      return parts.join(' ');
    }
    const outs = same(o.get('out'));
    const compact = COMPACT[o.get('compact') ?? ''];
    const region = new Intl.Locale(ctx.locale).maximize().region ?? '';
    const systems = BEST[category] ?? [[from]];
    const system = systems[US_REGIONS.includes(region) ? systems.length - 1 : 0];
    const out = outs.length === 1 ? outs[0] : best(v, from, outs.length > 1 ? outs : (compact ?? system));
    return formatUnit(ctx, convert(v, from, out), out, display, n);
  } catch {
    return '';
  }
}

/** `unit`: converts and formats a quantity. */
export const unitFormatter: Formatter = {
  apply(ctx, args, vars) {
    vars[0].value = unitValue(ctx, vars[0].value, args);
  },
};
