import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getCountries, getCountryCallingCode, getExampleNumber, parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/examples.mobile.json';
import { AppError } from '@/lib/errors/app-error';
import { phoneOrRefuse } from '@/lib/phone/problem';
import { readPhone } from '@/lib/phone/read';
import { foldPhoneText } from '@/lib/phone/typed';

// Found from outside (issue: wrong message sent): a number typed without a country code was stored
// in a third country, and its SMS went there. The API stores what phoneOrRefuse answers.

/** The stored number, or the refusal's message key. */
function stored(typed: string, region: string | null): string {
  try {
    return phoneOrRefuse(typed, region, 'en-US');
  } catch (error) {
    if (error instanceof AppError) return error.messageKey;
    throw error;
  }
}

/** The tester's 40 regions (their matrix: 1,856 cases, libphonenumber-js as reference). */
const REGIONS: CountryCode[] = ['AE', 'AR', 'AU', 'BR', 'CA', 'CH', 'CL', 'CN', 'DE', 'EG', 'ES', 'FR', 'GB', 'HK', 'ID', 'IE', 'IL', 'IN', 'IT', 'JP', 'KR', 'MO', 'MX', 'MY', 'NG', 'NL', 'NZ', 'PH', 'PK', 'PL', 'RU', 'SA', 'SE', 'SG', 'TH', 'TR', 'TW', 'US', 'VN', 'ZA'];

/** A landline of each region the tester typed, as its people write it. */
const LANDLINES: Partial<Record<CountryCode, string>> = {
  US: '212 555 0123', GB: '020 7946 0958', CN: '021 6288 1234', HK: '2877 1234', DE: '030 123456', FR: '01 23 45 67 89', JP: '03-1234-5678', AU: '02 9374 4000', IN: '011 2345 6789',
  BR: '(11) 3456-7890', RU: '8 (495) 123-45-67', MX: '55 1234 5678', AR: '011 4123-4567', IT: '06 1234 5678', KR: '02-312-3456', TW: '02 2345 6789', SG: '6123 4567', MY: '03-2345 6789',
};

