import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

const TYPED = /^\+?[\d\s\-().]+$/;

/** Spec section 9: a phone has 10-20 digits as typed (spaces, dashes, brackets, a leading +). */
export function isPhoneInput(value: string): boolean {
  const v = value.trim();
  if (!TYPED.test(v)) return false;
  const digits = v.replace(/\D/g, '').length;
  return digits >= 10 && digits <= 20;
}

// A number typed without a country code is read in the product's markets, in this order.
const COUNTRIES: CountryCode[] = ['CN', 'HK', 'US'];

/** E.164 for storage and for the SMS transport; an unrecognised number keeps its digits behind a +. */
export function phoneToE164(value: string): string {
  const v = value.trim();
  const digits = v.replace(/\D/g, '');
  if (v.startsWith('+') || digits.startsWith('00')) {
    const international = `+${v.startsWith('+') ? digits : digits.slice(2)}`;
    const parsed = parsePhoneNumberFromString(international);
    return parsed?.isValid() ? parsed.number : international;
  }
  for (const country of COUNTRIES) {
    const parsed = parsePhoneNumberFromString(digits, country);
    if (parsed?.isValid()) return parsed.number;
  }
  return `+${digits}`;
}

export function formatPhone(e164: string | null | undefined): string {
  if (!e164) return '';
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? parsed.formatInternational() : e164;
}
