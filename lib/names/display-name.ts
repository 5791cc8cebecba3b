import type { Locale } from '@/lib/i18n/locales';

export interface NameParts {
  firstName?: string | null;
  lastName?: string | null;
}

// Han, Hiragana, Katakana and Hangul: names in these scripts are written family name first,
// without a space, whatever the reader's language.
const CJK_LETTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LETTER = /\p{L}/gu;

/**
 * A person's name as shown anywhere in the product (lists, dialogs, exports, mail merge).
 * A name whose letters are all CJK reads family name first with no space in every language
 * (欧阳 + 强 = 欧阳强); any other name follows spec section 9: family name first for zh-CN and
 * zh-HK, given name first otherwise, with a space. An empty part leaves the other alone.
 */
export function displayName({ firstName, lastName }: NameParts, locale: Locale): string {
  const first = tidy(firstName);
  const last = tidy(lastName);
  if (!first || !last) return first || last;
  if (isCjkName(first + last)) return `${last}${first}`;
  return familyFirst(locale) ? `${last} ${first}` : `${first} ${last}`;
}

/** True when the text has letters and every one of them is Han, kana or Hangul. */
export function isCjkName(text: string): boolean {
  const letters = text.match(LETTER);
  return !!letters && letters.every((letter) => CJK_LETTER.test(letter));
}

/** Spec section 9: family name first for zh-CN and zh-HK. */
export function familyFirst(locale: Locale): boolean {
  return locale === 'zh-CN' || locale === 'zh-HK';
}

function tidy(part: string | null | undefined): string {
  return (part ?? '').trim().replace(/\s+/g, ' ');
}
