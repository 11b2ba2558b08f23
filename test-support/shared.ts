import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe } from 'vitest';

/**
 * Third-party test data (the spec text, the JSON-T conformance fixtures, a WordPress export) lives
 * in `../shared` beside the repository and is never copied into it. A user's clone has no
 * `../shared`: the tests that read it are skipped there (scripts/test.mjs says so loudly) and
 * run in CI, which has it.
 */
export const SHARED_DIR = fileURLToPath(new URL('../../shared/', import.meta.url));

export const HAS_SHARED = existsSync(SHARED_DIR);

/** What a skipped test's name says, so the reporter shows why it did not run. */
export const SHARED_MISSING = '(SKIPPED: ../shared is missing beside the repository)';

/** A path inside `../shared`, e.g. `sharedPath('spec/storefront-spec.md')`. */
export function sharedPath(relative: string): string {
  return `${SHARED_DIR}${relative}`;
}

/** `describe`, or a skipped suite that says why when `../shared` is missing. */
export function describeShared(name: string, body: () => void): void {
  if (HAS_SHARED) describe(name, body);
  else describe.skip(`${name} ${SHARED_MISSING}`, body);
}
