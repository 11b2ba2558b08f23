import type { Formatter, Predicate, RenderContext } from '../../plugin.js';
import { numberFormat, parseOptions, pluralRules } from './intl.js';
import { decimalText, formatExact, numberOptions } from './numbers.js';

/**
 * Unit conversion. Each unit has a category and its size in the category's base unit (metre,
 * square metre, litre, litre per km, second, bit, degree, hertz, m/s², kilogram, m/s, ampere,
 * joule, watt). Factors are the standard definitions: inch = 0.0254 m, US gallon = 231 in³,
 * pound = 0.45359237 kg, short ton = 2000 lb, standard gravity = 9.80665 m/s², mechanical
 * horsepower = 550 ft·lbf/s, Gregorian year = 365.2425 days, astronomical unit =
 * 149597870700 m, light year = c × Julian year, parsec = 648000/π au, kilobyte = 1024 bytes. A negative factor marks a reciprocal unit (miles per
 * gallon), whose value is -factor / base.
 */
const INCH = 0.0254;
const FOOT = 12 * INCH;
const YARD = 3 * FOOT;
const MILE = 1760 * YARD;
const GALLON_L = 231 * INCH ** 3 * 1000;
const POUND = 0.45359237;
const YEAR_S = 31_556_952;
const KIB = 1024;
const AU = 149_597_870_700;
const HORSEPOWER_W = 550 * FOOT * POUND * 9.80665;

type Unit = [category: string, factor: number];
const UNITS: Record<string, Unit> = {
  millimeter: ['length', 0.001],
  centimeter: ['length', 0.01],
  meter: ['length', 1],
  kilometer: ['length', 1000],
  inch: ['length', INCH],
  foot: ['length', FOOT],
  yard: ['length', YARD],
  mile: ['length', MILE],
  point: ['length', INCH / 72],
  'astronomical-unit': ['length', AU],
  'light-year': ['length', 299_792_458 * 365.25 * 86_400],
  parsec: ['length', (648_000 / Math.PI) * AU],
  'square-centimeter': ['area', 1e-4],
  'square-meter': ['area', 1],
  'square-kilometer': ['area', 1e6],
  'square-inch': ['area', INCH ** 2],
  'square-foot': ['area', FOOT ** 2],
  'square-yard': ['area', YARD ** 2],
  'square-mile': ['area', MILE ** 2],
  acre: ['area', 4840 * YARD ** 2],
  hectare: ['area', 1e4],
  milliliter: ['volume', 0.001],
  liter: ['volume', 1],
  'cubic-centimeter': ['volume', 0.001],
  'cubic-meter': ['volume', 1e3],
  'cubic-kilometer': ['volume', 1e12],
  'cubic-inch': ['volume', INCH ** 3 * 1e3],
  'cubic-foot': ['volume', FOOT ** 3 * 1e3],
  'cubic-yard': ['volume', YARD ** 3 * 1e3],
  'cubic-mile': ['volume', MILE ** 3 * 1e3],
  'fluid-ounce': ['volume', GALLON_L / 128],
  pint: ['volume', GALLON_L / 8],
  gallon: ['volume', GALLON_L],
  'liter-per-kilometer': ['consumption', 1],
  'liter-per-100-kilometer': ['consumption', 0.01],
  'mile-per-gallon': ['consumption', -GALLON_L / (MILE / 1000)],
  nanosecond: ['duration', 1e-9],
  microsecond: ['duration', 1e-6],
  millisecond: ['duration', 1e-3],
  second: ['duration', 1],
  minute: ['duration', 60],
  hour: ['duration', 3600],
  day: ['duration', 86_400],
  week: ['duration', 604_800],
  month: ['duration', YEAR_S / 12],
  year: ['duration', YEAR_S],
  century: ['duration', 100 * YEAR_S],
  bit: ['digital', 1],
  kilobit: ['digital', 1e3],
  megabit: ['digital', 1e6],
  gigabit: ['digital', 1e9],
  terabit: ['digital', 1e12],
  byte: ['digital', 8],
  kilobyte: ['digital', 8 * KIB],
  megabyte: ['digital', 8 * KIB ** 2],
  gigabyte: ['digital', 8 * KIB ** 3],
  terabyte: ['digital', 8 * KIB ** 4],
  petabyte: ['digital', 8 * KIB ** 5],
  degree: ['angle', 1],
  'arc-minute': ['angle', 1 / 60],
  'arc-second': ['angle', 1 / 3600],
  revolution: ['angle', 360],
  radian: ['angle', 180 / Math.PI],
  hertz: ['frequency', 1],
  'g-force': ['acceleration', 9.80665],
  'meter-per-second-squared': ['acceleration', 1],
  milligram: ['mass', 1e-6],
  gram: ['mass', 1e-3],
  kilogram: ['mass', 1],
  'metric-ton': ['mass', 1000],
  ounce: ['mass', POUND / 16],
  pound: ['mass', POUND],
  stone: ['mass', 14 * POUND],
  ton: ['mass', 2000 * POUND],
  'meter-per-second': ['speed', 1],
  'kilometer-per-hour': ['speed', 1 / 3.6],
  'mile-per-hour': ['speed', MILE / 3600],
  celsius: ['temperature', 1],
  fahrenheit: ['temperature', 1],
  kelvin: ['temperature', 1],
  ampere: ['electric', 1],
  joule: ['energy', 1],
  watt: ['power', 1],
  horsepower: ['power', HORSEPOWER_W],
};

