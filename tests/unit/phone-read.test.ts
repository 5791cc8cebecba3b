import { describe, expect, it } from 'vitest';
import { formatPhone } from '@/lib/phone/format';
import { phoneOrRefuse, phoneProblem, isStoredNumber } from '@/lib/phone/problem';
import { countryOfNumber, readPhone, type PhoneReading } from '@/lib/phone/read';
import { merchantCountry } from '@/lib/phone/region';
import { transportNumber } from '@/lib/phone/transport';
import { isPhoneTyped } from '@/lib/phone/typed';
import { AppError } from '@/lib/errors/app-error';

/** The stored number, or the problem's name. */
const read = (value: string, region: string | null = null) => {
  const r: PhoneReading = readPhone(value, region);
  return r.ok ? r.e164 : r.problem;
};

describe('lib/phone: reading a typed number', () => {
  it('reads US formats at a US location', () => {
    expect(read('(415) 555-0101', 'US')).toBe('+14155550101');
    expect(read('212-555-0102', 'US')).toBe('+12125550102');
    expect(read('1-718-555-0104', 'US')).toBe('+17185550104');
    expect(read('415.555.0101', 'US')).toBe('+14155550101');
    // US's own international prefix, 011, is understood there.
    expect(read('011 852 9123 4567', 'US')).toBe('+85291234567');
  });

  it('reads Hong Kong 8-digit numbers at a Hong Kong location (the spec\'s 10-20 digits count +852)', () => {
    expect(read('9123 4567', 'HK')).toBe('+85291234567');
    expect(read('2877-1234', 'HK')).toBe('+85228771234');
    expect(read('91234567', 'HK')).toBe('+85291234567');
  });

  it('reads full-width digits and signs as a Chinese IME types them (found from outside: refused as "7-20 digits")', () => {
    expect(read('１３９１２３４５６７８', 'CN')).toBe('+8613912345678');
    expect(read('139１２３４５６７８', 'CN')).toBe('+8613912345678');
    expect(read('＋１ ２１２ ５５５ ０１２３')).toBe('+12125550123');
    expect(read('（０２１）６２８８－１２３４', 'CN')).toBe('+862162881234');
    expect(read('９１２３\u3000４５６７', 'HK')).toBe('+85291234567');
    expect(isPhoneTyped('＋８６ １３８ ００１３ ８０００')).toBe(true);
  });

  it('reads Chinese mobiles and landlines, with and without the trunk 0', () => {
    expect(read('138 0013 8000', 'CN')).toBe('+8613800138000');
    expect(read('13800138000', 'CN')).toBe('+8613800138000');
    expect(read('021 6288 1234', 'CN')).toBe('+862162881234');
    expect(read('21 6288 1234', 'CN')).toBe('+862162881234');
    expect(read('(021) 6288-1234', 'CN')).toBe('+862162881234');
    expect(read('010 8888 6666', 'CN')).toBe('+861088886666');
  });

  it('takes a number with + or 00 as international, whatever the region', () => {
    for (const region of ['US', 'HK', 'CN', null]) {
      expect(read('+852 9123 4567', region)).toBe('+85291234567');
      expect(read('00852 9123 4567', region)).toBe('+85291234567');
      expect(read('+1 (415) 555-0101', region)).toBe('+14155550101');
      expect(read('0086 138 0013 8000', region)).toBe('+8613800138000');
      expect(read('+86 (21) 6288-1234', region)).toBe('+862162881234');
    }
    // The country code typed is the one used: a number invalid in it is refused, not re-read elsewhere.
    expect(readPhone('+852 415 555 0101', 'US')).toEqual({ ok: false, problem: 'invalid', international: true });
  });

  it('never turns a number into +86 when another reading is valid', () => {
    // (415) 555-0101 is also a valid Dandong landline (+86 415 555 0101): the default region decides...
    expect(read('(415) 555-0101', 'US')).toBe('+14155550101');
    expect(read('(415) 555-0101', 'CN')).toBe('+864155550101');
    // ...and elsewhere the reading written in its own grouping, that can take a text, is kept.
    expect(read('(415) 555-0101', 'HK')).toBe('+14155550101');
    expect(read('212-555-0102', 'HK')).toBe('+12125550102');
    expect(read('1-718-555-0104', 'HK')).toBe('+17185550104');
    expect(read('(415) 555-0101', null)).toBe('+14155550101');
    // Ten undivided digits are not written as a US number: at a Hong Kong location they could as
    // well be the Chinese landline (before: +14155550101, a guess in a third country).
    expect(readPhone('4155550101', 'HK')).toEqual({ ok: false, problem: 'ambiguous', readings: ['+14155550101', '+864155550101'] });
  });

  it('refuses an ambiguous number with its readings, so the user adds the country code', () => {
    // 11 digits from 1: a US number with its country code, or a Chinese mobile.
    expect(readPhone('17185550104', 'HK')).toEqual({ ok: false, problem: 'ambiguous', readings: ['+17185550104', '+8617185550104'] });
    expect(readPhone('13512345678', 'HK')).toEqual({ ok: false, problem: 'ambiguous', readings: ['+13512345678', '+8613512345678'] });
    // Written as Shanghai's 021 6288 1234 without the 0, but a landline: not guessed outside China.
    expect(readPhone('21 6288 1234', 'HK')).toEqual({ ok: false, problem: 'ambiguous', readings: ['+12162881234', '+862162881234'] });
    // Grouped as a Chinese mobile, it is still not read in China at a Hong Kong location (before:
    // +8613512345678, a third country); it is also 1 351 234 5678 with the US country code.
    expect(readPhone('135 1234 5678', 'HK')).toEqual({ ok: false, problem: 'ambiguous', readings: ['+13512345678', '+8613512345678'] });
    expect(read('21 6288 1234', 'CN')).toBe('+862162881234');
  });

  it('never reads a number in a third country at a location (before: the CN/HK/US markets were tried)', () => {
    // A mainland mobile typed at a Hong Kong or US location, a Hong Kong one at a Chinese location:
    // refused as not valid there, so the user adds the country code (phone-location.test.ts).
    expect(read('138 0013 8000', 'HK')).toBe('invalid');
    expect(read('13800138000', 'US')).toBe('invalid');
    expect(read('9123 4567', 'CN')).toBe('invalid');
    expect(read('+86 138 0013 8000', 'HK')).toBe('+8613800138000');
  });

  it('keeps the only valid reading where no region is known, and digits typed with their country code', () => {
    expect(read('9123 4567', null)).toBe('+85291234567');
    // Digits that start with their country code.
    expect(read('85291234567', 'US')).toBe('+85291234567');
    expect(read('8613800138000', 'HK')).toBe('+8613800138000');
    // A location in a country without a numbering plan is like no region.
    expect(read('9123 4567', 'AQ')).toBe('+85291234567');
  });

  it('refuses numbers valid nowhere and what is not a number', () => {
    expect(readPhone('555-0101', 'US')).toEqual({ ok: false, problem: 'invalid', international: false });
    // A typo in a US number is not guessed into a Chinese landline (+86 555 000 1111) or a Hong Kong one.
    expect(read('555 000 1111', 'US')).toBe('invalid');
    expect(read('2877 1234', 'US')).toBe('invalid');
    expect(read('1234 5678 9012', 'HK')).toBe('invalid');
    expect(read('+' + '8'.repeat(20), null)).toBe('invalid');
    expect(read('12345', 'US')).toBe('typed');
    expect(read('1'.repeat(21), 'US')).toBe('typed');
    expect(read('555-CALL-NOW', 'US')).toBe('typed');
    expect(read('138-0013-800a', 'CN')).toBe('typed');
    expect(read('', 'CN')).toBe('typed');
  });

  it('keeps the spec\'s 10-20 digits on the number with its country code', () => {
    // +298 (Faroe Islands) numbers have 6 digits: 9 with the country code.
    expect(read('+298 301 234', null)).toBe('invalid');
    expect(read('+65 6123 4567', null)).toBe('+6561234567');
  });
});

