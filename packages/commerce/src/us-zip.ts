/**
 * US ZIP codes begin with a three-digit prefix the Postal Service assigns by state. The table
 * lists each state's prefix ranges (inclusive), lenient at the edges: it is for a warning that
 * the ZIP and the state chosen may not match, never for refusing an address.
 */
const ZIP3_RANGES: Readonly<Record<string, readonly (readonly [number, number])[]>> = {
  AL: [[350, 369]],
  AK: [[995, 999]],
  AZ: [[850, 865]],
  AR: [[716, 729]],
  CA: [[900, 966]],
  CO: [[800, 816]],
  CT: [[60, 69]],
  DE: [[197, 199]],
  DC: [
    [200, 200],
    [202, 205],
    [569, 569],
  ],
  FL: [[320, 349]],
  GA: [
    [300, 319],
    [398, 399],
  ],
  HI: [[967, 968]],
  ID: [[832, 838]],
  IL: [[600, 629]],
  IN: [[460, 479]],
  IA: [[500, 528]],
  KS: [[660, 679]],
  KY: [[400, 427]],
  LA: [[700, 714]],
  ME: [[39, 49]],
  MD: [[206, 219]],
  MA: [
    [10, 27],
    [55, 55],
  ],
  MI: [[480, 499]],
  MN: [[550, 567]],
  MS: [[386, 397]],
  MO: [[630, 658]],
  MT: [[590, 599]],
  NE: [[680, 693]],
  NV: [[889, 898]],
  NH: [[30, 38]],
  NJ: [[70, 89]],
  NM: [[870, 884]],
  NY: [
    [5, 5],
    [100, 149],
  ],
  NC: [[270, 289]],
  ND: [[580, 588]],
  OH: [[430, 459]],
  OK: [[730, 749]],
  OR: [[970, 979]],
  PA: [[150, 196]],
  RI: [[28, 29]],
  SC: [[290, 299]],
  SD: [[570, 577]],
  TN: [[370, 385]],
  TX: [
    [733, 733],
    [750, 799],
    [885, 885],
  ],
  UT: [[840, 847]],
  VT: [[50, 59]],
  VA: [
    [201, 201],
    [220, 246],
  ],
  WA: [[980, 994]],
  WV: [[247, 268]],
  WI: [[530, 549]],
  WY: [[820, 831]],
  AA: [[340, 340]],
  AE: [[90, 98]],
  AP: [[962, 966]],
};

/**
 * Whether a US ZIP code plausibly belongs to `state` (a US_STATES code). True when it does, when
 * the ZIP is not a 5-digit (or ZIP+4) code, or when the state is not in the table: only a clear
 * mismatch is false.
 */
export function zipMatchesState(zip: string, state: string): boolean {
  const match = /^(\d{3})\d{2}(?:-?\d{4})?$/.exec(zip.trim());
  const ranges = ZIP3_RANGES[state];
  if (!match || !ranges) return true;
  const prefix = Number(match[1]);
  return ranges.some(([low, high]) => prefix >= low && prefix <= high);
}

/** The warning shown under a US ZIP that does not match the chosen state (the order still goes). */
export function zipStateWarning(zip: string, state: string, stateName: string): string | null {
  return zipMatchesState(zip, state)
    ? null
    : `This ZIP code does not look like one in ${stateName}. Please check it.`;
}
