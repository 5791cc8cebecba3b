import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';
import { foldPhoneText, isPhoneTyped } from './typed';

// Server only: the full ("max") metadata checks a number's digits against each country's real
// ranges; the default ("min") set only checks lengths, which let (415) 555-0101 pass as a Chinese
// number. Client code imports ./typed instead.

export type PhoneReading =
  | { ok: true; e164: string; country: CountryCode | null }
  | { ok: false; problem: 'typed' }
  | { ok: false; problem: 'invalid'; international: boolean }
  | { ok: false; problem: 'ambiguous'; readings: string[] };

/**
 * The product's markets. Where no region is known, a national number is read in each of them.
 * Where one is, their readings are never stored (that would send to a third country): a
 * texting reading among them only stops a foreign guess (13512345678 at a Hong Kong location is
 * +1 351 234 5678 only if it is not the Chinese mobile +86 135 1234 5678), and lists what the
 * user may have meant when the number is refused.
 */
const MARKETS: CountryCode[] = ['CN', 'HK', 'US'];

/** The spec's "10-20 digits", counted on the number with its country code (E.164 without +). */
const MIN_DIGITS = 10;
const MAX_DIGITS = 20;

/** A valid reading of a national number, and whether it is in the location's own numbering plan. */
interface Reading {
  number: PhoneNumber;
  own: boolean;
}

/**
 * Reads a typed number as the E.164 number to store and send to.
 * - With + or 00 it is international: the country code is the one typed.
 * - Otherwise, where a region is known (the contact's location's country, else the merchant's),
 *   it is read only as a number the person can have meant there (readAtLocation): a national number
 *   of that country, digits that start with a country code ("4915123456788", "852 9123 4567"), or
 *   a US number written as one ("(415) 555-0101"). Never a national number of a third country.
 * - With no region known, it is read as digits that carry their country code and in each of the
 *   product's markets, and kept when one reading is the clear one (readAnywhere).
 * - Valid nowhere: refused. Several readings as likely: refused as ambiguous, listing them.
 */
export function readPhone(value: string, region: string | null | undefined): PhoneReading {
  const typed = foldPhoneText(value);
  if (!isPhoneTyped(typed)) return { ok: false, problem: 'typed' };
  const digits = typed.replace(/\D/g, '');
  if (typed.startsWith('+') || digits.startsWith('00')) {
    const number = valid(`+${typed.startsWith('+') ? digits : digits.slice(2)}`);
    return number ? accepted(number) : { ok: false, problem: 'invalid', international: true };
  }
  const home = supportedRegion(region);
  return home ? readAtLocation(typed, digits, home) : readAnywhere(typed, digits);
}

/**
 * A national number typed at a location in `home`. The readings a person can have meant:
 * - own: the number read in `home` (its own grouping or not: 021 6288 1234, 21 6288 1234; after
 *   `home`'s international prefix, as 011 852 9123 4567 in the US, the code typed), and the digits
 *   as `home`'s country code and a number (DE "4915123456788" is +49 1512 3456788);
 * - foreign: digits that start with another country's code (85291234567) and, outside the US
 *   plan, a number written in US grouping ((415) 555-0101).
 * Several: the one written in its own grouping wins ((201) 555-0188 at a Chinese location is a
 * US number, not the Guangzhou landline +86 20 1555 0188); then a mobile or line of `home`'s own
 * plan; between two of those, the one that can take a text (4915123456788: the code typed before a mobile, not a
 * landline without its trunk 0). Still several: ambiguous. A foreign reading is kept only when it
 * can take a text and no texting reading in the markets is as likely (foreignKept).
 */
function readAtLocation(typed: string, digits: string, home: CountryCode): PhoneReading {
  const homeCode = getCountryCallingCode(home);
  const coded = withCode(typed, digits);
  const usNumber = homeCode === '1' ? undefined : usGrouped(typed);
  const readings = distinct([
    { number: valid(typed, home), own: true },
    { number: coded, own: coded?.countryCallingCode === homeCode },
    { number: usNumber, own: false },
  ]);
  const meant = clearlyMeant(typed, readings);
  if (meant.length > 1) return ambiguous(meant);
  const [pick] = meant;
  if (pick?.own) return accepted(pick.number);
  if (pick && foreignKept(typed, pick.number, home)) return accepted(pick.number);
  return refused([...readings.map((r) => r.number), ...marketReadings(typed, home)]);
}

/**
 * The readings as likely as each other. Written in its own grouping first. Then a number of the
 * location's own plan of the kind people have (a mobile or a line: 312 345 6789 at an Italian
 * location is the Italian mobile, though written as US numbers are), but not a toll-free or other
 * service number: (800) 555-0199 at a Chinese location could be either country's. Between two
 * readings of the own plan, the one that can take a text.
 */
function clearlyMeant(typed: string, readings: Reading[]): Reading[] {
  const written = readings.filter((r) => writtenAs(typed, r.number));
  const pool = written.length ? written : readings;
  const lines = pool.filter((r) => r.own && isLine(r.number));
  const own = lines.length ? lines : pool;
  if (own.length < 2 || !own.every((r) => r.own)) return own;
  const texting = own.filter((r) => canText(r.number));
  return texting.length === 1 ? texting : own;
}

/**
 * A foreign reading is kept where it can take a text (a typo never becomes a foreign landline)
 * and no texting reading of the same digits in the markets is as likely: 1-718-555-0104 is
 * written in US grouping, 17185550104 could as well be the Chinese mobile +86 171 8555 0104.
 */
