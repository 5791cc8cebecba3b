import type { Locale } from '@/lib/i18n/locales';

/** Appended to SMS whose template asks for it, in the member's language (issue 7 item 4). */
export const SMS_UNSUBSCRIBE_TEXT: Record<Locale, string> = {
  'en-US': 'Reply STOP to opt out',
  'zh-CN': '回复TD退订',
  'zh-HK': '回覆TD取消訂閱',
};

export function withUnsubscribeText(body: string, locale: Locale): string {
  const text = SMS_UNSUBSCRIBE_TEXT[locale];
  if (body.includes(text)) return body;
  const trimmed = body.trimEnd();
  // A space after Latin text and links (or the link would run into the text); none after CJK.
  const separator = /[\x21-\x7e]$/.test(trimmed) || locale === 'en-US' ? ' ' : '';
  return `${trimmed}${separator}${text}`;
}
