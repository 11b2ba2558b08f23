import type { Formatter, Predicate, RenderContext } from '../../plugin.js';
import { getChild } from '../../values.js';
import { numberFormat, parseOptions, pluralRules } from './intl.js';
import { decimalText, formatExact, numberOptions } from './numbers.js';

/**
 * Unit conversion. Each unit has a category and its size in the category's base unit (metre,
 * square metre, litre, litre per km, second, bit, degree, hertz, m/s², kilogram, m/s, ampere,
 * joule, watt). Factors are the standard definitions: inch = 0.0254 m, US gallon = 231 in³,
 * pound = 0.45359237 kg, short ton = 2000 lb, standard gravity = 9.80665 m/s², mechanical
 * horsepower = 550 ft·lbf/s, Gregorian year = 365.2425 days, astronomical unit =
 * 149597870700 m, light year = c × Julian year, parsec = 648000/π au. A negative factor marks a
 * reciprocal unit (miles per gallon), whose value is -factor / base. Prefixed units and the
 * squares and cubes of lengths are derived (see `find`).
 */
const INCH = 0.0254;
const FOOT = 12 * INCH;
const YARD = 3 * FOOT;
const MILE = 1760 * YARD;
const GALLON_L = 231 * INCH ** 3 * 1000;
const POUND = 0.45359237;
const YEAR_S = 31_556_952;
const AU = 149_597_870_700;

type Unit = [category: string, factor: number];
const SIZES: Record<string, Record<string, number>> = {
  length: {
    meter: 1,
    inch: INCH,
    foot: FOOT,
    yard: YARD,
    mile: MILE,
    point: INCH / 72,
    'astronomical-unit': AU,
    'light-year': 299_792_458 * 365.25 * 86_400,
    parsec: (648_000 / Math.PI) * AU,
  },
  area: { acre: 4840 * YARD ** 2, hectare: 1e4 },
  volume: {
    liter: 1,
    // Written out: 0.01³ × 1000 is not exactly 0.001 in floating point.
    'cubic-centimeter': 0.001,
    'fluid-ounce': GALLON_L / 128,
    pint: GALLON_L / 8,
    gallon: GALLON_L,
  },
  consumption: {
    'liter-per-kilometer': 1,
    'liter-per-100-kilometer': 0.01,
    'mile-per-gallon': -GALLON_L / (MILE / 1000),
  },
  duration: {
    second: 1,
    minute: 60,
    hour: 3600,
    day: 86_400,
    week: 604_800,
    month: YEAR_S / 12,
    year: YEAR_S,
    century: 100 * YEAR_S,
  },
  digital: { bit: 1, byte: 8 },
  angle: { degree: 1, 'arc-minute': 1 / 60, 'arc-second': 1 / 3600, revolution: 360, radian: 180 / Math.PI },
  frequency: { hertz: 1 },
  acceleration: { 'g-force': 9.80665, 'meter-per-second-squared': 1 },
  mass: {
    gram: 0.001,
    'metric-ton': 1000,
    ounce: POUND / 16,
    pound: POUND,
    stone: 14 * POUND,
    ton: 2000 * POUND,
  },
  speed: { 'meter-per-second': 1, 'kilometer-per-hour': 1 / 3.6, 'mile-per-hour': MILE / 3600 },
  temperature: { celsius: 1, fahrenheit: 1, kelvin: 1 },
  electric: { ampere: 1 },
  energy: { joule: 1 },
  power: { watt: 1, horsepower: 550 * FOOT * POUND * 9.80665 },
};
const UNITS: Record<string, Unit> = Object.fromEntries(
  Object.entries(SIZES).flatMap(([category, sizes]) =>
    Object.entries(sizes).map(([name, factor]) => [name, [category, factor]]),
  ),
);

/** SI prefixes by symbol: name, power of ten, French name where it differs. */
const PREFIXES: Record<string, [string, number, string?]> = {
  n: ['nano', -9],
  μ: ['micro', -6],
  m: ['milli', -3],
  c: ['centi', -2],
  d: ['deci', -1, 'déci'],
  h: ['hecto', 2],
  k: ['kilo', 3],
  M: ['mega', 6, 'méga'],
  G: ['giga', 9],
  T: ['tera', 12],
  P: ['peta', 15],
};
/** Which prefixed forms of a base unit exist; bytes take binary prefixes (kilobyte = 1024 bytes). */
const PREFIXED: Record<string, string> = {
  meter: 'mck',
  liter: 'mdhM',
  second: 'nμm',
  gram: 'mk',
  bit: 'kMGT',
  byte: 'kMGTP',
  hertz: 'kMG',
  watt: 'mkMG',
  ampere: 'm',
  joule: 'k',
};
/** Squares (in m²) and cubes (in litres) of these lengths. */
const POWER = /^(square|cubic)-(centimeter|meter|kilometer|inch|foot|yard|mile)$/;

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
  // Intl names gram and kilogram itself; this names the other prefixed grams (milligram).
  gram: ['g||gram', 'g||gramme'],
  liter: ['L||liter', 'l||litre'],
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

