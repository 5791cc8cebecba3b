/**
 * Inbound SMS replies that change consent (issue 7: STOP, UNSUBSCRIBE, TD, 退订, 取消; START opts
 * back in). Carriers' usual synonyms are accepted too. The whole message must be the keyword
 * (trimmed, any case, trailing punctuation ignored), so "stop by tomorrow?" is a message, not an opt-out.
 */
const OPT_OUT = new Set(['stop', 'stopall', 'unsubscribe', 'cancel', 'end', 'quit', 'td', '退订', '退訂', '取消', '取消订阅', '取消訂閱']);
const OPT_IN = new Set(['start', 'unstop', 'yes', 'subscribe', '订阅', '訂閱']);

export type OptKeyword = 'optout' | 'optin';

export function parseOptKeyword(body: string | null | undefined): OptKeyword | null {
  const word = (body ?? '')
    .normalize('NFKC')
    .trim()
    .replace(/[\s.!。！,，]+$/u, '')
    .toLowerCase();
  if (OPT_OUT.has(word)) return 'optout';
  if (OPT_IN.has(word)) return 'optin';
  return null;
}
