import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compile,
  compileCached,
  createEngine,
  Engine,
  type JsontError,
  LruCache,
  render,
} from '../src/index.js';
import type { Plugin } from '../src/plugin.js';

const out = (tpl: string, json: unknown = {}, opts = {}) => compile(tpl).render(json, opts).output;
const brief = (errors: JsontError[]) => errors.map((e) => [e.type, e.message, e.line, e.column]);

describe('syntax errors', () => {
  it('reports an unknown formatter and keeps the instruction as text', () => {
    const t = compile('ab\n  {x|nope}');
    expect(brief(t.errors)).toEqual([['UNKNOWN_FORMATTER', "Formatter 'nope' is unknown", 2, 3]]);
    expect(t.render({ x: 1 }).output).toBe('ab\n  {x|nope}');
  });

  it('reports an unknown predicate; its block never runs', () => {
    const t = compile('{.nope? a}yes{.or}no{.end}');
    expect(brief(t.errors)).toEqual([['UNKNOWN_PREDICATE', "Predicate 'nope?' is unknown", 1, 1]]);
    expect(t.render({}).output).toBe('no');
  });

  it('reports an unclosed block at its opening instruction', () => {
    const t = compile('x\n{.section a}\n{.repeated section b}');
    expect(brief(t.errors)).toEqual([
      ['UNCLOSED_BLOCK', 'Reached EOF in the middle of SECTION', 2, 1],
      ['UNCLOSED_BLOCK', 'Reached EOF in the middle of REPEATED', 3, 1],
    ]);
  });

  it('rejects instructions not allowed at root', () => {
    expect(brief(compile('{.end}').errors)).toEqual([
      ['NOT_ALLOWED_AT_ROOT', 'Instruction END not allowed at root', 1, 1],
    ]);
    expect(brief(compile(' {.or}').errors)).toEqual([
      ['NOT_ALLOWED_AT_ROOT', 'Instruction OR_PREDICATE not allowed at root', 1, 2],
    ]);
    expect(brief(compile('{.alternates with}').errors)).toEqual([
      ['NOT_ALLOWED_AT_ROOT', 'Instruction ALTERNATES_WITH not allowed at root', 1, 1],
    ]);
  });

  it('rejects blocks not allowed inside other blocks', () => {
    expect(brief(compile('{.section a}x{.alternates with}y{.end}').errors)).toEqual([
      ['NOT_ALLOWED_HERE', 'ALTERNATES_WITH instruction is not allowed inside SECTION block.', 1, 14],
    ]);
    expect(brief(compile('{.macro m}{.or}{.end}').errors)).toEqual([
      ['NOT_ALLOWED_HERE', 'OR_PREDICATE instruction is not allowed inside MACRO block.', 1, 11],
    ]);
    expect(brief(compile('{.section a}{.or}x{.or}y{.end}').errors)).toEqual([
      ['SYNTAX', 'This OR_PREDICATE block will never execute.', 1, 19],
    ]);
  });

  it('validates formatter arguments once, at compile time', () => {
    const t = compile('{a|truncate x}');
    expect(t.errors.map((e) => e.type)).toEqual(['FORMATTER_ARGS_INVALID']);
  });

  it('treats things that are not instructions as text', () => {
    expect(out('{ a} {} {-a} {a\n} {"k": 1}', { a: 1 })).toBe('{ a} {} {-a} {a\n} {"k": 1}');
  });

  it('puts line and column on every node', () => {
    const t = compile('a\n{.section b}\n  {c}{.end}');
    const section = t.ast.body[1];
    expect(section).toMatchObject({ kind: 'section', line: 2, column: 1 });
    expect((section as { body: unknown[] }).body[1]).toMatchObject({ kind: 'variable', line: 3, column: 3 });
  });
});