const fullWidth = (s: string) => s.replace(/[0-9+()-]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

/** Every way a person types a number in its own country (the tester's shapes, extensions aside). */
function shapes(n: PhoneNumber): Record<string, string> {
  const national = n.formatNational();
  const intl = n.formatInternational();
  const groups = national.split(/\D+/).filter(Boolean);
  return {
    national,
    nationalDigits: groups.join(''),
    nationalDashes: groups.join('-'),
    nationalDots: groups.join('.'),
    nationalBrackets: groups.length > 1 ? `(${groups[0]}) ${groups.slice(1).join(' ')}` : national,
    intl,
    e164: n.number,
    intl00: intl.replace('+', '00'),
    e164With00: `00${n.countryCallingCode}${n.nationalNumber}`,
    codeWithoutPlus: `${n.countryCallingCode}${n.nationalNumber}`,
    intlDashes: `+${intl.slice(1).split(' ').join('-')}`,
    fullWidthNational: fullWidth(national),
    fullWidthIntl: fullWidth(intl),
    ideographicSpace: intl.replace(/ /g, '\u3000'),
    noBreakSpace: intl.replace(/ /g, '\u00a0'),
    bracketedCode: `(+${n.countryCallingCode}) ${n.formatInternational().split(' ').slice(1).join(' ')}`,
    copiedFromContacts: `\u202a${intl}\u202c`,
  };
}

describe('a number typed without a country code is never stored in a third country (the tester\'s cases)', () => {
  it('refuses, or reads in the country meant, each number that was sent abroad', () => {
    const cases: [string, string, string][] = [
      // A Mexican number with the old long-distance 01: not the Chinese mobile +86 155 1234 5678.
      ['MX', '01 55 1234 5678', 'phone.errors.invalidIn'],
      // A German mobile typed nationally at a US location: not the Chinese mobile +86 151 2345 6789.
      ['US', '01512 3456789', 'phone.errors.invalidIn'],
      // A Moscow number with its trunk 8 at a US location: not the Vietnamese +84 95 123 45 67.
      ['US', '8 (495) 123-45-67', 'phone.errors.invalidIn'],
      // A Macau number at a US location: not the Hong Kong mobile +852 6612 3456.
      ['US', '6612 3456', 'phone.errors.invalidIn'],
      // US grouping at a Chinese location: the US number, not the Guangzhou landline +86 20 1555 0188.
      ['CN', '(201) 555-0188', '+12015550188'],
      // A toll-free number that both countries write this way: the user says which.
      ['CN', '(800) 555-0199', 'phone.errors.ambiguous'],
      ['HK', '(800) 555-0199', 'phone.errors.ambiguous'],
      // The country code already typed, before a mobile: not a landline without its trunk 0.
      ['DE', '4915123456788', '+4915123456788'],
      ['ID', '62812345678', '+62812345678'],
    ];
    for (const [region, typed, expected] of cases) expect(stored(typed, region), `${typed} at ${region}`).toBe(expected);
  });

  it('lists both readings of the toll-free number, and still reads what each country means', () => {
    expect(readPhone('(800) 555-0199', 'CN')).toEqual({ ok: false, problem: 'ambiguous', readings: ['+18005550199', '+868005550199'] });
    expect(stored('+1 (800) 555-0199', 'CN')).toBe('+18005550199');
    expect(stored('400 810 8888', 'CN')).toBe('+864008108888');
    expect(stored('020 1555 0188', 'CN')).toBe('+862015550188');
    expect(stored('01512 3456789', 'DE')).toBe('+4915123456789');
    expect(stored('0812-345-678', 'ID')).toBe('+62812345678');
    expect(stored('8 (495) 123-45-67', 'RU')).toBe('+74951234567');
    expect(stored('6612 3456', 'MO')).toBe('+85366123456');
    // Digits typed with their own country code are still read so elsewhere, the Russian 8 aside.
    expect(stored('84 95 123 45 67', 'US')).toBe('+84951234567');
  });
});

describe('the 40-region matrix: a number in its own country, every way a person types it', () => {
  it('stores the E.164 number libphonenumber-js gives it', () => {
    let count = 0;
    for (const region of REGIONS) {
      const numbers = [getExampleNumber(region, examples), LANDLINES[region] ? parsePhoneNumberFromString(LANDLINES[region], region) : undefined];
      for (const number of numbers) {
        if (!number) continue;
        for (const [shape, typed] of Object.entries(shapes(number))) {
          count++;
          expect(stored(typed, region), `${region} ${shape} ${JSON.stringify(typed)}`).toBe(number.number);
        }
      }
    }
    expect(count).toBeGreaterThan(900);
  });
});

/** Each region's example mobile, where it has the spec's 10-20 digits with its country code. */
const EXAMPLES = new Map(
  getCountries().flatMap((c) => {
    const n = getExampleNumber(c, examples);
    return n && n.number.length - 1 >= 10 ? [[c, n] as const] : [];
  }),
);

/** A random valid number that can take a text, of a random region: the region's example with other last digits. */
const textingNumber = fc
  .record({ example: fc.constantFrom(...EXAMPLES.values()), tail: fc.stringMatching(/^\d{4}$/) })
  .map(({ example, tail }) => parsePhoneNumberFromString(example.nationalNumber.slice(0, -4) + tail, example.country))
  .filter((n): n is PhoneNumber & { country: CountryCode } => !!n?.isValid() && !!n.country && ['MOBILE', 'FIXED_LINE_OR_MOBILE'].includes(n.getType() ?? ''));

describe('properties', () => {
  it('a random valid mobile typed in its own country in any shape is stored as libphonenumber-js\'s E.164', () => {
    const shape = fc.constantFrom('national', 'nationalDigits', 'nationalDashes', 'nationalDots', 'intl', 'e164', 'intl00', 'codeWithoutPlus', 'fullWidthNational', 'bracketedCode', 'copiedFromContacts');
    fc.assert(
      fc.property(textingNumber, shape, (number, name) => {
        const typed = shapes(number)[name];
        expect(stored(typed, number.country), `${number.country} ${name} ${JSON.stringify(typed)}`).toBe(number.number);
      }),
      { numRuns: 1500 },
    );
  });

  /** Groups of digits with the separators people use. */
  const digitRuns = fc
    .array(fc.record({ digits: fc.stringMatching(/^\d{1,5}$/), sep: fc.constantFrom(' ', '-', '.', '') }), { minLength: 2, maxLength: 5 })
    .map((groups) => groups.map((g, i) => (i ? g.sep : '') + g.digits).join(''));

  /** A number of one region typed as its people write it (nationally, or with its code and no +), or digits. */
  const typedSomewhere = fc.oneof(
    fc.tuple(textingNumber, fc.constantFrom('national', 'nationalDigits', 'nationalDashes', 'nationalBrackets', 'codeWithoutPlus')).map(([n, name]) => shapes(n)[name]),
    digitRuns,
  );
  const PROBED: CountryCode[] = [...REGIONS, 'GR', 'PT', 'DK', 'NO', 'AT', 'BE', 'KH', 'LK', 'BD', 'KE'];

  it('no number typed at a location is stored in a third country', () => {
    fc.assert(
      fc.property(typedSomewhere, fc.constantFrom(...PROBED), (typed, location) => {
        const reading = readPhone(typed, location);
        if (!reading.ok) return;
        const code = callingCode(reading.e164);
        const allowed = allowedCodes(typed, reading.e164, location);
        expect(allowed, `${JSON.stringify(typed)} at ${location} stored ${reading.e164}`).toContain(code);
      }),
      { numRuns: 4000 },
    );
  });
});

/**
 * The country codes a number typed at `location` may be stored with: the location's; the one the
 * person typed (after +, 00 or the location's international prefix, or the digits begin with it,
 * undivided or as their first group); +1 where the digits
 * are written as a US number ((415) 555-0101, 415-555-0101, 1 415 555 0101).
 */
function allowedCodes(typed: string, e164: string, location: CountryCode): string[] {
  const text = foldPhoneText(typed);
  const groups = text.split(/\D+/).filter(Boolean);
  const digits = groups.join('');
  const allowed = [getCountryCallingCode(location)];
  const code = callingCode(e164);
  const national = e164.slice(1 + code.length);
  // The code, then the national number (its trunk 0 may stay: "44 07800 000000").
  // The code, then the national number (its trunk prefix may stay: "44 07800 000000", "7 8 900…").
  const before = digits.endsWith(national) ? digits.slice(0, -national.length) : '';
  const codeTyped = before.startsWith(code) && before.length <= code.length + 1 && (groups.length === 1 || groups[0] === code);
  // After + or 00, or the location's own international prefix (the US's 011, Chile's 1200…).
  const dialled = text.startsWith('+') || digits.startsWith('00') || parsePhoneNumberFromString(text, location)?.number === e164;
  if (codeTyped || dialled) allowed.push(code);
  if (/^(1[ .-]?)?(\(\d{3}\) ?|\d{3}[ .-])\d{3}[ .-]\d{4}$/.test(text)) allowed.push('1');
  return allowed;
}

function callingCode(e164: string): string {
  return parsePhoneNumberFromString(e164)?.countryCallingCode ?? '';
}
