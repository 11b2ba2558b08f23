/**
 * Text form of a scalar; arrays, objects and missing values are empty, as in the reference.
 * Its own module so plugins that need only this do not pull in the text formatters table.
 */
export const str = (v: unknown): string =>
  typeof v === 'string'
    ? v
    : typeof v === 'number' || typeof v === 'boolean' || v instanceof Number
      ? String(v)
      : '';
