import { describe, expect, it } from 'vitest';
import { i18nPlugin } from '../../src/plugins/i18n/index.js';
import { fakeContext, run } from './i18n-context.js';

const F = i18nPlugin.formatters!;
const EN = fakeContext();
const NBSP = '\u00a0';

describe('money', () => {
  const usd = { decimalValue: '123456.7890', currencyCode: 'USD' };
  const eur = { decimalValue: '123456.7890', currencyCode: 'EUR' };
  it('formats money objects with Intl (f-money-1)', () => {
    expect(run(F.money, EN, [], usd)).toBe('$123,456.79');
    expect(run(F.money, EN, ['style:short'], eur)).toBe('€123K');
    expect(run(F.currency, EN, ['style:name'], eur)).toBe('123,456.79 euros');
    expect(run(F.money, EN, [], { foo: 'bar' })).toBe('');
  });
  it('formats cents with the default separators (f-money-format-*, f-money-string-1)', () => {
    expect(run(F.moneyFormat, EN, [], 12345)).toBe('123.45');
    expect(run(F['money-format'], EN, [], 123456789)).toBe('1,234,567.89');
    expect(run(F['money-format'], EN, ['JPY'], 12345)).toBe('12,345');
    expect(run(F['money-string'], EN, [], 12345)).toBe('<span class="sqs-money-native">123.45</span>');
  });
  it('prints nothing for a non-number (f-missing-1)', () => {
    for (const name of ['money-format', 'moneyFormat', 'money-string']) {
      expect(run(F[name], EN, [], {})).toBe('');
      expect(run(F[name], EN, [], 'abc')).toBe('');
    }
  });
  it('keeps at most 15 integer places', () => {
    expect(run(F['money-format'], EN, [], 1e18)).toBe('000,000,000,000,000.00');
  });
  it('bookkeeper-money-format uses the render locale (f-bookkeeper-money-format-*)', () => {
    expect(run(F['bookkeeper-money-format'], EN, [], 12345)).toBe('$123.45');
    expect(run(F['bookkeeper-money-format'], fakeContext({ locale: 'none' }), [], 12345)).toBe('');
    expect(run(F['bookkeeper-money-format'], EN, [], 'A')).toBe('$0.00');
  });
  it('i18n-money-format places the table symbol as the locale does (i18n-money-format-*)', () => {
    const m = (currencyCode: string, decimalValue: number) => ({ currencyCode, decimalValue });
    expect(run(F['i18n-money-format'], EN, ['de-DE'], m('EUR', -1234.56))).toBe('-1.234,56€');
    expect(run(F['i18n-money-format'], EN, ['en-US'], m('SEK', -1234.56))).toBe('kr -1,234.56');
    expect(run(F['i18n-money-format'], EN, ['fr-FR'], m('AUD', 1234.56))).toBe(`1${NBSP}234,56 A$`);
    expect(run(F['i18n-money-format'], EN, ['sv-SE'], m('JPY', 1234.56))).toBe(`1${NBSP}235¥`);
  });
});

describe('decimal and percentage-format', () => {
  it('prints a bare decimal plainly and groups once options are given (f-decimal-*)', () => {
    expect(run(F.decimal, EN, [], '-100200300.40')).toBe('-100200300.4');
    expect(run(F.decimal, EN, ['group'], '-100200300.40')).toBe('-100,200,300.4');
    expect(run(F.decimal, EN, ['style:percent'], '123456.7890')).toBe('12,345,679%');
    expect(run(F.decimal, EN, ['maximumFractionDigits:1', 'round:down'], '123456.7890')).toBe('123,456.7');
    expect(run(F.decimal, EN, ['mode:significant-maxfrac', 'minsig:1', 'maxfrac:3'], '3.14159')).toBe(
      '3.142',
    );
    expect(run(F.decimal, EN, ['group:true'], 'xyz')).toBe('');
  });
  it('clamps fraction digits to 0 to 50 (and to the 20 that Intl on Node 20 accepts)', () => {
    expect(run(F.decimal, EN, ['minfrac:99'], '1')).toBe(`1.${'0'.repeat(20)}`);
  });
  it('percentage-format: 2 fraction digits, 0 with trim, max 3 (f-percentage-format-*)', () => {
    expect(run(F['percentage-format'], EN, [], 123456)).toBe('123,456.00');
    expect(run(F['percentage-format'], EN, ['trim'], 123456)).toBe('123,456');
    expect(run(F['percentage-format'], EN, [], 1.23456)).toBe('1.235');
    expect(run(F['percentage-format'], EN, ['trim'], 'A')).toBe('0');
  });
});

