import { afterAll, expect, it } from 'vitest';
import { describeShared } from '../../../test-support/shared.js';
import { compile } from '../src/index.js';
import { EXPECTED_FAILURES, WHITESPACE_ONLY_FAILURES } from './conformance-known.js';
import { type Fixture, loadFixtures } from './fixtures.js';

/**
 * Every conformance fixture is one test. `CONFORMANCE_FILTER=<substring>` runs a subset.
 * Fixtures listed in conformance-known.ts must still fail (so the list stays honest).
 */
const filter = process.env.CONFORMANCE_FILTER ?? '';
const fixtures = loadFixtures().filter((f) => f.name.includes(filter));

function run(f: Fixture): string {
  const t = compile(f.template, { partials: f.partials });
  // One clock for both renders, so relative dates cannot move between them.
  const options = { now: Date.now(), ...f.params, injects: f.injects };
  const first = t.render(f.json, options);
  // The first render runs the closure program, the second the generated code: same result.
  expect(t.render(f.json, options)).toEqual(first);
  return first.output;
}

/** Lines trimmed, blank lines dropped. */
const linesOnly = (s: string) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');

const tally: Record<string, { pass: number; total: number }> = {};
const failing: string[] = [];

afterAll(() => {
  const summary = Object.entries(tally)
    .map(([group, t]) => `${group}: ${t.pass}/${t.total} passing (${((100 * t.pass) / t.total).toFixed(1)}%)`)
    .join(', ');
  console.log(`conformance ${summary}`);
  if (process.env.CONFORMANCE_REPORT && failing.length) console.log(`failing:\n${failing.join('\n')}`);
});

/** Issue 3: at least 98% of the runnable fixtures (those with :OUTPUT) pass. */
const REQUIRED_PASS_RATE = 0.98;

describeShared('JSON-T conformance', () => {
  it.skipIf(filter)('passes at least 98% of the fixtures with an :OUTPUT section', () => {
    const runnable = fixtures.filter((f) => !f.name.includes('/units/'));
    const known = runnable.filter((f) => EXPECTED_FAILURES[f.name]).length;
    expect((runnable.length - known) / runnable.length).toBeGreaterThanOrEqual(REQUIRED_PASS_RATE);
  });

  for (const f of fixtures) {
    // The measure counts fixtures with an :OUTPUT section; unit pairs are -in/-out files.
    const group = f.name.includes('/units/') ? 'unit pairs' : ':OUTPUT fixtures';
    const reason = EXPECTED_FAILURES[f.name];
    it(reason ? `${f.name} (known failure: ${reason})` : f.name, () => {
      let actual: string;
      try {
        actual = run(f).trim();
      } catch (e) {
        actual = `THREW ${e instanceof Error ? e.message : String(e)}`;
      }
      const ok = actual === f.output.trim();
      tally[group] ??= { pass: 0, total: 0 };
      tally[group].total++;
      if (ok) tally[group].pass++;
      else failing.push(f.name);
      if (reason) {
        expect(ok, `${f.name} now passes: remove it from conformance-known.ts`).toBe(false);
        if (WHITESPACE_ONLY_FAILURES.has(f.name)) expect(linesOnly(actual)).toBe(linesOnly(f.output));
      } else {
        expect(actual).toBe(f.output.trim());
      }
    });
  }
});
