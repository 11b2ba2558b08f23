/**
 * Conformance fixtures we knowingly fail, by name (path below shared/jsont-conformance without
 * extension) → one-line reason. The runner expects each of these to fail, so a fixed one must
 * be removed from this list.
 */
export const EXPECTED_FAILURES: Record<string, string> = {};