describe('lib/phone: the typed shape (what the zod schemas check, without libphonenumber)', () => {
  it('takes 7-20 digits with +, spaces, dashes, dots and brackets', () => {
    for (const v of ['9123 4567', '(415) 555-0101', '+852 9123 4567', '0085291234567', '1'.repeat(20)]) expect(isPhoneTyped(v), v).toBe(true);
    for (const v of ['123456', '1'.repeat(21), '415/555/0101', '++14155550101', '+1 415 CALL NOW', '']) expect(isPhoneTyped(v), v).toBe(false);
  });
});

describe('lib/phone: formatting and messages', () => {
  it('formats stored numbers internationally and shows anything else as stored', () => {
    expect(formatPhone('+14155550101')).toBe('+1 415 555 0101');
    expect(formatPhone('+85291234567')).toBe('+852 9123 4567');
    expect(formatPhone('+862162881234')).toBe('+86 21 6288 1234');
    expect(formatPhone('+8613800138000')).toBe('+86 138 0013 8000');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone('not a number')).toBe('not a number');
  });

  it('names the region a number was refused in, and the readings of an ambiguous one', () => {
    expect(phoneProblem({ ok: false, problem: 'invalid', international: false }, 'HK', 'en-US')).toEqual({ key: 'phone.errors.invalidIn', values: { country: 'Hong Kong' } });
    expect(phoneProblem({ ok: false, problem: 'invalid', international: true }, 'HK', 'en-US')).toEqual({ key: 'phone.errors.invalid', values: {} });
    expect(phoneProblem({ ok: false, problem: 'invalid', international: false }, null, 'zh-CN')).toEqual({ key: 'phone.errors.invalid', values: {} });
    expect(phoneProblem({ ok: false, problem: 'ambiguous', readings: ['+14155550101', '+864155550101'] }, 'HK', 'en-US')).toEqual({
      key: 'phone.errors.ambiguous',
      values: { readings: '+1 415 555 0101 / +86 415 555 0101' },
    });
    expect(phoneProblem({ ok: false, problem: 'typed' }, 'HK', 'en-US').key).toBe('validation.phone');
  });

  it('refuses with a field error for forms and the API', () => {
    expect(phoneOrRefuse('9123 4567', 'HK', 'en-US')).toBe('+85291234567');
    try {
      phoneOrRefuse('555-0101', 'US', 'en-US', 'recipientPhone');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('VALIDATION');
      expect((error as AppError).options).toMatchObject({ fieldErrors: { recipientPhone: 'phone.errors.invalidIn' }, values: { country: 'United States' } });
    }
  });

  it('knows a stored number sent back by an edit form', () => {
    expect(isStoredNumber('+1 415 555 0101', '+14155550101')).toBe(true);
    expect(isStoredNumber('+14155550101', '+14155550101')).toBe(true);
    expect(isStoredNumber('4155550101', '+14155550101')).toBe(false);
    expect(isStoredNumber('+1 415 555 0101', null)).toBe(false);
  });

  it('finds the merchant\'s country: the one its locations share, else its phone\'s', () => {
    expect(merchantCountry('HK', '+14155550101')).toBe('HK');
    expect(merchantCountry(null, '+14155550101')).toBe('US');
    expect(merchantCountry(null, null)).toBeNull();
    expect(countryOfNumber('+85291234567')).toBe('HK');
  });

  it('compares transport numbers (Twilio) by their digits', () => {
    expect(transportNumber('+1 (500) 555-0006')).toBe('+15005550006');
    expect(transportNumber(undefined)).toBe('');
  });
});