describe('message', () => {
  const root = {
    foo: 'FOO',
    number: 123,
    person: { name: 'Bob' },
    what: 'your cart',
    count: 3,
    n: '12345.67899',
  };
  const ctx = fakeContext({ root });
  it('resolves positional and named arguments (f-message-2, f-message-3)', () => {
    expect(run(F.message, ctx, ['foo', 'x=number'], '{foo}|{0}|{x}')).toBe('|FOO|123');
    expect(
      run(
        F.message,
        ctx,
        ['name=person.name', 'what', 'count'],
        'Hi, {name} {1} has {2 plural one {# item} other {# items}}.',
      ),
    ).toBe('Hi, Bob your cart has 3 items.');
  });
  it('formats decimal arguments (f-message-4)', () => {
    expect(
      run(F.message, ctx, ['n'], '{0} {0 decimal style:short} {0 decimal maximumFractionDigits:1}'),
    ).toBe('12345.67899 12K 12,345.7');
  });
  it('selects plural forms from the visible digits per locale (f-message-plural-*)', () => {
    const msg = '{0 plural zero{# ZERO} one{# ONE} few{# FEW} many{# MANY} other{# OTHER}}';
    const pick = (locale: string, v: string) =>
      run(F.message, fakeContext({ locale, root: { v } }), ['v'], msg);
    expect(pick('en-US', '1')).toBe('1 ONE');
    expect(pick('en-US', '1.0')).toBe('1.0 OTHER');
    expect(pick('fr-FR', '0.1')).toBe('0.1 ONE');
    expect(pick('pl-PL', '0')).toBe('0 MANY');
    expect(pick('pl-PL', '3')).toBe('3 FEW');
  });
  it('handles ordinals and missing forms (f-message-1, f-message-plural-en-US)', () => {
    const ord = (i: number) =>
      run(
        F.plural,
        fakeContext({ root: { i } }),
        ['i'],
        '{0 selectordinal one{#st} two{#nd} few{#rd} other{#th}}',
      );
    expect([1, 2, 3, 4, 11, 22].map(ord)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '22nd']);
    expect(run(F.message, fakeContext({ root: { c: 1 } }), ['c'], 'item{0 plural other{s}}')).toBe('item');
  });
  it('formats unit arguments (f-message-units-en-US)', () => {
    const c = fakeContext({ root: { bytes: '12345657890', duration: '12345' } });
    expect(
      run(
        F.message,
        c,
        ['bytes', 'duration'],
        '{0 unit in:byte compact:bytes} took {1 unit in:second sequence:hour,minute,second format:long}',
      ),
    ).toBe('11.5GB took 3 hours 25 minutes 45 seconds');
  });
});

