import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../src/index.js';

/**
 * Differential test against the reference implementation (a devDependency, run only here):
 * random well-formed templates built from core instructions must render identically.
 */
const require = createRequire(import.meta.url);
const { Compiler } = require('@squarespace/template-engine') as {
  Compiler: new () => {
    parse(s: string): { errors: unknown[] };
    execute(p: { code: string; json: unknown; enableExpr: boolean }): { ctx: { render(): string } };
  };
};
const reference = new Compiler();

const PIECES = [
  '{.section a}',
  '{.section b}',
  '{.repeated section xs}',
  '{.repeated section c}',
  '{.end}',
  '{.or}',
  '{.alternates with}',
  '{.if a || b}',
  '{.if a && c}',
  '{@}',
  '{@index}',
  '{a}',
  '{b.c}',
  '{xs}',
  '{xs.1}',
  '{c|json}',
  '{.equal? a 1}',
  '{.or equal? a 2}',
  '{.even?}',
  '{.odd?}',
  '{.var @v a}',
  '{@v}',
  '{.macro m}',
  '{@|apply m}',
  '{@|apply m x=1 private}',
  '{@args.x}',
  '{.section @}',
  '{a|html}',
  '{.eval @v + 1}',
  '{.if @v}',
  '{s|truncate 5}',
  '{n|pluralize}',
  '{xs|count}',
  '{b|get a}',
  '{b|prop c}',
  '{xs|iter}',
  '{n|cycle a b c}',
  '{.nth? 2}',
  '{.plural?}',
  '{.singular?}',
  '{.greaterThan? n 1}',
  '{.lessThan? s "m"}',
  '{.var @w xs|count}',
  '{@w}',
  '{.ctx @k q=b.c}',
  '{@k.q}',
  '{s|slugify}',
  '{s|smartypants}',
  '{s|htmlattr}',
  '{n|round}',
  '{n|mod 2}',
  '{s|safe}',
  '{s|encode-space}',
  '{b|json-pretty}',
  '{xs|raw}',
  '{n|str}',
  '{.debug?}',
  '{.has-multiple?}',
  '{.notEqual? a n}',
  '{.section s}',
  '{n}',
  '{s}',
  'x',
  ' ',
  '\n',
];

const DATA = [
  { a: 1, b: { c: 'q' }, c: [1, 2], xs: [1, 'two', { a: 3 }] },
  { a: 0, xs: [], b: null },
  { a: 2, b: { c: 5, a: 9 }, xs: [{ a: 1 }, { a: 2 }] },
  {
    s: 'It\'s a <b>"big"</b> -- test & more',
    n: 3.5,
    a: 'x',
    xs: ['p', 'q'],
    c: [2, 3],
    b: { a: 'A', c: 1 },
  },
  { s: 'short', n: 1, a: 1, xs: [{ n: 2 }, { n: 1 }], b: { c: [1, 2] }, debug: true },
];

describe('agreement with the reference implementation', () => {
  it('renders random well-formed core templates identically', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 12 }),
        fc.constantFrom(...DATA),
        (pieces, json) => {
          const tpl = pieces.join('');
          fc.pre(reference.parse(tpl).errors.length === 0);
          const expected = reference.execute({ code: tpl, json, enableExpr: true }).ctx.render();
          expect(compile(tpl).render(json).output).toBe(expected);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