/** SI prefixes by symbol: name, factor, French name where it differs. */
const PREFIXES: Record<string, [string, number, string?]> = {
  m: ['milli', 1e-3],
  d: ['deci', 0.1, 'déci'],
  h: ['hecto', 100],
  k: ['kilo', 1e3],
  M: ['mega', 1e6, 'méga'],
  G: ['giga', 1e9],
};
/** Which prefixed forms of a base unit exist (kilohertz, megawatt, milliampere…). */
const PREFIXED: Record<string, string> = {
  hertz: 'kMG',
  watt: 'mkMG',
  ampere: 'm',
  joule: 'k',
  liter: 'dhM',
};

/**
 * English and French names of the units Intl cannot format, as `narrow|short|long`. A form may
 * be `one~other`; a long form without `~` adds `s` for the plural. Narrow and short forms are
 * written with the space (or none) that goes between number and unit; an empty short form is
 * the narrow one after a space. French falls back to English.
 */
const NAMES: Record<string, [string, string?]> = {
  point: ['pt||point'],
  'astronomical-unit': ['au||astronomical unit'],
  'light-year': ['ly||light year'],
  parsec: ['pc||parsec'],
  'square-centimeter': ['cm²||square centimeter', ' cm²||centimètre carré~centimètres carrés'],
  'square-meter': ['m²||square meter', 'm²||mètre carré~mètres carrés'],
  'square-kilometer': [' km²||square kilometer', 'km²||kilomètre carré~kilomètres carrés'],
  'square-inch': ['in²||square inch~square inches', 'po²||pouce carré~pouces carrés'],
  'square-foot': ['ft²| sq ft|square foot~square feet', 'pi²||pied carré~pieds carrés'],
  'square-yard': ['yd²||square yard', ' yd²||yard carré~yards carrés'],
  'square-mile': ['mi²| sq mi|square mile', 'mi²||mile carré~miles carrés'],
  liter: ['L||liter', 'l||litre'],
  'cubic-centimeter': ['cm³||cubic centimeter', 'cm³||centimètre cube~centimètres cubes'],
  'cubic-meter': ['m³||cubic meter', 'm³||mètre cube~mètres cubes'],
  'cubic-kilometer': ['km³||cubic kilometer', 'km³||kilomètre cube~kilomètres cubes'],
  'cubic-inch': ['in³||cubic inch~cubic inches', 'po³||pouce cube~pouces cubes'],
  'cubic-foot': ['ft³||cubic foot~cubic feet', 'pi³||pied cube~pieds cubes'],
  'cubic-yard': ['yd³||cubic yard', 'yd³||yard cube~yards cubes'],
  'cubic-mile': ['mi³||cubic mile', 'mi³||mile cube~miles cubes'],
  pint: ['pt||pint', 'pt||pinte'],
  'liter-per-100-kilometer': [
    'L/100km||liter per 100 kilometers~liters per 100 kilometers',
    'l/100km||litre aux 100 km~litres aux 100 km',
  ],
  century: ['c||century~centuries', ' s.||siècle'],
  'arc-minute': ['′| arcmins|arcminute', '′|′|minute d’arc~minutes d’arc'],
  'arc-second': ['″| arcsecs|arcsecond', '″|″|seconde d’arc~secondes d’arc'],
  revolution: ['rev||revolution', ' tr||tour'],
  radian: ['rad||radian', ' rad||radian'],
  hertz: ['Hz||hertz~hertz', ' Hz||hertz~hertz'],
  'g-force': ['G~Gs| G|g-force~g-force', 'G||g-force~g-force'],
  'meter-per-second-squared': [
    'm/s²||meter per second squared~meters per second squared',
    ' m/s²||mètre par seconde carrée~mètres par seconde carrée',
  ],
  'metric-ton': ['t||metric ton', ' t||tonne'],
  ton: ['tn||ton', ' tc||tonne courte~tonnes courtes'],
  kelvin: ['K||kelvin', ' K||kelvin'],
  ampere: ['A||ampere', ' A||ampère'],
  joule: ['J||joule', ' J||joule'],
  watt: ['W||watt'],
  horsepower: ['hp||horsepower~horsepower', ' ch||cheval-vapeur~chevaux-vapeur'],
};

