/*
 * Keyword search over the contacts' stored search text and grams (db/schema/contacts-search.ts)
 * and their GIN indexes (migrations 0025, 0026): pg_trgm trigrams for keywords of 3 characters or
 * more, the text's CJK characters and pairs of them for keywords of 1 or 2 (a Chinese name is
 * often two: 王芳), which hold no trigram, and for two ASCII letters or digits the trigrams they
 * make with their neighbours (migration 0033 for the rest). One ASCII letter walks the list.
 */

/** Keywords shorter than this hold no trigram (those with CJK characters use `searchGrams`). */
export const TRIGRAM_MIN_CHARS = 3;

/** Whether the keyword can use the indexes: the separators U+001F and U+001E are not in it. */
export function indexableKeyword(keyword: string): boolean {
  return !/[\u001e\u001f]/.test(keyword);
}

// Scripts without case: lower() leaves them as they are, so the grams (made from the lower-cased
// text) hold them as typed.
const CASELESS_WIDE = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]$/u;

/**
 * The grams index's element for a keyword of 1 or 2 characters: its characters outside ASCII (one
 * of two when the other is ASCII, which the substring test then checks), or null when it has none,
 * or has one with a case (é): such a keyword is not looked up in the grams index.
 */
export function wideGram(keyword: string): string | null {
  const chars = [...keyword];
  if (chars.length > 2) return null;
  const wide = chars.filter((c) => (c.codePointAt(0) ?? 0) > 0x7f);
  if (wide.length === 0 || !wide.every((c) => CASELESS_WIDE.test(c))) return null;
  return wide.length === chars.length ? keyword : wide[0];
}

/** A keyword of two ASCII letters or digits: no trigram of its own, found through its neighbours' (asciiPairPattern). */
export function asciiPair(keyword: string): boolean {
  return /^[a-z0-9]{2}$/i.test(keyword);
}

/**
 * The pair with an ASCII character (or the text's start) before it, or an ASCII character after it.
 * pg_trgm reads the trigrams such a neighbour makes with the pair out of this regular expression
 * (74 of them, looked up in one scan of the trigram index); the occurrences it leaves out, between
 * two characters outside ASCII or one and the end, are the partial index's (WEDGED_ASCII_PAIR).
 * The text is lower-cased, so the pattern is too.
 */
export function asciiPairPattern(keyword: string): string {
  const pair = keyword.toLowerCase();
  return String.raw`(^|[\x01-\x7f])${pair}|${pair}[\x01-\x7f]`;
}

/** Characters, not UTF-16 units (a CJK extension character is two units, one character). */
export function keywordChars(keyword: string): number {
  return [...keyword].length;
}