/**
 * Square units whose narrow or short forms depart from `X²` in CLDR, by language: a space
 * before the narrow form, or `sq` in the short one.
 */
const SQUARE_FORMS: Record<string, string>[] = [
  { kilometer: ' km²|', foot: 'ft²| sq ft', mile: 'mi²| sq mi' },
  { centimeter: ' cm²|', yard: ' yd²|' },
];
/** How English and French name a square or a cube: `square X`, `X carré`. */
const POWER_WORDS: Record<string, string[]> = {
  square: ['²', 'square', 'carré'],
  cubic: ['³', 'cubic', 'cube'],
};

/** A unit and the unit it is named after, with the SI prefix it takes from there. */
interface Found {
  unit: Unit;
  base: string;
  prefix?: [string, string, string?];
}

/** Names come from templates: only the tables' own entries count (never Object.prototype's members). */
function find(name: string): Found | undefined {
  const unit = getChild(UNITS, name) as Unit | undefined;
  if (unit) return { unit, base: name };
  const power = POWER.exec(name);
  if (power) {
    const n = power[1] === 'square' ? 2 : 3;
    const f = (find(power[2]) as Found).unit[1] ** n;
    return { unit: n === 2 ? ['area', f] : ['volume', f * 1e3], base: name };
  }
  for (const [sym, [word, exponent, fr]] of Object.entries(PREFIXES)) {
    const base = name.slice(word.length);
    if (name.startsWith(word) && (getChild(PREFIXED, base) as string | undefined)?.includes(sym)) {
      const [category, f] = UNITS[base];
      const factor = base === 'byte' ? 2 ** ((exponent * 10) / 3) : 10 ** exponent;
      return { unit: [category, f * factor], base, prefix: [sym, word, fr] };
    }
  }
  return undefined;
}

const unitOf = (name: string): Unit => (find(name) as Found).unit;

/**
 * Units chosen from when no output unit is given, by category: `metric/US customary` lists (one
 * list when both systems share it), written as one string to keep the browser bundle small. A
 * `+` adds the unit's prefixed forms.
 */
const BEST: Record<string, string[][]> = Object.fromEntries(
  [
    'length:meter+/inch foot yard mile',
    'area:square-centimeter square-meter hectare square-kilometer/square-inch square-foot acre square-mile',
    'volume:cubic-centimeter cubic-meter cubic-kilometer/cubic-inch cubic-foot cubic-yard cubic-mile',
    'liquid:liter+/fluid-ounce pint gallon',
    'consumption:liter-per-100-kilometer/mile-per-gallon',
    'duration:second+ minute hour day month year century',
    'duration-large:day month year century',
    'duration-small:second+ minute hour day',
    'digital:byte+',
    'bytes:byte+',
    'bits:bit+',
    'angle:arc-second arc-minute degree',
    'frequency:hertz+',
    'mass:gram+ metric-ton/ounce pound ton',
    'speed:kilometer-per-hour/mile-per-hour',
    'temperature:celsius/fahrenheit',
    'electric:ampere+',
    'energy:joule+',
    'power:watt kilowatt megawatt gigawatt',
  ].map((line) => {
    const [category, lists] = line.split(':');
    return [
      category,
      lists.split('/').map((list) =>
        list
          .split(' ')
          .flatMap((unit) => {
            const base = unit.replace('+', '');
            return base === unit
              ? unit
              : [base, ...[...PREFIXED[base]].map((sym) => PREFIXES[sym][0] + base)];
          })
          // Smallest first: it is the unit a value without `in:` is read in.
          .sort((a, b) => unitOf(a)[1] - unitOf(b)[1]),
      ),
    ];
  }),
);
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
    const a = (getChild(ALIASES, c) as string | undefined) ?? c;
    if (find(a)) return a;
  }
  return undefined;
}

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

/** The names of a table unit in `NAMES`' form; squares and cubes are named from Intl's names of the length. */
function names(base: string, french: boolean): string {
  const own = NAMES[base];
  if (own) return (french && own[1]) || own[0];
  const [, power, length] = POWER.exec(base) as RegExpExecArray;
  const intl = (display: Display, n: number) =>
    numberFormat(french ? 'fr' : 'en', { style: 'unit', unit: length, unitDisplay: display })
      .formatToParts(n)
      .find((p) => p.type === 'unit')?.value;
  const one = intl('long', 1);
  const other = intl('long', 2);
  const [sign, en, fr] = POWER_WORDS[power];
  const forms = (power === 'square' && SQUARE_FORMS[+french][length]) || `${intl('short', 1)}${sign}|`;
  return french ? `${forms}|${one} ${fr}~${other} ${fr}s` : `${forms}|${en} ${one}~${en} ${other}`;
}

/** The word (with its leading space, if any) for a table unit at a width and plural form. */
function tableWord(found: Found, locale: string, width: number, one: boolean): string {
  const french = /^fr\b/i.test(locale);
  const forms = names(found.base, french).split('|');
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
    const candidates = out1.length > 1 ? out1 : (system(compact) ?? system(category) ?? [from]);
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