/** A unit with its names (undefined when Intl knows it); prefixed units are derived from their base. */
interface Found {
  unit: Unit;
  names?: [string, string?];
  prefix?: [string, string, string?];
}

function find(name: string): Found | undefined {
  const unit = UNITS[name];
  if (unit) return { unit, names: NAMES[name] };
  for (const [sym, [word, factor, fr]] of Object.entries(PREFIXES)) {
    const base = name.slice(word.length);
    if (name.startsWith(word) && PREFIXED[base]?.includes(sym)) {
      const [category, f] = UNITS[base];
      return { unit: [category, f * factor], names: NAMES[base], prefix: [sym, word, fr] };
    }
  }
  return undefined;
}

/**
 * Units chosen from when no output unit is given, by category: `metric/US customary` lists (one
 * list when both systems share it), written as one string to keep the browser bundle small.
 */
const BEST: Record<string, string[][]> = Object.fromEntries(
  [
    'length:millimeter centimeter meter kilometer/inch foot yard mile',
    'area:square-centimeter square-meter hectare square-kilometer/square-inch square-foot acre square-mile',
    'volume:cubic-centimeter cubic-meter cubic-kilometer/cubic-inch cubic-foot cubic-yard cubic-mile',
    'liquid:milliliter deciliter liter hectoliter megaliter/fluid-ounce pint gallon',
    'consumption:liter-per-100-kilometer/mile-per-gallon',
    'duration:nanosecond microsecond millisecond second minute hour day month year century',
    'duration-large:day month year century',
    'duration-small:nanosecond microsecond millisecond second minute hour day',
    'digital:byte kilobyte megabyte gigabyte terabyte petabyte',
    'bits:bit kilobit megabit gigabit terabit',
    'angle:arc-second arc-minute degree',
    'frequency:hertz kilohertz megahertz gigahertz',
    'mass:milligram gram kilogram metric-ton/ounce pound ton',
    'speed:kilometer-per-hour/mile-per-hour',
    'temperature:celsius/fahrenheit',
    'electric:milliampere ampere',
    'energy:joule kilojoule',
    'power:watt kilowatt megawatt gigawatt',
  ].map((line) => {
    const [category, lists] = line.split(':');
    return [category, lists.split('/').map((list) => list.split(' '))];
  }),
);
const COMPACT_ALIASES: Record<string, string> = { bytes: 'digital' };
/** Regions that measure in US customary units. */
const US_REGIONS = ['US', 'LR', 'MM'];
const DEFAULT_FRACTION_DIGITS = 1;

