import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

export const PHONE_CHARS = /^\+?[\d\s\-().]+$/;

/** Spec: a phone has 10-20 digits, as entered (spaces, dashes, brackets and a leading + allowed). */
export function isValidPhoneInput(value: string): boolean {
  const trimmed = value.trim();
  if (!PHONE_CHARS.test(trimmed)) return false;
  const digits = trimmed.replace(/\D/g, '').length;
  return digits >= 10 && digits <= 20;
}

// Numbers typed without a country code are read in these countries first (the product's markets).
const DEFAULT_COUNTRIES: CountryCode[] = ['CN', 'HK', 'US'];

/**
 * E.164 for storage, so "138 0013 8000", "+86 138-0013-8000" and "8613800138000" are one contact.
 * A number no country recognises keeps its digits behind a +, as entered.
 */
export function toE164(value: string): string {
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+') || trimmed.startsWith('00')) {
    const international = `+${trimmed.startsWith('00') ? digits.slice(2) : digits}`;
    const parsed = parsePhoneNumberFromString(international);
    return parsed?.isValid() ? parsed.number : international;
  }
  for (const country of DEFAULT_COUNTRIES) {
    const parsed = parsePhoneNumberFromString(digits, country);
    if (parsed?.isValid()) return parsed.number;
  }
  const asInternational = parsePhoneNumberFromString(`+${digits}`);
  if (asInternational?.isValid()) return asInternational.number;
  return `+${digits}`;
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  const v = value.trim();
  return v.length <= 254 && EMAIL.test(v);
}

/** Tags: trimmed, non-empty, unique, in the order given. */
export function normalizeTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const tag of tags) {
    const t = tag.trim();
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

// Kept here too: other domains import it from this module.
export { newOptToken } from './opt-token';
