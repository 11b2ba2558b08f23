import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attrJson } from '../../src/plugins/commerce/model.js';
import { escapeAttr } from '../../src/plugins/core/text.js';

/** attrJson is a faster escapeAttr(JSON.stringify(v)); it must never differ from it. */
describe('attrJson', () => {
  const slow = (v: unknown) => escapeAttr(JSON.stringify(v) ?? '');

  it('matches escapeAttr(JSON.stringify(v)) on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => attrJson(v) === slow(v)),
      { seed: 7, numRuns: 2000 },
    );
  });

  it('falls back to JSON.stringify for values it treats specially', () => {
    const date = new Date(0);
    const cases = [
      undefined,
      [undefined],
      { a: undefined, b: 1 },
      { toJSON: () => 'x' },
      [date],
      Object.create(null),
    ];
    for (const v of cases) expect(attrJson(v)).toBe(slow(v));
  });

  it('escapes quotes, markup and lone surrogates like the two-step form', () => {
    expect(attrJson([{ a: 'x"<&\u0001\ud800', b: [1, -0, 1e21, Number.NaN] }])).toBe(
      '[{&quot;a&quot;:&quot;x\\&quot;&lt;&amp;\\u0001\\ud800&quot;,&quot;b&quot;:[1,0,1e+21,null]}]',
    );
  });
});