const ALIASES: Record<string, string> = {
  feet: 'foot',
  inches: 'inch',
  centuries: 'century',
  amp: 'ampere',
  milliamp: 'milliampere',
};

/** A unit id as templates write it: plurals (`kilograms`, `liters-per-kilometer`) and `100kilometers` allowed. */
function unitName(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const n = name.replace(/(\d)(?=[a-z])/g, '$1-');
  for (const c of [n, n.replace(/s(?=-|$)/g, '')]) {
    const a = ALIASES[c] ?? c;
    if (find(a)) return a;
  }
  return undefined;
}

const unitOf = (name: string): Unit => (find(name) as Found).unit;

function convert(v: number, from: string, to: string): number {
  if (from === to) return v;
  const [category, f] = unitOf(from);
  if (category === 'temperature') {
    const c = from === 'fahrenheit' ? ((v - 32) * 5) / 9 : from === 'kelvin' ? v - 273.15 : v;
    return to === 'fahrenheit' ? (c * 9) / 5 + 32 : to === 'kelvin' ? c + 273.15 : c;
  }
  const base = f < 0 ? -f / v : v * f;
  const g = unitOf(to)[1];
  return g < 0 ? -g / base : base / g;
}

/** The largest unit the value fills at least once, else the smallest. */
function best(v: number, from: string, candidates: string[]): string {
  const sorted = [...candidates].sort((a, b) => unitOf(a)[1] - unitOf(b)[1]);
  let pick = sorted[0];
  for (const c of sorted) if (Math.abs(convert(v, from, c)) >= 1) pick = c;
  return pick;
}

/** Intl's sanctioned units and their `-per-` compounds; everything else is named from the table. */
let sanctioned: string[] | undefined;
function intlKnows(unit: string): boolean {
  sanctioned ??= Intl.supportedValuesOf('unit');
  return unit.split('-per-').every((u) => sanctioned?.includes(u));
}

const DISPLAYS = ['narrow', 'short', 'long'] as const;
type Display = (typeof DISPLAYS)[number];

/** The word (with its leading space, if any) for a table unit at a width and plural form. */
function tableWord(found: Found, locale: string, width: number, one: boolean): string {
  const [en, fr] = found.names as [string, string?];
  const french = /^fr\b/i.test(locale);
  const forms = ((french && fr) || en).split('|');
  const own = forms[width];
  const pair = (own || forms[0]).split('~');
  let word = one ? pair[0] : (pair[1] ?? (width === 2 ? `${pair[0]}s` : pair[0]));
  const prefix = found.prefix;
  if (prefix) {
    word =
      width === 2
        ? (french && prefix[2] ? prefix[2] : prefix[1]) + word
        : word.replace(/\S/, `${prefix[0]}$&`);
  }
  return width === 2 || (width === 1 && !own) ? ` ${word.trim()}` : word;
}

function formatUnit(
  ctx: RenderContext,
  v: number,
  unit: string,
  display: Display,
  o: Intl.NumberFormatOptions,
): string {
  const text = String(v);
  if (intlKnows(unit)) {
    // A plain space goes between number and unit, as in the table; no-break spaces stay for grouping.
    return formatExact(
      numberFormat(ctx.locale, { ...o, style: 'unit', unit, unitDisplay: display }),
      text,
    ).replace(/\u00a0(?=\D)/g, ' ');
  }
  const { minimumFractionDigits, maximumFractionDigits } = o;
  const one =
    pluralRules(ctx.locale, { minimumFractionDigits, maximumFractionDigits }).select(Math.abs(v)) === 'one';
  const found = find(unit) as Found;
  return (
    formatExact(numberFormat(ctx.locale, o), text) +
    tableWord(found, ctx.locale, DISPLAYS.indexOf(display), one)
  );
}

