/** Translates CLDR date skeletons (yMMMd, hm, Bh…) into Intl.DateTimeFormat options. */

type Opts = Intl.DateTimeFormatOptions;
type Width = 'numeric' | '2-digit' | 'short' | 'long' | 'narrow';

const text = (n: number): 'short' | 'long' | 'narrow' => (n <= 3 ? 'short' : n === 4 ? 'long' : 'narrow');
const digits = (n: number): 'numeric' | '2-digit' => (n === 2 ? '2-digit' : 'numeric');
const monthWidth = (n: number): Width => (n <= 2 ? digits(n) : text(n));

const FIELDS: Record<string, (o: Opts, n: number) => void> = {
  G: (o, n) => {
    o.era = text(n);
  },
  y: (o, n) => {
    o.year = digits(n);
  },
  M: (o, n) => {
    o.month = monthWidth(n) as Opts['month'];
  },
  L: (o, n) => {
    o.month = monthWidth(n) as Opts['month'];
  },
  d: (o, n) => {
    o.day = digits(n);
  },
  E: (o, n) => {
    o.weekday = text(n);
  },
  c: (o, n) => {
    o.weekday = text(Math.max(n, 3));
  },
  e: (o, n) => {
    o.weekday = text(Math.max(n, 3));
  },
  h: (o, n) => {
    o.hour = digits(n);
    o.hourCycle = 'h12';
  },
  K: (o, n) => {
    o.hour = digits(n);
    o.hourCycle = 'h11';
  },
  H: (o, n) => {
    o.hour = digits(n);
    o.hourCycle = 'h23';
  },
  k: (o, n) => {
    o.hour = digits(n);
    o.hourCycle = 'h24';
  },
  j: (o, n) => {
    o.hour = digits(n);
  },
  m: (o, n) => {
    o.minute = digits(n);
  },
  s: (o, n) => {
    o.second = digits(n);
  },
  B: (o, n) => {
    o.dayPeriod = text(n);
  },
  z: (o, n) => {
    o.timeZoneName = n < 4 ? 'short' : 'long';
  },
  v: (o, n) => {
    o.timeZoneName = n < 4 ? 'shortGeneric' : 'longGeneric';
  },
  V: (o) => {
    o.timeZoneName = 'longGeneric';
  },
  O: (o, n) => {
    o.timeZoneName = n < 4 ? 'shortOffset' : 'longOffset';
  },
  Z: (o, n) => {
    o.timeZoneName = n < 4 ? 'shortOffset' : 'longOffset';
  },
  X: (o) => {
    o.timeZoneName = 'shortOffset';
  },
  x: (o) => {
    o.timeZoneName = 'shortOffset';
  },
};

/** True when the text is a skeleton: only letters this module understands (plus `a`, implied by h). */
export const isSkeleton = (s: string): boolean => /^[GyMLdEcehKHkjmsBzvVOZXxa]+$/.test(s);

export function skeletonOptions(skeleton: string): Opts {
  const o: Opts = {};
  for (const [run] of skeleton.matchAll(/(.)\1*/g)) FIELDS[run[0]]?.(o, run.length);
  return o;
}
