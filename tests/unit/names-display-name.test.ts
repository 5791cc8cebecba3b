import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayName, isCjkName } from '@/lib/names/display-name';
import { splitPersonName } from '@/lib/names/split-name';
import { locales, type Locale } from '@/lib/i18n/locales';

/** Issue 23, point 2: names in the order people write them, one function for every screen. */
describe('displayName', () => {
  it('writes a CJK name family name first with no space, in every language', () => {
    for (const locale of locales) {
      expect(displayName({ firstName: '强', lastName: '欧阳' }, locale)).toBe('欧阳强');
      expect(displayName({ firstName: '嘉欣', lastName: '陳' }, locale)).toBe('陳嘉欣');
      expect(displayName({ firstName: 'はると', lastName: '佐藤' }, locale)).toBe('佐藤はると');
      expect(displayName({ firstName: 'ハルト', lastName: 'サトウ' }, locale)).toBe('サトウハルト');
      expect(displayName({ firstName: '민준', lastName: '김' }, locale)).toBe('김민준');
    }
  });

  it('follows spec section 9 for a Latin-script name: family first in zh-CN and zh-HK', () => {
    expect(displayName({ firstName: 'Kelvin', lastName: 'Cheung' }, 'en-US')).toBe('Kelvin Cheung');
    expect(displayName({ firstName: 'Kelvin', lastName: 'Cheung' }, 'zh-CN')).toBe('Cheung Kelvin');
    expect(displayName({ firstName: 'Tai Man', lastName: 'Chan' }, 'zh-HK')).toBe('Chan Tai Man');
    expect(displayName({ firstName: 'José', lastName: 'Núñez' }, 'en-US')).toBe('José Núñez');
  });

  it('treats mixed scripts as not CJK (a space, the locale’s order)', () => {
    expect(displayName({ firstName: 'Kelvin', lastName: '张' }, 'en-US')).toBe('Kelvin 张');
    expect(displayName({ firstName: 'Kelvin', lastName: '张' }, 'zh-CN')).toBe('张 Kelvin');
  });

  it('shows the other part alone when one is empty or blank, and tidies whitespace', () => {
    expect(displayName({ firstName: 'Ada', lastName: '' }, 'zh-CN')).toBe('Ada');
    expect(displayName({ firstName: '  ', lastName: '王' }, 'en-US')).toBe('王');
    expect(displayName({ firstName: null, lastName: undefined }, 'en-US')).toBe('');
    expect(displayName({ firstName: ' Mary   Jane ', lastName: ' Watson\t' }, 'en-US')).toBe('Mary Jane Watson');
    expect(displayName({ firstName: ' 小明 ', lastName: ' 王 ' }, 'en-US')).toBe('王小明');
  });

  it('ignores emoji and digits when it decides the script', () => {
    expect(displayName({ firstName: '小明😀', lastName: '王' }, 'en-US')).toBe('王小明😀');
    expect(displayName({ firstName: 'Ada 🚀', lastName: 'Lovelace' }, 'zh-HK')).toBe('Lovelace Ada 🚀');
    expect(isCjkName('😀 123')).toBe(false);
  });
});

const locale = fc.constantFrom<Locale>(...locales);
const cjkChar = fc.constantFrom(...'王李张欧阳陳嘉欣強さとうはるとカタナ김민준이서연'.split(''));
const latinChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCÉñüØ'.split(''));
const cjkPart = fc.array(cjkChar, { minLength: 1, maxLength: 4 }).map((c) => c.join(''));
const latinPart = fc.array(latinChar, { minLength: 1, maxLength: 8 }).map((c) => c.join(''));
const space = fc.constantFrom('', ' ', '  ', '\t', '\u3000');
const padded = (part: fc.Arbitrary<string>) => fc.tuple(space, part, space).map(([a, p, b]) => `${a}${p}${b}`);
const anyPart = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), padded(cjkPart), padded(latinPart), space, fc.constant(null));

describe('displayName properties', () => {
  it('a CJK name is always family + given, no space, whatever the locale and padding', () => {
    fc.assert(
      fc.property(cjkPart, cjkPart, space, locale, (given, family, pad, loc) => {
        expect(displayName({ firstName: `${pad}${given}${pad}`, lastName: `${pad}${family}` }, loc)).toBe(`${family}${given}`);
      }),
    );
  });

  it('a Latin name is joined by one space, family first only in zh-CN and zh-HK', () => {
    fc.assert(
      fc.property(latinPart, latinPart, locale, (given, family, loc) => {
        const shown = displayName({ firstName: given, lastName: family }, loc);
        expect(shown).toBe(loc === 'en-US' ? `${given} ${family}` : `${family} ${given}`);
      }),
    );
  });

  it('never adds or loses text: the shown name holds both trimmed parts and nothing else', () => {
    fc.assert(
      fc.property(anyPart, anyPart, locale, (first, last, loc) => {
        const shown = displayName({ firstName: first, lastName: last }, loc);
        const tidy = (s: string | null) => (s ?? '').trim().replace(/\s+/g, ' ');
        expect(shown).toBe(shown.trim());
        expect(shown.length).toBeLessThanOrEqual(tidy(first).length + tidy(last).length + 1);
        expect(shown.includes(tidy(first))).toBe(true);
        expect(shown.includes(tidy(last))).toBe(true);
        if (!tidy(first) || !tidy(last)) expect(shown).toBe(tidy(first) || tidy(last));
      }),
    );
  });

  it('a quick-add name split and shown again reads the same (Latin and CJK)', () => {
    fc.assert(
      fc.property(fc.oneof(latinPart, cjkPart), fc.oneof(latinPart, cjkPart), locale, (given, family, loc) => {
        const typed = displayName({ firstName: given, lastName: family }, loc);
        fc.pre(typed.includes(' '));
        expect(displayName(splitPersonName(typed, loc), loc)).toBe(typed);
      }),
    );
  });
});
