import { describe, expect, it } from 'vitest';
import { checkZipCode, zipCodeAbsent, zipCodeRequired, ZIP_CHECKED_COUNTRIES } from '@/lib/locations/zip-codes';
import { hasMessage } from '@/lib/i18n/translator';
import { locales } from '@/lib/i18n/locales';

const ok = (country: string, zip: string, stored = zip) => expect(checkZipCode(country, zip), `${country} ${zip}`).toEqual({ ok: true, value: stored });
const bad = (country: string, zip: string) => expect(checkZipCode(country, zip), `${country} ${zip}`).toEqual({ ok: false, messageKey: `locations.zip.${country}` });

describe('zip codes by country', () => {
  it('US: 5 digits or ZIP+4', () => {
    ok('US', '94103');
    ok('US', '94103-1234');
    ok('US', '941031234', '94103-1234');
    ok('US', ' 10012 ', '10012');
    for (const zip of ['', '9410', '941033', '94103-12', 'ABCDE', '94103 1234']) bad('US', zip);
  });

  it('CN: 6 digits', () => {
    ok('CN', '200040');
    ok('CN', '100000');
    for (const zip of ['', '20004', '2000400', '20004A']) bad('CN', zip);
  });

  it('HK and MO: no postcodes, so empty is right, and for HK the common 999077 too', () => {
    ok('HK', '');
    ok('HK', '   ', '');
    ok('HK', '999077');
    ok('HK', ' 999077 ', '999077');
    ok('MO', '');
    expect(checkZipCode('HK', null)).toEqual({ ok: true, value: '' });
    for (const zip of ['999078', '00000', '999 077']) bad('HK', zip);
    bad('MO', '999078');
  });

  it('TW: 3, 5 or 6 digits', () => {
    ok('TW', '100');
    ok('TW', '10012');
    ok('TW', '100012');
    for (const zip of ['', '10', '1001', '1000123']) bad('TW', zip);
  });

  it('GB: outward and inward parts, stored upper-case with one space', () => {
    ok('GB', 'SW1A 1AA');
    ok('GB', 'sw1a1aa', 'SW1A 1AA');
    ok('GB', 'M1 1AE');
    ok('GB', 'B33 8TH');
    ok('GB', 'CR2 6XH');
    ok('GB', 'DN55 1PT');
    ok('GB', 'EC1A 1BB');
    ok('GB', 'GIR 0AA');
    for (const zip of ['', 'SW1A', '1AA SW1', 'SW1A 1A', 'SW1A-1AA!']) bad('GB', zip);
  });

  it('JP: 7 digits, stored as 3-4', () => {
    ok('JP', '100-0001');
    ok('JP', '1000001', '100-0001');
    for (const zip of ['', '100-001', '10000011', '100_0001']) bad('JP', zip);
  });

  it('CA: letter-digit-letter digit-letter-digit, stored upper-case with one space', () => {
    ok('CA', 'K1A 0B1');
    ok('CA', 'k1a0b1', 'K1A 0B1');
    ok('CA', 'M5V 3L9');
    // D, F, I, O, Q, U never appear; W and Z never start a code.
    for (const zip of ['', 'D1A 0B1', 'K1A 0O1', 'W1A 0B1', 'K1A0B', '12345']) bad('CA', zip);
  });

  it('AU: 4 digits', () => {
    ok('AU', '2000');
    ok('AU', '0800');
    for (const zip of ['', '200', '20000', 'NSW2']) bad('AU', zip);
  });

  it('other checked countries', () => {
    ok('SG', '018956');
    bad('SG', '18956');
    ok('KR', '03187');
    ok('DE', '10115');
    ok('FR', '75001');
    ok('NZ', '1010');
    ok('MY', '50088');
    bad('FR', '7500');
  });

  it('any other country: optional free text up to 20 characters', () => {
    ok('TH', '');
    ok('TH', '10110');
    ok('IE', 'D02 X285');
    ok('BR', '01310-100');
    expect(checkZipCode('TH', 'x'.repeat(21))).toEqual({ ok: false, messageKey: 'locations.zip.tooLong' });
  });

  it('reads the country case-insensitively', () => {
    ok('us', '94103');
    expect(checkZipCode('hk', '1')).toEqual({ ok: false, messageKey: 'locations.zip.HK' });
  });

  it('reads full-width digits as ASCII (an IME types ２０００４０)', () => {
    expect(checkZipCode('CN', '２０００４０')).toEqual({ ok: true, value: '200040' });
    expect(checkZipCode('US', '１００１２')).toEqual({ ok: true, value: '10012' });
  });

  it('tells the form which countries need, or have no, zip code', () => {
    expect(zipCodeRequired('US')).toBe(true);
    expect(zipCodeRequired('HK')).toBe(false);
    expect(zipCodeRequired('TH')).toBe(false);
    expect(zipCodeAbsent('HK')).toBe(true);
    expect(zipCodeAbsent('mo')).toBe(true);
    expect(zipCodeAbsent('CN')).toBe(false);
  });

  it('has a message in every language for every checked country', () => {
    for (const locale of locales) {
      for (const country of [...ZIP_CHECKED_COUNTRIES, 'tooLong']) expect(hasMessage(locale, `locations.zip.${country}`), `${locale} ${country}`).toBe(true);
    }
  });
});
