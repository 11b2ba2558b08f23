import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../src/index.js';
import { parseJson, WrittenNumber } from '../src/json.js';

const render = (template: string, json: string) => compile(template).render(parseJson(json)).output;

describe('parseJson', () => {
  it('gives what JSON.parse gives for any JSON text without trailing-zero decimals', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v);
        expect(parseJson(text)).toEqual(JSON.parse(text));
        const pretty = JSON.stringify(v, null, 2);
        expect(parseJson(pretty)).toEqual(JSON.parse(pretty));
      }),
      { seed: 20261122, numRuns: 500 },
    );
  });

  it('keeps the written form of decimals JavaScript would print differently', () => {
    const data = parseJson('{"n": [0, 0.0, 0.1, 1, 1.0, 2.50, -3.00, 1e3, 1.5e2]}') as { n: unknown[] };
    expect(data.n.map((x) => (x instanceof WrittenNumber ? `W${x.text}` : x))).toEqual([
      0,
      'W0.0',
      0.1,
      1,
      'W1.0',
      'W2.50',
      'W-3.00',
      1000,
      150,
    ]);
    expect(Number(data.n[4])).toBe(1);
    expect(JSON.stringify(data.n[5])).toBe('2.5');
  });

  it('rejects what JSON.parse rejects, with a SyntaxError', () => {
    for (const bad of [
      '',
      '{',
      '[1,]',
      '{"a":1,}',
      '01',
      '1.',
      '.5',
      "'a'",
      '"\\x"',
      '"a\nb"',
      'nul',
      '[1] 2',
      '{a:1}',
      '+1',
    ]) {
      expect(() => JSON.parse(bad), bad).toThrow(SyntaxError);
      expect(() => parseJson(bad), bad).toThrow(SyntaxError);
    }
  });

  it('keeps a "__proto__" key as data, as JSON.parse does', () => {
    const data = parseJson('{"__proto__": {"x": 1}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(Object.keys(data)).toEqual(['__proto__']);
    expect((data as { x?: number }).x).toBeUndefined();
  });
});

describe('numbers kept with their written form, in templates', () => {
  it('print as written and choose plural forms by their visible fraction digits', () => {
    expect(render('{n} {n|json}', '{"n": 1.0}')).toBe('1.0 1');
    const plural = (n: string) => `{"m": "{0 plural one{# ONE} other{# OTHER}}", "n": ${n}}`;
    expect(render('{m|message n}', plural('1.0'))).toBe('1.0 OTHER');
    expect(render('{m|message n}', plural('1'))).toBe('1 ONE');
  });

  it('count as their value for truthiness, equality and number formatters', () => {
    expect(render('{.if z}T{.or}F{.end} {.if a}T{.or}F{.end}', '{"z": 0.0, "a": 1.0}')).toBe('F T');
    expect(render('{.equal? a 1}eq{.or}ne{.end} {.if a == 1}eq{.or}ne{.end}', '{"a": 1.0}')).toBe('eq eq');
    expect(
      render('{p|decimal} {c|money-format} {c|bookkeeper-money-format}', '{"p": 2.50, "c": 1250.0}'),
    ).toBe('2.5 12.50 $12.50');
  });
});
