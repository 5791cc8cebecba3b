/**
 * Limits of an inbox reply shared by the schema and the reply form. Plain values without zod:
 * the form imports them from here, so that the validation library stays out of its page.
 */
/** The longest reply text, in characters. */
export const MAX_REPLY_TEXT_LENGTH = 5000;
