/**
 * A path of this site to go on to after a form (unlocking, signing in); anything else — another
 * site (`//host`, `https:`), a backslash some browsers read as a slash, spaces or control
 * characters a Location header cannot carry — gives `fallback`.
 */
export function localPath(value: unknown, fallback = '/'): string {
  return typeof value === 'string' &&
    value.length <= LOCAL_PATH_MAX_LENGTH &&
    /^\/(?!\/)[!-[\]-~]*$/.test(value)
    ? value
    : fallback;
}

/** Longer paths are not ones this site links to. */
export const LOCAL_PATH_MAX_LENGTH = 2048;
