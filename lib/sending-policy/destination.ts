import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { HIGH_RISK_CALLING_CODES, HIGH_RISK_NUMBER_TYPES } from './limits';

/** Why an SMS may not go to a number: a high-risk range anywhere, or a country the merchant does not serve. */
export type DestinationRefusal = 'high_risk' | 'country';

/**
 * The one destination rule for every SMS we send for a merchant (campaigns, single recipients,
 * inbox replies, verification codes). `countries`: the merchant's allowed ISO countries
 * (./allowed-countries.ts). A number whose country libphonenumber names must be in the list; one
 * it cannot place (a made-up +1 555 number) must at least carry the calling code of a listed
 * country. The high-risk ranges are refused whatever the list says.
 */
export function smsDestinationRefusal(e164: string, countries: readonly string[]): DestinationRefusal | null {
  const digits = e164.replace(/\D/g, '');
  if (HIGH_RISK_CALLING_CODES.some((code) => digits.startsWith(code))) return 'high_risk';
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  if (!parsed) return 'country';
  const type = parsed.getType();
  if (type && (HIGH_RISK_NUMBER_TYPES as readonly string[]).includes(type)) return 'high_risk';
  if (parsed.country) return countries.includes(parsed.country) ? null : 'country';
  const codes = new Set(countries.map(callingCode).filter(Boolean));
  return codes.has(parsed.countryCallingCode) ? null : 'country';
}

function callingCode(country: string): string | null {
  try {
    return getCountryCallingCode(country as CountryCode);
  } catch {
    return null;
  }
}
