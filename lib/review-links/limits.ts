/** Characters of a review link's code: 10 of 32 symbols is 50 bits, not guessable by scanning. */
export const CODE_LENGTH = 10;
/** Letters and digits that cannot be misread on a printed card (no 0/O, 1/I/L, U). */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
/**
 * One client address scanning one code again within this many seconds is one scan: a customer who
 * scans twice at the counter (or whose camera app opens the link twice) is counted once, and a
 * script hammering the link adds nothing. The redirect itself is never refused.
 */
export const SCAN_REPEAT_WINDOW_SECONDS = 10 * 60;
/**
 * A review written within this many hours after a scan of an employee's code at its location is
 * credited to that employee (the database trigger of the review-links migration holds the same number).
 */
export const REVIEW_CREDIT_WINDOW_HOURS = 24;
/** Longest free-text employee name: the reviews' employee tag allows the same. */
export const EMPLOYEE_TAG_MAX = 50;
/** Codes per location: one for the location and one per employee is rarely more than this. */
export const MAX_LINKS_PER_LOCATION = 200;

/** The printable card's sizes in PDF points (1/72 inch): A6 portrait and an 85 x 55 mm business card. */
export const CARD_SIZES = {
  a6: { width: 297.64, height: 419.53 },
  business: { width: 240.94, height: 155.91 },
} as const;
export type CardSize = keyof typeof CARD_SIZES;