describe('rendering', () => {
  it('looks names up through enclosing scopes', () => {
    expect(out('{.section a}{.section b}{c}{d}{e}{.end}{.end}', { a: { b: { c: 1 }, d: 2 }, e: 3 })).toBe(
      '123',
    );
  });

  it('resolves section names in the current node only, as the reference does', () => {
    expect(out('{.section a}{.section e}E{.or}none{.end}{.if e}I{.end}{.end}', { a: { k: 1 }, e: 3 })).toBe(
      'noneI',
    );
  });

  it('gives @index (1-based) and @index0 in repeated sections', () => {
    expect(
      out('{.repeated section xs}{@index}{@index0}{@}{.alternates with},{.end}', { xs: ['a', 'b'] }),
    ).toBe('10a,21b');
  });

  it('prints values the way templates expect', () => {
    expect(
      out('[{s}][{n}][{b}][{z}][{o}][{a}]', { s: 'x', n: 1.5, b: false, z: null, o: { k: 1 }, a: [1, 2] }),
    ).toBe('[x][1.5][false][][][1,2]');
  });

  it('treats empty values as false in sections and ifs', () => {
    const tpl = '{.section v}Y{.or}N{.end}{.if v}Y{.or}N{.end}';
    for (const v of ['', 0, false, null, [], {}]) expect(out(tpl, { v })).toBe('NN');
    for (const v of [' ', 1, true, [0], { k: 0 }]) expect(out(tpl, { v })).toBe('YY');
  });

  it('supports .if with || and && and expressions', () => {
    expect(out('{.if a || b}1{.end}{.if a && b}2{.end}{.if @x > 1}3{.end}', { a: 1, b: 0 })).toBe('1');
    expect(out('{.eval @x = 2}{.if @x > 1}big{.or}small{.end}', {})).toBe('big');
  });

  it('supports .or with a predicate', () => {
    const tpl = '{.equal? k 1}one{.or equal? k 2}two{.or}other{.end}';
    expect([1, 2, 3].map((k) => out(tpl, { k }))).toEqual(['one', 'two', 'other']);
  });

  it('binds variables with .var, .ctx and .inject', () => {
    expect(out('{.var @v a.b}{@v}{.ctx @c x=a.b}{@c.x}', { a: { b: 7 } })).toBe('77');
    expect(out('{.inject @i f.json}{@i.n}', {}, { injects: { 'f.json': '{"n":5}' } })).toBe('5');
  });

  it('renders meta characters', () => {
    expect(out('{.meta-left}{.meta-right}{.space}{.tab}{.newline}')).toBe('{} \t\n');
  });

  it('drops comments', () => {
    expect(out('a{# one}b{## two\nlines ##}c')).toBe('abc');
  });

  it('applies macros and partials, with render partials winning', () => {
    const t = compile('{.macro m}<{@}>{.end}{a|apply m}{a|apply p}', { partials: { p: '[{@}]' } });
    expect(t.render({ a: 1 }).output).toBe('<1>[1]');
    expect(t.render({ a: 1 }, { partials: { p: '({@})' } }).output).toBe('<1>(1)');
  });

  it('reports a missing partial', () => {
    const r = compile('\n {a|apply nope}').render({ a: 1 });
    expect(brief(r.errors)).toEqual([
      ['PARTIAL_MISSING', "Attempt to apply partial 'nope' which could not be found.", 2, 2],
    ]);
  });

  it('reports a partial that fails to parse', () => {
    const r = compile('{a|apply p}', { partials: { p: '{.section x}' } }).render({ a: 1 });
    expect(brief(r.errors)).toEqual([
      ['PARTIAL_PARSE', "Failed to parse partial 'p': Reached EOF in the middle of SECTION", 1, 1],
    ]);
  });

  it('stops partial recursion at depth 16', () => {
    const r = compile('{.macro m}x{@|apply m}{.end}{@|apply m}').render({});
    expect(r.output).toBe('x'.repeat(16));
    expect(brief(r.errors)).toEqual([
      ['PARTIAL_RECURSION', "Recursion into partial 'm' exceeded the maximum depth of 16", 1, 12],
    ]);
  });

  it('reports NOT_IMPLEMENTED for a formatter or predicate registered as not implemented', () => {
    const plugin: Plugin = {
      name: 't',
      formatters: { later: { notImplemented: true, apply: () => {} } },
      predicates: { 'later?': { notImplemented: true, test: () => true } },
    };
    const r = compile('{a|later}{.later?}y{.or}n{.end}', { plugins: [plugin] }).render({ a: 1 });
    expect(r.output).toBe('n');
    expect(r.errors.map((e) => e.message)).toEqual([
      "Formatter 'later' is not yet implemented",
      "Predicate 'later?' is not yet implemented",
    ]);
    expect(r.errors.every((e) => e.type === 'NOT_IMPLEMENTED')).toBe(true);
  });

  it('gives plugins the render context', () => {
    const seen: unknown[] = [];
    const plugin: Plugin = {
      name: 'spy',
      formatters: {
        spy: {
          apply(ctx, _args, vars) {
            seen.push([ctx.locale, ctx.timeZone, ctx.now, ctx.options.cart, ctx.node, ctx.resolve('a.b')]);
            vars[0].value = 'ok';
          },
        },
      },
    };
    const t = compile('{.section a}{@|spy}{.end}', { plugins: [plugin] });
    expect(t.render({ a: { b: 1 } }, { now: 5, cart: 'c' }).output).toBe('ok');
    t.render({ a: { b: 2 }, website: { timeZone: 'Europe/Paris' } }, { locale: 'fr-FR', now: 6 });
    t.render({ a: { b: 3 }, website: { timeZone: 'Europe/Paris' } }, { timeZone: 'Asia/Tokyo', now: 7 });
    expect(seen).toEqual([
      ['en-US', 'America/New_York', 5, 'c', { b: 1 }, 1],
      ['fr-FR', 'Europe/Paris', 6, undefined, { b: 2 }, 2],
      ['en-US', 'Asia/Tokyo', 7, undefined, { b: 3 }, 3],
    ]);
  });

  it('reports a formatter that throws and goes on', () => {
    const plugin: Plugin = {
      name: 'boom',
      formatters: {
        boom: {
          apply() {
            throw new Error('kaput');
          },
        },
      },
    };
    const r = compile('a{x|boom}b', { plugins: [plugin] }).render({ x: 1 });
    expect(r.output).toBe('ab');
    expect(brief(r.errors)).toEqual([['FORMATTER_FAILED', "Formatter 'boom' failed: kaput", 1, 2]]);
  });
});

