/** Engine limits. Every number lives here once, with the reason it has this value. */

/** Spec §9: "Partial recursion depth is 16." */
export const MAX_PARTIAL_DEPTH = 16;

/** Spec §9: "The least-recently-used cache holds 100 entries by default." */
export const DEFAULT_CACHE_SIZE = 100;

/** Spec §9: "Default truncate length is 100 with a '...' suffix." */
export const DEFAULT_TRUNCATE_LENGTH = 100;
export const DEFAULT_TRUNCATE_SUFFIX = '...';

/** Spec §8 names a configured maximum for expression tokens; this is our default. */
export const DEFAULT_EXPR_MAX_TOKENS = 1000;

/** Spec §8 names a configured maximum for string concatenation in expressions; our default. */
export const DEFAULT_EXPR_MAX_STRING_LENGTH = 65536;

/** Bound on the characters one render may produce, so a runaway template cannot exhaust memory. */
export const DEFAULT_MAX_OUTPUT_LENGTH = 16 * 1024 * 1024;

/** Bound on block iterations and partial applications in one render. */
export const DEFAULT_MAX_STEPS = 1_000_000;

export interface Limits {
  maxPartialDepth: number;
  exprMaxTokens: number;
  exprMaxStringLength: number;
  maxOutputLength: number;
  maxSteps: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = {
  maxPartialDepth: MAX_PARTIAL_DEPTH,
  exprMaxTokens: DEFAULT_EXPR_MAX_TOKENS,
  exprMaxStringLength: DEFAULT_EXPR_MAX_STRING_LENGTH,
  maxOutputLength: DEFAULT_MAX_OUTPUT_LENGTH,
  maxSteps: DEFAULT_MAX_STEPS,
};

/** Spec §9: "The default time zone is America/New_York." */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** The locale formatters use when the render names none. */
export const DEFAULT_LOCALE = 'en-US';
