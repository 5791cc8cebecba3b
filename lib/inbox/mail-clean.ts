import { unstorableCharacters } from '@/lib/validation/input-guard';

// PostgreSQL text cannot hold a NUL, and no text holds half of a UTF-16 pair: a mail can carry
// either (quoted-printable =00, a raw byte, an encoded word, an RFC 2231 parameter).
const UNSTORABLE = unstorableCharacters();

/** A text of a received mail as it can be stored: without NUL characters and lone surrogates. */
export function storableText(text: string): string {
  return text.replace(UNSTORABLE, '');
}

/** The text cut to `max` UTF-16 units, never between the two halves of a pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  return text.slice(0, /[\uD800-\uDBFF]/.test(text[max - 1] ?? '') ? max - 1 : max);
}