describe('expressions', () => {
  const ev = (e: string, json: unknown = {}) => compile(`{.eval ${e}}`).render(json);

  it('evaluates with precedence', () => {
    expect(ev('1 + 2 * 3 ** 2').output).toBe('19');
    expect(ev('(1 + 2) * 3').output).toBe('9');
    expect(ev('max(1, 5, 3) + min(4, 2) + abs(-1)').output).toBe('8');
    expect(ev("'a\\x41\\u0042\\n'").output).toBe('aAB\n');
    expect(ev('0xff + 1e2').output).toBe('355');
  });

  it('reports parse failures', () => {
    const cases: [string, string][] = [
      ['"abc', 'EXPRESSION_UNTERMINATED_STRING'],
      ['"\\x4"', 'EXPRESSION_ESCAPE'],
      ['"\\uZZ"', 'EXPRESSION_ESCAPE'],
      ['foo(1)', 'EXPRESSION_PARSE'],
      ['(1', 'EXPRESSION_PARSE'],
      ['1 +', 'EXPRESSION_ARGS_INVALID'],
    ];
    for (const [e, type] of cases)
      expect(
        ev(e).errors.map((x) => x.type),
        e,
      ).toEqual([type]);
    expect(ev('"abc').errors[0].message).toBe('Error parsing expression: "abc: Unterminated string');
    expect(ev('1 +').errors[0].message).toBe(
      'Error reducing expression: 1 +: Invalid arguments to operator add',
    );
  });

  it('bounds tokens and string concatenation', () => {
    const tokens = compile(`{.eval ${'1 '.repeat(11)}}`, { limits: { exprMaxTokens: 10 } }).render({});
    expect(brief(tokens.errors)).toEqual([
      ['EXPRESSION_TOKEN_LIMIT', 'Expression exceeds the maximum number of allowed tokens: 10', 1, 1],
    ]);
    const concat = compile("{.eval 'abc' + 'def'}", { limits: { exprMaxStringLength: 5 } }).render({});
    expect(brief(concat.errors)).toEqual([
      ['EXPRESSION_CONCAT_LIMIT', 'String concatenation exceeds the maximum length of 5', 1, 1],
    ]);
  });
});

describe('limits', () => {
  it('stops a render whose output grows past the maximum', () => {
    const t = compile('{.repeated section xs}0123456789{.end}', { limits: { maxOutputLength: 100 } });
    const r = t.render({ xs: new Array(50).fill(1) });
    expect(r.output.length).toBeLessThanOrEqual(110);
    expect(r.errors.map((e) => e.type)).toEqual(['RENDER_LIMIT']);
  });

  it('stops a render that takes too many steps', () => {
    const t = compile('{.repeated section xs}{.repeated section @}.{.end}{.end}', {
      limits: { maxSteps: 50 },
    });
    const r = t.render({ xs: new Array(20).fill(new Array(20).fill(1)) });
    expect(r.errors.map((e) => e.message)).toEqual(['Render exceeded the maximum of 50 steps']);
  });

  it('bounds exponential macro fan-out', () => {
    const t = compile('{.macro m}{@|apply m}{@|apply m}{.end}{@|apply m}', { limits: { maxSteps: 1000 } });
    const r = t.render({});
    expect(r.errors.some((e) => e.type === 'RENDER_LIMIT')).toBe(true);
  });
});

