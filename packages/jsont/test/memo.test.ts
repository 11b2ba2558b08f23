import { describe, expect, it } from 'vitest';
import { compile, defaultPlugins, type RenderOptions } from '../src/browser.js';
import { parseJson } from '../src/json.js';
import { memoFormatters } from '../src/memo.js';

/**
 * The Node entry swaps in formatters that keep their results (src/memo.ts); the browser entry,
 * imported here, has the plain ones. Both must print the same and report the same errors, on
 * every render, whatever the locale, zone, currency and value shapes met in between.
 */
const memoPlugin = { name: 'memo', formatters: memoFormatters };

const TEMPLATE = `{.repeated section items}
{price|money} {price|money style:code} {price|currency maxfrac:0} {price|money style:name} {size|url-encode} {tag|url-encode}
{when|date %B %d, %Y %l:%M %p %Z} {when|date} {when|date %Y}
{size|width} {size|height} {size|resizedHeightForWidth 300} {size|resizedWidthForHeight 200} {size|squarespaceThumbnailForHeight 100}
{.end}`;

const DATA = `{"items": [
  {"price": {"decimalValue": "12.50", "currencyCode": "USD"}, "when": 1764000000000, "size": "1500x1000", "tag": "Wood & finish é/ü?"},
  {"price": {"decimalValue": "12.50", "currencyCode": "EUR"}, "when": "1764000000000", "size": "1000x1500"},
  {"price": {"value": 12.5, "currency": "usd"}, "when": 1764000000000, "size": "1500x1000", "tag": "Wood & finish é/ü?"},
  {"price": {"decimalValue": 1234567.891, "currencyCode": "JPY"}, "when": 0, "size": "0x10"},
  {"price": {"decimalValue": "-0.001", "currencyCode": "USD"}, "when": -1e17, "size": "10x"},
  {"price": {"decimalValue": "abc", "currencyCode": "USD"}, "when": "soon", "size": {"originalSize": "10x10"}},
  {"price": {"decimalValue": "12.50", "currencyCode": "US"}, "when": null, "size": 42},
  {"price": {"currencyCode": "USD"}, "when": 1e17, "size": "1500x1000"},
  {"price": "12.50", "when": 1764000000000.5, "size": "2400x1600", "tag": ["a b", 1]},
  {"price": {"decimalValue": 12.500, "currencyCode": "USD"}, "when": 1764000000000, "size": "2400x1600"}
]}`;

const RENDERS: RenderOptions[] = [
  { locale: 'en-US', timeZone: 'America/New_York' },
  { locale: 'de-DE', timeZone: 'Europe/Berlin' },
  { locale: 'en-US', timeZone: 'Not/AZone' },
  { locale: 'fr-FR', timeZone: 'Asia/Kolkata' },
  { locale: 'en-US', timeZone: 'America/New_York' },
];

describe('formatters that keep their results (Node entry)', () => {
  it('print and report the same as the plain ones on every render', () => {
    const plain = compile(TEMPLATE);
    const memo = compile(TEMPLATE, { plugins: [...defaultPlugins, memoPlugin] });
    expect(memo.errors).toEqual(plain.errors);
    // Numbers kept with their written form (parseJson) are objects, never keys of a memo.
    for (const json of [JSON.parse(DATA), parseJson(DATA)]) {
      for (let round = 0; round < 3; round++) {
        for (const options of RENDERS) {
          const a = plain.render(json, { now: 0, ...options });
          const b = memo.render(json, { now: 0, ...options });
          expect(b.output).toBe(a.output);
          expect(b.errors).toEqual(a.errors);
        }
      }
    }
    // The out-of-range dates are reported on each render, not only the first.
    expect(memo.render(JSON.parse(DATA), { now: 0 }).errors.length).toBeGreaterThan(0);
  });

  it('share results between templates compiled again, per call site arguments', () => {
    const a = compile('{p|money}|{p|money style:code}', { plugins: [...defaultPlugins, memoPlugin] });
    const b = compile('{p|money style:code}|{p|money}', { plugins: [...defaultPlugins, memoPlugin] });
    const p = { decimalValue: '1234.5', currencyCode: 'EUR' };
    expect(a.render({ p }, { locale: 'en-US' }).output).toBe('€1,234.50|1,234.50 EUR');
    expect(b.render({ p }, { locale: 'en-US' }).output).toBe('1,234.50 EUR|€1,234.50');
  });
});
