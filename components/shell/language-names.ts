import type { Locale } from '@/lib/i18n/locales';

/** Each language named in itself, so a reader can always find their own. */
export const LANGUAGE_NAMES: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English', 'zh-HK': '繁體中文' };