describe('LRU cache', () => {
  it('evicts the least recently used entry past capacity', () => {
    const c = new LruCache<string, number>(2);
    c.set('a', 1);
    c.set('b', 2);
    expect(c.get('a')).toBe(1);
    c.set('c', 3);
    expect(c.has('b')).toBe(false);
    expect(c.has('a')).toBe(true);
    expect(c.size).toBe(2);
  });

  it('holds 100 compiled templates by default', () => {
    expect(new LruCache().capacity).toBe(100);
    const e = new Engine();
    const first = e.compileCached('{a}');
    expect(e.compileCached('{a}')).toBe(first);
    for (let i = 0; i < 100; i++) e.compileCached(`{a}${i}`);
    expect(e.cacheSize).toBe(100);
    expect(e.compileCached('{a}')).not.toBe(first);
  });

  it('keys on partials too', () => {
    const e = createEngine();
    const a = e.compileCached('{@|apply p}', { partials: { p: 'A' } });
    const b = e.compileCached('{@|apply p}', { partials: { p: 'B' } });
    expect(a.render({}).output).toBe('A');
    expect(b.render({}).output).toBe('B');
    expect(compileCached('{x}')).toBe(compileCached('{x}'));
  });

  it('render() compiles through the cache and merges errors', () => {
    const r = render('{a|nope}{b|apply q}', { b: 1 });
    expect(r.errors.map((e) => e.type)).toEqual(['UNKNOWN_FORMATTER', 'PARTIAL_MISSING']);
  });
});

describe('never throws', () => {
  const alphabet = fc.constantFrom(
    ...'{}.|@#?:, =()"\'\\abn01\n'.split(''),
    '{.section a}',
    '{.repeated section a}',
    '{.end}',
    '{.or}',
    '{.alternates with}',
    '{.if a || b}',
    '{.eval ',
    '{.macro m}',
    '{@|apply m}',
    '{.var @v a}',
    '{a|json}',
    '{.equal? a 1}',
    '{.include m}',
  );
  const json = fc.jsonValue();

  it('compiles and renders any input without throwing', () => {
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), fc.string(), json, (parts, raw, data) => {
        for (const src of [parts.join(''), raw]) {
          // A small step budget keeps self-applying partials (fan-out up to depth 16) quick.
          const t = compile(src, { limits: { maxSteps: 20_000 } });
          const r = t.render(data, { partials: { m: src } });
          expect(typeof r.output).toBe('string');
          expect(Array.isArray(r.errors)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('survives hostile input types', () => {
    expect(() => compile(undefined as unknown as string).render(undefined)).not.toThrow();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const r = compile('{self|json}').render(cyclic);
    expect(r.errors.map((e) => e.type)).toEqual(['FORMATTER_FAILED']);
  });
});

describe('compiled program', () => {
  it('gives every loop item its own variables and macros although the frame is reused', () => {
    const tpl =
      '{.repeated section xs}{.equal? @index 1}{.var @v @}{.macro m}M{.end}{.end}[{@v}{@|apply m}]{.end}';
    const r = compile(tpl).render({ xs: ['a', 'b'] });
    expect(r.output).toBe('[aM][]');
    expect(r.errors.map((e) => e.type)).toEqual(['PARTIAL_MISSING']);
  });

  it('keeps a formatter chain correct when a formatter re-enters the same instruction', () => {
    const tpl = '{.macro m}{.section next}({@|apply m}){.end}{name|html}{.end}{@|apply m}';
    const json = { name: 'a&', next: { name: 'b<', next: { name: 'c' } } };
    expect(out(tpl, json)).toBe('((c)b&lt;)a&amp;');
  });

  it('reports a throwing formatter and renders on (unknown ones stay text)', () => {
    const boom: Plugin = {
      name: 'boom',
      formatters: {
        boom: {
          apply() {
            throw new Error('no');
          },
        },
      },
    };
    const r = compile('{a|boom}|{a|html}', { plugins: [boom] }).render({ a: 1 });
    expect(r.output).toBe('|{a|html}');
    expect(r.errors.map((e) => e.message)).toEqual(["Formatter 'boom' failed: no"]);
  });

  it('prints array items the way String() does and text formatters ignore arrays', () => {
    expect(out('{a}', { a: [null, [1, 2], { x: 1 }, true] })).toBe('null,1,2,[object Object],true');
    expect(out('{a|html}', { a: ['<'] })).toBe('');
  });

  it('builds the program on the first render and reuses it', () => {
    const t = compile('{.repeated section xs}{@|html}{.alternates with},{.end}');
    expect(t.render({ xs: ['<', '>'] }).output).toBe('&lt;,&gt;');
    expect(t.render({ xs: ['&'] }).output).toBe('&amp;');
  });
});