function foreignKept(typed: string, number: PhoneNumber, home: CountryCode): boolean {
  if (!canText(number)) return false;
  const rivals = marketReadings(typed, home).filter((r) => r.number !== number.number && canText(r));
  if (!rivals.length) return true;
  return writtenAs(typed, number) && !rivals.some((r) => writtenAs(typed, r));
}

/** The number read nationally in each market other than `home`'s plan (never stored at a location). */
function marketReadings(typed: string, home: CountryCode): PhoneNumber[] {
  const homeCode = getCountryCallingCode(home);
  return present(MARKETS.filter((c) => getCountryCallingCode(c) !== homeCode).map((c) => valid(typed, c)));
}

/**
 * No region known (registration, a merchant without locations): the digits with their country
 * code and the number read in each market. The grouping counts first ("1-718-555-0104" is grouped
 * as in the US, not as the Chinese mobile +86 171 8555 0104); then the single reading, else the
 * single one that can take a text.
 */
function readAnywhere(typed: string, digits: string): PhoneReading {
  const all = [...new Map(present([withCode(typed, digits), ...MARKETS.map((c) => valid(typed, c))]).map((n) => [n.number, n])).values()];
  const written = all.filter((n) => writtenAs(typed, n));
  const pool = written.length ? written : all;
  const texting = pool.filter(canText);
  const candidates = pool.length === 1 || texting.length !== 1 ? pool : texting;
  if (candidates.length === 1) return accepted(candidates[0]);
  return refused(candidates.length > 1 ? candidates : all);
}

/**
 * Digits typed with their country code but no + or 00: undivided (85291234567) or with the code
 * as the first group (852 9123 4567, 1-718-555-0104). "8 (495) 123-45-67" is a Russian number
 * with its trunk 8, not the Vietnamese +84 95 123 45 67.
 */
function withCode(typed: string, digits: string): PhoneNumber | undefined {
  const number = valid(`+${digits}`);
  if (!number) return undefined;
  const [first, ...rest] = groupsOf(typed);
  return !rest.length || first === number.countryCallingCode ? number : undefined;
}

/** A number in the US plan written as one: (415) 555-0101, 212-555-0102, 1-718-555-0104. */
function usGrouped(typed: string): PhoneNumber | undefined {
  const number = valid(typed, 'US');
  return number && writtenAs(typed, number) ? number : undefined;
}

/** Refused: the readings the user may have meant when there are several, else "not valid". */
function refused(numbers: (PhoneNumber | undefined)[]): PhoneReading {
  const readings = [...new Set(present(numbers).map((n) => n.number as string))];
  if (readings.length > 1) return { ok: false, problem: 'ambiguous', readings: readings.sort() };
  return { ok: false, problem: 'invalid', international: false };
}

function ambiguous(readings: Reading[]): PhoneReading {
  return { ok: false, problem: 'ambiguous', readings: readings.map((r) => r.number.number as string).sort() };
}

/** A region code libphonenumber knows (locations store ISO 3166 codes; a few have no numbering plan). */
export function supportedRegion(region: string | null | undefined): CountryCode | null {
  const code = region?.trim().toUpperCase();
  return code && isSupportedCountry(code) ? code : null;
}

function valid(text: string, region?: CountryCode): PhoneNumber | undefined {
  const parsed = parsePhoneNumberFromString(text, region);
  if (!parsed?.isValid()) return undefined;
  const count = parsed.number.length - 1;
  return count >= MIN_DIGITS && count <= MAX_DIGITS ? parsed : undefined;
}

function present(numbers: (PhoneNumber | undefined)[]): PhoneNumber[] {
  return numbers.filter((n): n is PhoneNumber => !!n);
}

/** Each number once (the first reading of it counts: an own reading before a foreign one). */
function distinct(readings: { number: PhoneNumber | undefined; own: boolean }[]): Reading[] {
  const byNumber = new Map<string, Reading>();
  for (const r of readings) if (r.number && !byNumber.has(r.number.number)) byNumber.set(r.number.number, { number: r.number, own: r.own });
  return [...byNumber.values()];
}

function accepted(number: PhoneNumber): PhoneReading {
  return { ok: true, e164: number.number, country: number.country ?? null };
}

/** A number that can receive an SMS (where a country cannot tell, as in the US, any number can). */
function canText(number: PhoneNumber): boolean {
  const type = number.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
}

/** A subscriber's number (mobile or fixed line), not a toll-free, premium, shared-cost or other service number. */
function isLine(number: PhoneNumber): boolean {
  const type = number.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE' || type === 'FIXED_LINE_OR_MOBILE';
}

function groupsOf(text: string): string[] {
  return text.split(/\D+/).filter(Boolean);
}

/**
 * The typed groups of digits are the number's own national grouping (with or without the trunk 0:
 * "21 6288 1234" is Shanghai's 021 6288 1234) or its international one ("1-718-555-0104").
 */
function writtenAs(typed: string, number: PhoneNumber): boolean {
  const groups = (text: string) => groupsOf(text).join(' ');
  const written = groups(typed);
  if (!written.includes(' ')) return false;
  const national = groups(number.formatNational());
  return written === national || written === national.replace(/^0/, '') || written === groups(number.formatInternational());
}

/** The country of a stored E.164 number (+852... is HK), or null when it names none. */
export function countryOfNumber(e164: string | null | undefined): CountryCode | null {
  if (!e164) return null;
  return parsePhoneNumberFromString(e164)?.country ?? null;
}