/** Whole numbers are taken from sequence parts after rounding away binary noise (0.625 × 1000). */
const NOISE_DIGITS = 12;

/**
 * `unit in:UNIT [out:UNIT|UNIT,UNIT…] [sequence:UNIT,UNIT…] [compact:CATEGORY|bytes|bits|liquid|…]
 * [format:narrow|short|long] [maxfrac:N] [group]`. Without `in:` the value is in the locale
 * system's smallest unit of the output's category (inches or centimetres, °F or °C).
 */
export function unitValue(ctx: RenderContext, value: unknown, args: readonly string[]): string {
  const text = decimalText(value);
  const o = parseOptions(args);
  if (text === undefined) return '';
  const region = new Intl.Locale(ctx.locale).maximize().region ?? '';
  const us = US_REGIONS.includes(region);
  const system = (key: string) => {
    const list = BEST[key];
    return list?.[us ? list.length - 1 : 0];
  };
  const list = (key: string) =>
    (o.get(key) ?? '')
      .split(',')
      .map(unitName)
      .filter((x) => x !== undefined);
  const sequence = list('sequence');
  const outs = list('out');
  let from = unitName(o.get('in'));
  const target = sequence[0] ?? outs[0];
  if (!from && target) from = system(unitOf(target)[0])?.[0];
  if (!from) return '';
  const category = unitOf(from)[0];
  const same = (units: string[]) => units.filter((u) => unitOf(u)[0] === category);
  const v = Number(text);
  const display: Display = DISPLAYS.find((d) => d === o.get('format')) ?? 'narrow';
  const n = numberOptions(args);
  n.useGrouping = o.has('group') && o.get('group') !== 'false';
  if (n.maximumFractionDigits === undefined && n.maximumSignificantDigits === undefined) {
    n.maximumFractionDigits = Math.max(DEFAULT_FRACTION_DIGITS, n.minimumFractionDigits ?? 0);
  } else if (n.minimumFractionDigits === undefined) {
    // An explicit maxfrac is the scale of the result: 0.50986 at maxfrac:3 reads 0.510.
    n.minimumFractionDigits = n.maximumFractionDigits;
  }
  try {
    const seq = same(sequence);
    if (seq.length > 0) {
      const parts: [string, number][] = [];
      let rest = convert(Math.abs(v), from, seq[0]);
      seq.forEach((unit, i) => {
        if (i > 0) rest = convert(rest, seq[i - 1], unit);
        const whole = i === seq.length - 1 ? rest : Math.trunc(Number(rest.toPrecision(NOISE_DIGITS)));
        parts.push([unit, whole]);
        rest = Math.max(0, rest - whole);
      });
      // Empty parts are left out (3 months 21 days, not 0 years 3 months…); the first carries the sign.
      const shown = parts.filter(([, x]) => x !== 0);
      if (shown.length === 0) shown.push(parts[parts.length - 1]);
      return shown
        .map(([unit, x], i) => formatUnit(ctx, i === 0 && v < 0 ? -x : x, unit, display, n))
        .join(' ');
    }
    const out1 = same(outs);
    const compact = o.get('compact') ?? '';
    const candidates =
      out1.length > 1 ? out1 : (system(COMPACT_ALIASES[compact] ?? compact) ?? system(category) ?? [from]);
    const pool = same(candidates);
    const out = out1.length === 1 ? out1[0] : best(v, from, pool.length > 0 ? pool : [from]);
    const converted = convert(v, from, out);
    return Number.isFinite(converted) ? formatUnit(ctx, converted, out, display, n) : '';
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

/** `units-metric?`: spec §8 names metric units as an example of what is not implemented yet. */
export const unitsMetricPredicate: Predicate = { notImplemented: true, test: () => false };
