import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';
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
 * The product's markets: a national number that is not valid in the default region (or typed
 * where none is known) is also read in these; which reading may be kept is readPhone's rule.
 */
const MARKETS: CountryCode[] = ['CN', 'HK', 'US'];

/** The spec's "10-20 digits", counted on the number with its country code (E.164 without +). */
const MIN_DIGITS = 10;
const MAX_DIGITS = 20;

/**
 * Reads a typed number as the E.164 number to store and send to.
 * - With + or 00 it is international: the country code is the one typed.
 * - Otherwise it is read in `region` (the contact's location's country, else the merchant's) and
 *   kept when valid there: (415) 555-0101 in US is +14155550101, 9123 4567 in HK +85291234567.
 * - Not valid there (or no region known), it is read as digits that carry their country code
 *   (8613800138000) and in each of the product's markets. The way it is written counts first:
 *   "1-718-555-0104" is grouped as in the US, not as the Chinese mobile +86 171 8555 0104. Where a
 *   region is known, only a reading that can take a text (a mobile number; any US or Canadian
 *   number) is kept, so a typo in a US number never becomes a Chinese landline. One candidate is
 *   kept; several are refused as ambiguous (the message lists them) and the user adds the country
 *   code. So a number is never guessed into +86 when another reading is as valid.
 * - Valid nowhere: refused.
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
  const local = home ? valid(typed, home) : undefined;
  if (local) return accepted(local);

  const readings = new Map<string, PhoneNumber>();
  for (const reading of [valid(`+${digits}`), ...MARKETS.filter((c) => c !== home).map((c) => valid(typed, c))]) {
    if (reading) readings.set(reading.number, reading);
  }
  const all = [...readings.values()];
  const candidates = guessable(typed, all, home !== null);
  if (candidates.length === 1) return accepted(candidates[0]);
  const refusedReadings = candidates.length > 1 ? candidates : all.length > 1 ? all : [];
  if (refusedReadings.length) return { ok: false, problem: 'ambiguous', readings: refusedReadings.map((c) => c.number as string).sort() };
  return { ok: false, problem: 'invalid', international: false };
}

/**
 * Which readings of a number that is not valid in the default region may be kept: those written
 * in their own grouping when any is; then, where a region is known, only numbers that can take a
 * text; where none is, the single reading, else the single one that can take a text.
 */
function guessable(typed: string, all: PhoneNumber[], regionKnown: boolean): PhoneNumber[] {
  const written = all.filter((n) => writtenAs(typed, n));
  const pool = written.length ? written : all;
  const texting = pool.filter(canText);
  if (regionKnown) return texting;
  return pool.length === 1 || texting.length !== 1 ? pool : texting;
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

function accepted(number: PhoneNumber): PhoneReading {
  return { ok: true, e164: number.number, country: number.country ?? null };
}

/** A number that can receive an SMS (where a country cannot tell, as in the US, any number can). */
function canText(number: PhoneNumber): boolean {
  const type = number.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
}

/**
 * The typed groups of digits are the number's own national grouping (with or without the trunk 0:
 * "21 6288 1234" is Shanghai's 021 6288 1234) or its international one ("1-718-555-0104").
 */
function writtenAs(typed: string, number: PhoneNumber): boolean {
  const groups = (text: string) => text.split(/\D+/).filter(Boolean).join(' ');
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
