/**
 * The one list of inbound SMS replies that change consent. Twilio's default STOP filtering on long
 * codes and toll-free numbers blocks the sender on STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT,
 * OPTOUT and REVOKE (the last two since May 2025) and unblocks on START, YES and UNSTOP; we honour
 * the same words, so our consent never disagrees with Twilio's block list, beside our Chinese ones
 * (issue 7: TD, 退订, 取消 ...). HELP and INFO change nothing: Twilio answers them itself, and the
 * text lands in the inbox like any message.
 *
 * Twilio matches the whole body, trimmed, in any case ("STOP PLEASE" is a message, not an opt-out).
 * We do the same after NFKC (full-width ＳＴＯＰ is STOP) and also ignore trailing punctuation
 * ("Stop." / "退订。"): an opt-out that Twilio would miss is still honoured here, the safe side.
 */
export const TWILIO_OPT_OUT_WORDS = ['stop', 'stopall', 'unsubscribe', 'cancel', 'end', 'quit', 'optout', 'revoke'] as const;
export const TWILIO_OPT_IN_WORDS = ['start', 'yes', 'unstop'] as const;
const OUR_OPT_OUT_WORDS = ['td', '退订', '退訂', '取消', '取消订阅', '取消訂閱'];
const OUR_OPT_IN_WORDS = ['subscribe', '订阅', '訂閱'];

const OPT_OUT = new Set<string>([...TWILIO_OPT_OUT_WORDS, ...OUR_OPT_OUT_WORDS]);
const OPT_IN = new Set<string>([...TWILIO_OPT_IN_WORDS, ...OUR_OPT_IN_WORDS]);

export type OptKeyword = 'optout' | 'optin';

/** Longer bodies cannot be a keyword: no normalising of a 1,600-character text to find out. */
const MAX_KEYWORD_BODY = 64;

export function parseOptKeyword(body: string | null | undefined): OptKeyword | null {
  if (!body || body.length > MAX_KEYWORD_BODY) return null;
  const word = keywordOf(body);
  if (OPT_OUT.has(word)) return 'optout';
  if (OPT_IN.has(word)) return 'optin';
  return null;
}

/**
 * Twilio's own verdict, sent as `OptOutType` (STOP, START or HELP) when a Messaging Service's
 * Advanced Opt-Out matched the text, custom keywords included: it wins over our reading, since
 * Twilio has already blocked or unblocked the number.
 */
export function optKeywordOfTwilio(optOutType: string | null | undefined): OptKeyword | null {
  const type = (optOutType ?? '').trim().toUpperCase();
  if (type === 'STOP') return 'optout';
  if (type === 'START') return 'optin';
  return null;
}

const TRADITIONAL = new Set(['退訂', '取消訂閱', '訂閱']);

/**
 * The language a keyword was written in, for a contact whose language we do not know: a
 * confirmation answers STOP in English and 退訂 in traditional Chinese. Null when it says nothing.
 */
export function keywordLocale(body: string | null | undefined): 'en-US' | 'zh-HK' | 'zh-CN' | null {
  if (!body || body.length > MAX_KEYWORD_BODY) return null;
  const word = keywordOf(body);
  if (!OPT_OUT.has(word) && !OPT_IN.has(word)) return null;
  if (/^[a-z]+$/.test(word)) return 'en-US';
  return TRADITIONAL.has(word) ? 'zh-HK' : 'zh-CN';
}

/** A body as a keyword: NFKC (full-width letters), trimmed, trailing punctuation off, lower case. */
function keywordOf(body: string): string {
  return body
    .normalize('NFKC')
    .trim()
    .replace(/[\s\p{P}]+$/u, '')
    .toLowerCase();
}
