import { describe, expect, it } from 'vitest';
import { pickLocale } from '@/lib/i18n/locales';

describe('pickLocale (spec section 9)', () => {
  it.each([
    ['zh-TW', 'zh-HK'],
    ['zh-HK,zh;q=0.9', 'zh-HK'],
    ['zh-Hant-TW', 'zh-HK'],
    ['zh_TW', 'zh-HK'],
    ['zh-MO', 'zh-HK'],
    ['zh-CN', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh-Hans-HK', 'zh-HK'],
    ['en-US', 'en-US'],
    ['en-GB,en;q=0.8', 'en-US'],
    ['fr-FR,zh-TW;q=0.5', 'en-US'],
    ['fr;q=0.2,zh-TW;q=0.9', 'zh-HK'],
    ['ja', 'en-US'],
    ['', 'zh-CN'],
    [null, 'zh-CN'],
    ['*', 'zh-CN'],
    // Found from outside: weights named in capitals, and Chinese tagged by Mandarin or Cantonese.
    ['zh-TW;Q=0.1, en;q=0.9', 'en-US'],
    ['cmn-Hant-TW', 'zh-HK'],
    ['cmn-Hans-CN', 'zh-CN'],
    ['yue-HK', 'zh-HK'],
    ['yue', 'zh-HK'],
    ['zh-yue', 'zh-HK'],
  ])('%s -> %s', (header, locale) => {
    expect(pickLocale(header)).toBe(locale);
  });
});
