import { describe, expect, it } from 'vitest';
import { formatPhone } from '@/lib/phone/format';
import { readPhone } from '@/lib/phone/read';
import { isPhoneTyped } from '@/lib/phone/typed';

const toE164 = (v: string, country: string) => { const r = readPhone(v, country); return r.ok ? r.e164 : r.problem; };
import { canonicalTimeZone } from '@/lib/locations/time-zone';
import { countryName, isCountryCode } from '@/lib/i18n/countries';
import { createLocationSchema, locationPageSchema, locationStatusQuerySchema, updateLocationSchema } from '@/lib/locations/schema';

const base = { locationName: 'Soho', address: '120 Prince St', city: 'New York', state: 'NY', country: 'US', zipCode: '10012' };
const errorsOf = (schema: typeof createLocationSchema | typeof updateLocationSchema, value: unknown) =>
  Object.fromEntries((schema.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('phone numbers', () => {
  it('are typed as 7-20 digits with +, spaces, dashes, dots and parentheses (the 10-20 rule counts the country code)', () => {
    for (const v of ['4155550123', '+1 (415) 555-0123', '021-6288-1234', '+852 2877 1234', '2877 1234', '1'.repeat(20)]) expect(isPhoneTyped(v), v).toBe(true);
    for (const v of ['555 01', '1'.repeat(21), '+1 415 CALL NOW', '415/555/0123', '++14155550123', '']) expect(isPhoneTyped(v), v).toBe(false);
  });

  it('are stored in E.164, read in the location’s country when typed without a country code', () => {
    expect(toE164('+1 (415) 555-0123', 'CN')).toBe('+14155550123');
    expect(toE164('0085228771234', 'CN')).toBe('+85228771234');
    expect(toE164('021 6288 1234', 'CN')).toBe('+862162881234');
    expect(toE164('138 1234 5678', 'CN')).toBe('+8613812345678');
    expect(toE164('(415) 555-0123', 'US')).toBe('+14155550123');
    expect(toE164('020 7946 0000', 'GB')).toBe('+442079460000');
  });

  it('are shown in the international format', () => {
    expect(formatPhone('+862162881234')).toBe('+86 21 6288 1234');
    expect(formatPhone('+85228771234')).toBe('+852 2877 1234');
    expect(formatPhone(null)).toBe('');
  });
});

describe('time zones and countries', () => {
  it('accept IANA names in their canonical spelling, refuse offsets and unknown names', () => {
    expect(canonicalTimeZone('asia/shanghai')).toBe('Asia/Shanghai');
    expect(canonicalTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('europe/london')).toBe('Europe/London');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const v of ['+08:00', 'GMT+8 ', 'Mars/Olympus', '', 'Asia/Shanghai; drop table']) expect(canonicalTimeZone(v), v).toBeNull();
  });

  it('know ISO codes and name them in each language', () => {
    expect(isCountryCode('HK')).toBe(true);
    expect(isCountryCode('XX')).toBe(false);
    expect(countryName('HK', 'zh-HK')).toBe('香港');
    expect(countryName('US', 'en-US')).toBe('United States');
    expect(countryName('JP', 'zh-CN')).toBe('日本');
  });
});

describe('location schemas', () => {
  it('show every problem at once, zip code included', () => {
    expect(errorsOf(createLocationSchema, { ...base, locationName: '', zipCode: '1' })).toEqual({ locationName: 'validation.required', zipCode: 'locations.zip.US' });
  });

  it('need a zip code for a checked country on create, but not on update when left out', () => {
    expect(errorsOf(createLocationSchema, { ...base, zipCode: undefined })).toEqual({ zipCode: 'locations.zip.US' });
    expect(errorsOf(updateLocationSchema, { ...base, locationId: 1, zipCode: undefined })).toEqual({});
  });

  it('parse page queries and status flags', () => {
    expect(locationPageSchema.parse({})).toEqual({ pageNum: 1, pageSize: 10 });
    expect(locationPageSchema.parse({ pageNum: '3', pageSize: '25', enabled: 'true', keyword: ' café ' })).toEqual({ pageNum: 3, pageSize: 25, enabled: true, keyword: 'café' });
    expect(['1', '0', 'TRUE', 'False', 'enabled', 'disabled', true, 0].map((status) => locationStatusQuerySchema.parse({ status }).status)).toEqual([true, false, true, false, true, false, true, false]);
    expect(locationStatusQuerySchema.safeParse({ status: '2' }).success).toBe(false);
  });
});
