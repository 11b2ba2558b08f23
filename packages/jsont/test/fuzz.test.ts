import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HAS_SHARED, SHARED_MISSING } from '../../../test-support/shared.js';
import { compile, type RenderOptions } from '../src/index.js';
import { loadFixtures } from './fixtures.js';

/**
 * Fuzzing: mutated conformance templates and random instruction soup must never make `compile`
 * or `render` throw or run away. Each case runs under tight limits and must finish within the
 * time budget; problems come back as errors.
 */

const SEED = 20261122;
const RUNS = 1500;
/** A single compile + render of a small template takes well under a millisecond; this catches a hang. */
const CASE_BUDGET_MS = 1000;
/** Each property takes ~1 s; generous for busy CI machines. */
const TIMEOUT_MS = 60_000;
const LIMITS = { maxSteps: 20_000, maxOutputLength: 200_000, maxPartialDepth: 8 };

const fixtures = loadFixtures();

/** Compiles and renders; fails the property on a throw, a non-string output or a slow case. */
function runs(template: string, json: unknown, options: RenderOptions = {}): void {
  const start = performance.now();
  const t = compile(template, { limits: LIMITS, partials: options.partials });
  expect(Array.isArray(t.errors)).toBe(true);
  const r = t.render(json, { now: 0, ...options });
  // The first render runs the closure program, the second the generated code: same result.
  expect(t.render(json, { now: 0, ...options })).toEqual(r);
  expect(typeof r.output).toBe('string');
  expect(Array.isArray(r.errors)).toBe(true);
  for (const e of [...t.errors, ...r.errors]) expect(e.type).not.toBe('INTERNAL');
  expect(performance.now() - start).toBeLessThan(CASE_BUDGET_MS);
}

type Mutation = { kind: 'delete' | 'duplicate' | 'swap' | 'insert'; at: number; text: string };

function mutate(source: string, mutations: Mutation[]): string {
  let s = source;
  for (const m of mutations) {
    const at = s.length === 0 ? 0 : m.at % s.length;
    if (m.kind === 'delete') s = s.slice(0, at) + s.slice(at + 1 + (m.text.length % 4));
    else if (m.kind === 'duplicate') s = s.slice(0, at) + s.slice(at, at + 8) + s.slice(at);
    else if (m.kind === 'swap') s = s.slice(0, at) + s.charAt(at + 1) + s.charAt(at) + s.slice(at + 2);
    else s = s.slice(0, at) + m.text + s.slice(at);
  }
  return s;
}

/** Fragments that stress the parser: unbalanced braces, half instructions, odd arguments. */
const FRAGMENTS = [
  '{',
  '}',
  '{{',
  '}}',
  '{.',
  '{.end}',
  '{.or}',
  '{.alternates with}',
  '{.section ',
  '{.repeated section @}',
  '{.if ',
  '{.eval ',
  '{@|apply ',
  '{.macro m}',
  '{@|apply m}',
  '{.include m output}',
  '|',
  '|html',
  '|truncate x',
  '|json-pretty',
  '?',
  '"',
  '\n',
  '{#',
  '{##',
  '##}',
  '@index',
  '.0.',
  '((1+',
  '"\\',
];

const mutation = fc.record({
  kind: fc.constantFrom('delete', 'duplicate', 'swap', 'insert') as fc.Arbitrary<Mutation['kind']>,
  at: fc.nat(),
  text: fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 4 })),
});

describe('fuzzing', () => {
  it.skipIf(!HAS_SHARED)(
    `finds ${fixtures.length} fixtures to mutate${HAS_SHARED ? '' : ` ${SHARED_MISSING}`}`,
    () => {
      expect(fixtures.length).toBeGreaterThan(100);
    },
  );

  it.skipIf(!HAS_SHARED)(
    `mutated fixture templates never throw, hang or exceed the limits${HAS_SHARED ? '' : ` ${SHARED_MISSING}`}`,
    () => {
      fc.assert(
        fc.property(
          fc.nat({ max: fixtures.length - 1 }),
          fc.array(mutation, { minLength: 1, maxLength: 6 }),
          (which, mutations) => {
            const f = fixtures[which];
            runs(mutate(f.template, mutations), f.json, {
              partials: f.partials,
              injects: f.injects,
              locale: typeof f.params.locale === 'string' ? f.params.locale : undefined,
            });
          },
        ),
        { seed: SEED, numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  it(
    'random instruction soup never throws or hangs',
    () => {
      fc.assert(
        fc.property(
          fc.array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 6 })), { maxLength: 30 }),
          fc.jsonValue({ maxDepth: 3 }),
          (parts, json) => runs(parts.join(''), json),
        ),
        { seed: SEED, numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  it('self-applying macros stop at the depth limit with an error, not a stack overflow', () => {
    const t = compile('{.macro m}x{@|apply m}{.end}{@|apply m}', { limits: LIMITS });
    const r = t.render({});
    expect(r.output).toBe('x'.repeat(LIMITS.maxPartialDepth));
    expect(r.errors.map((e) => e.type)).toContain('PARTIAL_RECURSION');
  });

  it('a loop that would exceed the step limit stops with RENDER_LIMIT', () => {
    const ys = Array.from({ length: 200 }, (_, i) => i);
    const t = compile('{.repeated section xs}{.repeated section ys}.{.end}{.end}', {
      limits: { maxSteps: 1000 },
    });
    const r = t.render({ xs: ys.map(() => ({ ys })) });
    expect(r.errors.map((e) => e.type)).toEqual(['RENDER_LIMIT']);
    expect(r.output.length).toBeLessThan(1000);
  });
});
