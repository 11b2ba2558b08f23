/**
 * JSON text to template data, keeping the written form of decimals that JSON.parse would lose.
 *
 * Plural rules depend on visible fraction digits: "1.0 items" is plural "other" in English while
 * "1 item" is "one", and a template prints `1.0` back as it was written. JSON.parse turns both into
 * the number 1, so data read with `parseJson` keeps such numbers as `WrittenNumber`s. Everything
 * else comes out exactly as JSON.parse gives it. The engine reads a WrittenNumber as its value
 * (truthiness, equality, number formatters) and prints it as written.
 */

/** A JSON number whose written form differs from JavaScript's (`1.0`, `2.50`): value plus text. */
export class WrittenNumber extends Number {
  declare readonly text: string;

  constructor(value: number, text: string) {
    super(value);
    // Not enumerable, so the value stays a leaf: no keys to iterate and nothing for JSON to print.
    Object.defineProperty(this, 'text', { value: text });
  }

  override toString(): string {
    return this.text;
  }
}

/** A plain decimal with a fraction part; only these can lose their written form. */
const DECIMAL = /^-?\d+\.\d+$/;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** Finds where a string ends; JSON.parse of the slice then checks its escapes and characters. */
const STRING = /"(?:[^"\\]|\\[\s\S])*"/y;
const SPACE = /[ \t\n\r]*/y;

/**
 * Parses JSON text as JSON.parse does (same values, same errors as SyntaxError), except that a
 * decimal JavaScript would print differently, such as `1.0` or `0.50`, becomes a WrittenNumber.
 */
export function parseJson(text: string): unknown {
  let at = 0;

  const fail = (): never => {
    throw new SyntaxError(
      at >= text.length
        ? 'Unexpected end of JSON input'
        : `Unexpected token '${text[at]}' in JSON at position ${at}`,
    );
  };
  const space = () => {
    SPACE.lastIndex = at;
    SPACE.test(text);
    at = SPACE.lastIndex;
  };
  const expect = (c: string) => {
    space();
    if (text[at] !== c) fail();
    at++;
  };
  const match = (re: RegExp): string => {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) return fail();
    at = re.lastIndex;
    return m[0];
  };

  function value(): unknown {
    space();
    const c = text[at];
    if (c === '{') return object();
    if (c === '[') return array();
    if (c === '"') return JSON.parse(match(STRING));
    if (c === '-' || (c >= '0' && c <= '9')) {
      const written = match(NUMBER);
      const n = Number(written);
      return DECIMAL.test(written) && String(n) !== written ? new WrittenNumber(n, written) : n;
    }
    for (const [word, v] of LITERALS) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return v;
      }
    }
    return fail();
  }

  function array(): unknown[] {
    at++;
    const out: unknown[] = [];
    space();
    if (text[at] === ']') {
      at++;
      return out;
    }
    for (;;) {
      out.push(value());
      space();
      if (text[at] === ']') {
        at++;
        return out;
      }
      expect(',');
    }
  }

  function object(): Record<string, unknown> {
    at++;
    const out: Record<string, unknown> = {};
    space();
    if (text[at] === '}') {
      at++;
      return out;
    }
    for (;;) {
      space();
      if (text[at] !== '"') fail();
      const key: string = JSON.parse(match(STRING));
      expect(':');
      const v = value();
      // As with JSON.parse, a "__proto__" key is data, not a prototype change.
      if (key === '__proto__')
        Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
      else out[key] = v;
      space();
      if (text[at] === '}') {
        at++;
        return out;
      }
      expect(',');
    }
  }

  const result = value();
  space();
  if (at < text.length) fail();
  return result;
}

const LITERALS: readonly [string, unknown][] = [
  ['true', true],
  ['false', false],
  ['null', null],
];
