/** Translates CLDR date skeletons (yMMMd, hm, Bh…) into Intl.DateTimeFormat options. */

type Opts = Intl.DateTimeFormatOptions;

/** A text field: 1 to 3 letters short, 4 long, 5 narrow. */
const text = (n: number) => (n <= 3 ? 'short' : n === 4 ? 'long' : 'narrow');
/** A numeric field: 2 letters for two digits. */
const digits = (n: number) => (n === 2 ? '2-digit' : 'numeric');

/** Skeleton letters, the option they set, its value for a run of n letters, and the hour cycle they fix. */
const FIELDS: [
  letters: string,
  option: keyof Opts,
  width: (n: number) => string,
  hourCycle?: Opts['hourCycle'],
][] = [
  ['G', 'era', text],
  ['y', 'year', digits],
  ['ML', 'month', (n) => (n <= 2 ? digits(n) : text(n))],
  ['d', 'day', digits],
  ['Ece', 'weekday', text],
  ['h', 'hour', digits, 'h12'],
  ['K', 'hour', digits, 'h11'],
  ['H', 'hour', digits, 'h23'],
  ['k', 'hour', digits, 'h24'],
  ['j', 'hour', digits],
  ['m', 'minute', digits],
  ['s', 'second', digits],
  ['B', 'dayPeriod', text],
  ['z', 'timeZoneName', (n) => (n < 4 ? 'short' : 'long')],
  ['v', 'timeZoneName', (n) => (n < 4 ? 'shortGeneric' : 'longGeneric')],
  ['V', 'timeZoneName', () => 'longGeneric'],
  ['OZ', 'timeZoneName', (n) => (n < 4 ? 'shortOffset' : 'longOffset')],
  ['Xx', 'timeZoneName', () => 'shortOffset'],
];

/** True when the text is a skeleton: only letters this module understands (plus `a`, implied by h). */
export const isSkeleton = (s: string | undefined): s is string =>
  s !== undefined && /^[GyMLdEcehKHkjmsBzvVOZXxa]+$/.test(s);

export function skeletonOptions(skeleton: string): Opts {
  const o: Record<string, string> = {};
  for (const [run] of skeleton.matchAll(/(.)\1*/g)) {
    const field = FIELDS.find(([letters]) => letters.includes(run[0]));
    if (!field) continue;
    const [, option, width, hourCycle] = field;
    o[option] = width(run.length);
    if (hourCycle) o.hourCycle = hourCycle;
  }
  return o;
}
