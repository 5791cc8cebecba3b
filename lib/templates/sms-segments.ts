/**
 * SMS length in characters and segments: GSM-7 fits 160 characters in one message, 153 per
 * part when split; anything outside GSM-7 (Chinese, emoji, curly quotes) makes the whole message
 * UCS-2: 70 in one, 67 per part. GSM-7 extension characters (^{}[]~|€\) take two septets; UCS-2
 * counts UTF-16 code units, so an emoji counts two. Pure: the editor counts live with it.
 */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

/**
 * The longest SMS body Twilio takes (its error 21617 past it), in characters. A template is at most
 * 1,000 characters, but its names and links rendered can go far past (found from outside: 15,373).
 */
export const SMS_MAX_CHARACTERS = 1600;

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsCount {
  encoding: SmsEncoding;
  /** Characters as the user sees them (code points). */
  characters: number;
  /** Units against the limit: septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
  /** Units per segment for this message: 160/153 or 70/67. */
  perSegment: number;
  /** Units left before the next segment starts. */
  remaining: number;
}

export function smsEncoding(text: string): SmsEncoding {
  for (const ch of text) if (!GSM_BASIC.has(ch) && !GSM_EXTENDED.has(ch)) return 'UCS-2';
  return 'GSM-7';
}

export function countSms(text: string): SmsCount {
  const encoding = smsEncoding(text);
  const characters = [...text].length;
  let units = 0;
  if (encoding === 'GSM-7') for (const ch of text) units += GSM_EXTENDED.has(ch) ? 2 : 1;
  else units = text.length;
  const single = encoding === 'GSM-7' ? 160 : 70;
  const multi = encoding === 'GSM-7' ? 153 : 67;
  const segments = units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / multi);
  const perSegment = segments > 1 ? multi : single;
  const remaining = segments === 0 ? single : segments * perSegment - units;
  return { encoding, characters, units, segments, perSegment, remaining };
}