describe('unit', () => {
  it('converts to the best unit of the locale system (f-unit-*-en-US)', () => {
    expect(run(F.unit, EN, ['in:inch'], '12345')).toBe('342.9yd');
    expect(run(F.unit, EN, ['in:inch', 'sequence:foot,inch', 'group', 'format:long'], '12345')).toBe(
      '1,028 feet 9 inches',
    );
    expect(run(F.unit, EN, ['in:celsius'], '37')).toBe('98.6°');
    expect(run(F.unit, EN, ['in:fahrenheit', 'out:celsius', 'format:long'], '32')).toBe('0 degrees Celsius');
    expect(run(F.unit, EN, ['in:degree', 'sequence:degree,arc-minute,arc-second'], '389.3592')).toBe(
      '389° 21′ 33.1″',
    );
    expect(run(F.unit, EN, ['in:hertz', 'out:gigahertz', 'maxfrac:6'], '12345678.99')).toBe('0.012346GHz');
    expect(run(F.unit, EN, ['in:mile', 'sequence:mile,foot,inch'], '-2.4271')).toMatch(/^-2mi \d+′ [\d.]+″$/);
  });
  const FR = fakeContext({ locale: 'fr-FR' });
  const NB = '\u00a0';
  it('names the units Intl lacks from the English and French table (units/*-out-*)', () => {
    expect(run(F.unit, EN, ['in:meter-per-second-squared', 'out:g-force', 'maxfrac:3'], '5')).toBe('0.510Gs');
    expect(run(F.unit, FR, ['in:meter-per-second-squared', 'out:g-force', 'maxfrac:3'], '5')).toBe('0,510G');
    expect(run(F.unit, FR, ['in:g-force', 'out:meter-per-second-squared'], '1')).toBe('9,8 m/s²');
    expect(run(F.unit, FR, ['in:hertz'], '-1220703125')).toBe('-1,2 GHz');
    expect(run(F.unit, FR, ['in:degree', 'out:revolution', 'format:long'], '21886.1')).toBe('60,8 tours');
    expect(
      run(
        F.unit,
        FR,
        ['in:degree', 'sequence:degree,arc-minute,arc-second', 'format:long'],
        '21886.105181141756475',
      ),
    ).toBe('21886 degrés 6 minutes d’arc 18,7 secondes d’arc');
    expect(run(F.unit, EN, ['in:milliwatt', 'compact:power', 'group', 'format:long'], '87178291200')).toBe(
      '87.2 megawatts',
    );
    expect(run(F.unit, FR, ['in:milliwatt', 'compact:power', 'group', 'format:long'], '1307674368000')).toBe(
      '1,3 gigawatt',
    );
    expect(run(F.unit, EN, ['in:horsepower', 'group', 'format:long'], '1307674368000')).toBe(
      '975,132.6 gigawatts',
    );
    expect(run(F.unit, FR, ['in:amp', 'sequence:amp,milliamp'], '1904.9409')).toBe('1904 A 940,9 mA');
    expect(run(F.unit, FR, ['in:milligram'], '5')).toBe('5mg');
    expect(run(F.unit, FR, ['in:gram', 'compact:mass', 'format:long'], '0.0042')).toBe('4,2 milligrammes');
    expect(run(F.unit, EN, ['in:kilogram', 'out:milligram', 'format:long'], '0.25')).toBe(
      '250000 milligrams',
    );
  });
  it('treats names of Object.prototype members as unknown units and options', () => {
    for (const name of ['constructor', 'kiloconstructor', 'hasOwnProperties', '__proto__']) {
      expect(run(F.unit, EN, [`in:${name}`], '5')).toBe('');
      expect(run(F.unit, EN, ['in:meter', `out:${name}`], '5')).toBe(run(F.unit, EN, ['in:meter'], '5'));
    }
    expect(run(F.decimal, EN, ['constructor:2', 'round:toString'], '1.25')).toBe('1.25');
  });
  it('converts reciprocal consumption units (units/consumption-out-en-US)', () => {
    expect(run(F.unit, EN, ['in:liter-per-100kilometers'], '1')).toBe('235.2mpg');
    expect(run(F.unit, EN, ['in:mile-per-gallon', 'out:liter-per-100kilometers', 'format:long'], '55')).toBe(
      '4.3 liters per 100 kilometers',
    );
    expect(run(F.unit, FR, ['in:liters-per-kilometer', 'compact:consumption', 'group'], '13')).toBe(
      `1${NB}300l/100km`,
    );
  });
  it('chooses from the locale system and its compact lists (units/volume-out-*)', () => {
    expect(run(F.unit, EN, ['in:cubic-centimeter', 'compact:liquid', 'format:long'], '720')).toBe(
      '1.5 pints',
    );
    expect(run(F.unit, FR, ['in:cubic-centimeter', 'compact:liquid', 'format:long'], '720')).toBe(
      '7,2 décilitres',
    );
    expect(
      run(F.unit, FR, ['in:cubic-centimeter', 'compact:volume', 'format:long'], '6402373705728000'),
    ).toBe('6,4 kilomètres cubes');
    expect(run(F.unit, EN, ['in:kilograms', 'compact:mass', 'format:long'], '479001.6')).toBe('528 tons');
    expect(run(F.unit, EN, ['in:second', 'compact:duration-small', 'format:long'], '3628800')).toBe(
      '42 days',
    );
    expect(run(F.unit, EN, ['in:second', 'compact:duration-large', 'format:long', 'minfrac:5'], '720')).toBe(
      '0.00833 days',
    );
  });
  it('reads a missing in: as the smallest unit of the locale system (units/temperature-out-*)', () => {
    expect(run(F.unit, EN, ['out:celsius'], '1904.940943966505301')).toBe('1040.5°C');
    expect(run(F.unit, FR, ['out:celsius'], '1904.940943966505301')).toBe('1904,9°C');
    expect(run(F.unit, EN, ['out:cubic-foot'], '40320')).toBe('23.3ft³');
    expect(run(F.unit, EN, [], '1')).toBe('');
  });
  it('leaves out empty sequence parts and puts a plain space before French long names', () => {
    expect(
      run(F.unit, EN, ['in:second', 'sequence:year,month,day,hour,minute,second', 'format:long'], '9765625'),
    ).toBe('3 months 21 days 17 hours 13 minutes 7 seconds');
    expect(run(F.unit, FR, ['in:centimeter', 'sequence:kilometer,meter,centimeter'], '-390625')).toBe(
      '-3km 906m 25cm',
    );
    expect(run(F.unit, FR, ['in:fahrenheit', 'compact:temperature', 'format:long'], '11')).toBe(
      '-11,7 degrés Celsius',
    );
  });
});

describe('units-metric?', () => {
  it('is registered as not implemented (spec §8)', () => {
    expect(i18nPlugin.predicates?.['units-metric?']?.notImplemented).toBe(true);
  });
});
