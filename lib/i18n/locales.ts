export const locales = ['zh-CN', 'en-US', 'zh-HK'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'zh-CN';
export const LOCALE_COOKIE = 'NEXT_LOCALE';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/**
 * Spec section 9: Chinese with TW or HK becomes Traditional, other Chinese Simplified, otherwise
 * English; nothing known gives zh-CN. Accepts an Accept-Language header or a single tag, in
 * either hyphen or underscore form (en_US).
 */
export function pickLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage || !acceptLanguage.trim()) return defaultLocale;
  const tags = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      // Parameter names are case-insensitive (RFC 9110): `Q=0.1` weighs like `q=0.1`.
      const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().replace(/_/g, '-').toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((t) => t.tag && t.tag !== '*' && !Number.isNaN(t.q) && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const first = tags[0];
  if (!first) return defaultLocale;
  // Chinese by its language subtag: zh, or Mandarin (cmn) and Cantonese (yue) tagged as such.
  // Cantonese is written in Traditional characters (yue-HK, zh-yue).
  const [language] = first.tag.split('-');
  if (language === 'zh' || language === 'cmn' || language === 'yue') {
    return language === 'yue' || /(^|-)(tw|hk|mo|hant|yue)(-|$)/.test(first.tag) ? 'zh-HK' : 'zh-CN';
  }
  return 'en-US';
}
