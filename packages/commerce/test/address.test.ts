import { describe, expect, it } from 'vitest';
import {
  AU_STATES,
  CA_PROVINCES,
  DE_STATES,
  ES_PROVINCES,
  FR_REGIONS,
  GB_NATIONS,
  IE_COUNTIES,
  NL_PROVINCES,
  NO_COUNTIES,
  NZ_REGIONS,
  postalCodeHint,
  postalCodeWord,
  REGIONS_BY_COUNTRY,
  regionName,
  regionsFor,
  regionWord,
  SE_COUNTIES,
  US_STATES,
  validateAddressPostalCode,
  validatePostalCode,
} from '../src/index.js';

describe('region lists', () => {
  it.each([
    ['US', US_STATES, 54],
    ['CA', CA_PROVINCES, 13],
    ['AU', AU_STATES, 8],
    ['NZ', NZ_REGIONS, 17],
    ['IE', IE_COUNTIES, 26],
    ['ES', ES_PROVINCES, 52],
    ['FR', FR_REGIONS, 18],
    ['DE', DE_STATES, 16],
    ['NL', NL_PROVINCES, 12],
    ['NO', NO_COUNTIES, 15],
    ['SE', SE_COUNTIES, 21],
    ['GB', GB_NATIONS, 4],
  ])('%s has %d entries with unique codes', (country, regions, count) => {
    expect(regions).toHaveLength(count);
    expect(new Set(regions.map((r) => r.code)).size).toBe(count);
    expect(regionsFor(country.toLowerCase())).toBe(regions);
    for (const r of regions) expect(r.name.length).toBeGreaterThan(0);
  });
  it('covers exactly the spec countries', () => {
    expect(Object.keys(REGIONS_BY_COUNTRY).sort()).toEqual([
      'AU',
      'CA',
      'DE',
      'ES',
      'FR',
      'GB',
      'IE',
      'NL',
      'NO',
      'NZ',
      'SE',
      'US',
    ]);
    expect(regionsFor('JP')).toEqual([]);
  });
  it('includes DC and the armed-forces areas', () => {
    expect(regionName('US', 'dc')).toBe('District of Columbia');
    expect(['AA', 'AE', 'AP'].map((c) => regionName('US', c))).toEqual([
      'Armed Forces Americas',
      'Armed Forces Europe',
      'Armed Forces Pacific',
    ]);
    expect(regionName('CA', 'QC')).toBe('Quebec');
    expect(regionName('GB', 'SCT')).toBe('Scotland');
    expect(regionName('US', 'ZZ')).toBeNull();
  });
});

describe('address words', () => {
  it.each([
    ['US', 'state', 'states', 'ZIP code'],
    ['CA', 'province/territory', 'provinces/territories', 'postal code'],
    ['AU', 'state/territory', 'states/territories', 'postcode'],
    ['NZ', 'region', 'regions', 'postcode'],
    ['IE', 'county', 'counties', 'eircode'],
    ['ES', 'province', 'provinces', 'postal code'],
    ['FR', 'region', 'regions', 'postal code'],
    ['DE', 'state', 'states', 'postal code'],
    ['NL', 'province', 'provinces', 'postal code'],
    ['NO', 'county', 'counties', 'postal code'],
    ['SE', 'county', 'counties', 'postal code'],
    ['GB', 'region', 'regions', 'postcode'],
    ['JP', 'region', 'regions', 'postal code'],
  ])('%s: %s / %s, %s', (country, singular, plural, postal) => {
    expect(regionWord(country)).toEqual({ singular, plural });
    expect(postalCodeWord(country).singular).toBe(postal);
  });
});

describe('postal codes', () => {
  const ok = (value: string) => ({ ok: true, value });
  const bad = (message: string) => ({ ok: false, message });
  it.each([
    ['US', '10001', ok('10001')],
    ['US', '1000', bad('ZIP Codes need to be 5 digits')],
    ['US', '10001-1234', bad('ZIP Codes need to be 5 digits')],
    ['AU', '2000', ok('2000')],
    ['AU', '200', bad('Postcodes need to be 4 digits')],
    ['NZ', '60111', bad('Postcodes need to be 4 digits')],
    ['NO', '0150', ok('0150')],
    ['NL', '1012', ok('1012')],
    ['DK', '123', bad('Postal Codes need to be 4 digits')],
    ['DE', '10115', ok('10115')],
    ['FR', '7500', bad('Postal Codes need to be 5 digits')],
    ['ES', 'ABCDE', bad('Postal Codes need to be 5 digits')],
    ['CA', 'k1a', ok('K1A')],
    ['CA', 'D1A', bad('An FSA code is invalid')],
    ['CA', 'K1A0B1', bad('An FSA code is invalid')],
    ['GB', 'sw1a', ok('SW1A')],
    ['GB', 'M1', ok('M1')],
    ['GB', 'SW1A 1AA', bad('Invalid postal code')],
    ['IE', 'D02', ok('D02')],
    ['IE', 'd6w', ok('D6W')],
    ['IE', 'D02 X285', bad('Invalid postal code')],
    ['IE', 'B12', bad('Invalid postal code')],
    ['SE', '114', ok('114')],
    ['SE', '11455', bad('Invalid postal code')],
    ['JP', '100-0001', ok('100-0001')],
    ['JP', '  ', bad('Invalid postal code')],
    ['US', '', bad('ZIP Codes need to be 5 digits')],
  ])('%s %j', (country, code, expected) => {
    expect(validatePostalCode(country, code)).toEqual(expected);
  });
  it.each([
    ['GB', 'Enter only the 1-4 character outcode portion of postcodes'],
    ['IE', 'Enter only the first three characters of the Eircode'],
    ['SE', 'Enter up to 3 digits of the postcode'],
    ['US', null],
    ['JP', null],
  ])('hint for %s', (country, hint) => {
    expect(postalCodeHint(country)).toBe(hint);
  });
});

describe('validateAddressPostalCode', () => {
  it('checks the zone part of a full code', () => {
    expect(validateAddressPostalCode('CA', 'K1A 0B1')).toEqual({ ok: true, value: 'K1A' });
    expect(validateAddressPostalCode('CA', '11A 0B1')).toEqual({
      ok: false,
      message: 'An FSA code is invalid',
    });
    expect(validateAddressPostalCode('GB', 'SW1A 1AA')).toMatchObject({ ok: true, value: 'SW1A' });
    expect(validateAddressPostalCode('IE', 'D02 X285')).toMatchObject({ ok: true, value: 'D02' });
    expect(validateAddressPostalCode('US', '1234')).toEqual({
      ok: false,
      message: 'ZIP Codes need to be 5 digits',
    });
    expect(validateAddressPostalCode('US', '10001')).toMatchObject({ ok: true, value: '10001' });
  });
});
