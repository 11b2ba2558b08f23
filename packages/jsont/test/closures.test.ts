import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../bench/jsont-fixtures.js';
import { compile } from '../src/index.js';

/**
 * Templates compile to generated JavaScript, or to closures where `new Function` is refused (a
 * Content-Security-Policy). A child process started with code generation disallowed renders the
 * same cases as this process: both programs must print the same text and report the same errors.
 */
const NOW = Date.UTC(2026, 10, 22, 12);
const cases: { template: string; json: unknown }[] = [
  ...scenarios.map((s) => ({ template: s.template, json: s.json })),
  {
    template:
      '{.section a}{b}{.or}none{.end}{.repeated section xs}{@index}:{@|html}{.alternates with}, {.or}empty{.end}' +
      '{.if a && b}both{.or equal? c 1}c{.or}neither{.end}{.var @v a}{@v}{.ctx @c k=a}{@c.k}' +
      '{.macro m}[{@args.x}{@}]{.end}{b|apply m x=1}{.eval 1+2}{.include m output}{.odd? c}odd{.end}' +
      '{a|nope}{xs|json|html}{c|truncate x}{.section missing}{.or}{.end}{.repeated section a}{.end}',
    json: { a: 'A & <b>', b: 2, c: 1, xs: ['<x>', 'y', 3] },
  },
  {
    template: '{.repeated section xs}{.repeated section @}{@}{.end};{.end}',
    json: { xs: [[1, 2], [], [3]] },
  },
];

const renderAll = () =>
  cases.map(({ template, json }) => {
    const r = compile(template).render(json, { now: NOW });
    return { output: r.output, errors: r.errors };
  });

describe('closure programs (no code generation)', () => {
  it('render like generated programs', () => {
    const script = `
      const { compile } = await import(${JSON.stringify(fileURLToPath(new URL('../src/index.ts', import.meta.url)))});
      let refused = false;
      try { new Function(''); } catch { refused = true; }
      const cases = JSON.parse(process.argv[1]);
      const out = cases.map(({ template, json }) => {
        const r = compile(template).render(json, { now: ${NOW} });
        return { output: r.output, errors: r.errors };
      });
      process.stdout.write(JSON.stringify({ refused, out }));`;
    const child = execFileSync(
      process.execPath,
      [
        '--disallow-code-generation-from-strings',
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        script,
        JSON.stringify(cases),
      ],
      { encoding: 'utf8' },
    );
    const { refused, out } = JSON.parse(child);
    expect(refused).toBe(true);
    expect(out).toEqual(JSON.parse(JSON.stringify(renderAll())));
  });

  it('serve blocks nested too deep to generate code for', () => {
    const depth = 2500;
    const t = compile(`${'{.section a}'.repeat(depth)}x${'{.end}'.repeat(depth)}`);
    let json: unknown = 'leaf';
    for (let i = 0; i < depth; i++) json = { a: json };
    expect(t.render(json)).toEqual({ output: 'x', errors: [] });
    expect(t.render(json)).toEqual({ output: 'x', errors: [] });
  });

  it('stop at the output and step limits where generated code stops', () => {
    const json = { xs: Array.from({ length: 40 }, (_, i) => ({ t: `item ${i}` })) };
    for (const limits of [{ maxOutputLength: 97 }, { maxSteps: 13 }]) {
      const t = compile('<ul>{.repeated section xs}<li>{t|html}</li>{.end}</ul>', { limits });
      const first = t.render(json);
      expect(first.errors.map((e) => e.type)).toEqual(['RENDER_LIMIT']);
      expect(t.render(json)).toEqual(first);
    }
  });
});
