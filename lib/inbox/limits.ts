/**
 * Limits of an inbox reply shared by the schema and the reply form. Plain values without zod:
 * the form imports them from here, so that the validation library stays out of its page.
 */
/** The longest reply text, in characters. */
export const MAX_REPLY_TEXT_LENGTH = 5000;

/**
 * Bounds of an inbound e-mail as stored. A Message-ID is one header line (RFC 5322: at most 998
 * characters); a longer one is kept as its digest, so storing it never trips the btree row limit
 * of inbox_messages (merchant_id, external_id) and a later mail that quotes it still threads.
 */
export const MAX_MESSAGE_ID_LENGTH = 998;
/** The referenced Message-IDs looked up: the last ones of References (the direct parent is last). */
export const MAX_REFERENCES = 50;
/** A subject longer than any client writes (they fold one line of 998) is cut here. */
export const MAX_SUBJECT_LENGTH = 998;
/** The text kept from a body no MIME parser could split (its raw bytes, as text). */
export const MAX_RAW_BODY_TEXT = 100_000;
/**
 * How deep HTML may nest before its deeper tags are dropped (their text kept): html-to-text
 * recurses once per level, and htmlparser2's open-element stack costs the square of its depth.
 */
export const MAX_HTML_DEPTH = 200;
/**
 * The merchants one inbound mail is recorded at (one per signed inbox address in To and Cc): a
 * customer writing to a few shops at once reaches each; a header listing thousands does no more.
 */
export const MAX_SIGNED_RECIPIENTS = 20;
/**
 * The HTML of an inbound mail kept and made readable, in characters. Sanitising and converting it
 * costs ~0.6 s per MB on the request thread, and a 25 MB body from any sender held the server
 * that long (found from outside); past this, the HTML is clipped at a tag, as Gmail clips long
 * messages (at 102 KB). A real thread with its quoted history is well under it.
 */
export const MAX_INBOUND_HTML_LENGTH = 512 * 1024;
/** The text of an inbound mail kept (its plain part, or its HTML made readable), in characters. */
export const MAX_INBOUND_TEXT_LENGTH = 200_000;
