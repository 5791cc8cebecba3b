import { parsePhoneNumberFromString, isSupportedCountry } from 'libphonenumber-js/min';

/** What a person may type: digits with an optional leading +, spaces, dashes, dots, parentheses. */
const TYPED = /^\+?[\d\s\-().]+$/;

/** Spec section 9: a phone number has 10-20 digits (counted as typed, country code included). */
export function isPhoneInput(value: string): boolean {
  const v = value.trim();
  if (!TYPED.test(v)) return false;
  const digits = v.replace(/\D/g, '').length;
  return digits >= 10 && digits <= 20;
}

/**
 * The E.164 form we store. A number typed with + or 00 already carries its country code; one
 * without is read in the location's country (021 6288 1234 in CN becomes +862162881234).
 */
export function toE164(value: string, country: string): string {
  const v = value.trim();
  const digits = v.replace(/\D/g, '');
  if (v.startsWith('+')) return `+${digits}`;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  if (isSupportedCountry(country)) {
    const parsed = parsePhoneNumberFromString(v, country);
    if (parsed?.isPossible()) return parsed.number;
  }
  return `+${digits}`;
}

/** +862162881234 -> +86 21 6288 1234 for display; anything unparseable is shown as stored. */
export function formatPhone(e164: string | null | undefined): string {
  if (!e164) return '';
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? parsed.formatInternational() : e164;
}
