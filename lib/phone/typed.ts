/**
 * What a person may type as a phone number, checked without libphonenumber so that the zod schemas
 * (loaded by client forms) stay small. Whether the number exists is decided on the server by
 * readPhone (./read.ts), in the region the number belongs to.
 */

/** Digits with an optional leading +, spaces, dashes, dots and brackets. */
const TYPED = /^\+?[\d\s\-().]+$/;

/**
 * The spec's "10-20 digits" counts the number with its country code (see ./read.ts). A national
 * number is shorter (Hong Kong's have 8 digits), and country codes have 1-3 digits: fewer than 7
 * typed digits can never make 10, more than 20 never fit.
 */
export const MIN_TYPED_DIGITS = 7;
export const MAX_TYPED_DIGITS = 20;

/** The longest text accepted in a phone field (20 digits and their separators). */
export const PHONE_MAX_LENGTH = 40;

/**
 * Invisible format characters (Unicode category Cf) that copying adds around a number: the
 * direction marks and isolates phone and Outlook contacts wrap it in (U+202A/U+202C, U+200E/U+200F,
 * U+2066-U+2069), zero-width spaces and the byte order mark. Not part of what the person typed.
 */
const INVISIBLE = /\p{Cf}/gu;

/**
 * A phone as typed, with full-width digits and signs ("１３９ ０００", "＋８６", "（０２）", as a
 * Chinese IME types them) read as their ASCII forms (NFKC), invisible characters dropped, the ends
 * trimmed, and a country code written "(+86) 138…" read as "+(86) 138…" (the + leads either way).
 * Every reader of a typed phone starts here.
 */
export function foldPhoneText(value: string): string {
  return value.normalize('NFKC').replace(INVISIBLE, '').trim().replace(/^\(\s*\+/, '+(');
}

export function isPhoneTyped(value: string): boolean {
  const v = foldPhoneText(value);
  if (v.length > PHONE_MAX_LENGTH || !TYPED.test(v)) return false;
  const digits = v.replace(/\D/g, '').length;
  return digits >= MIN_TYPED_DIGITS && digits <= MAX_TYPED_DIGITS;
}
