import { familyFirst, isCjkName } from './display-name';
import type { Locale } from '@/lib/i18n/locales';

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/**
 * Quick add: one name typed in one box, split in the order lib/names/display-name.ts shows it
 * (a CJK name family first in every language). A Chinese name without a space takes its first
 * character as the family name (two for the common compound surnames).
 */
export function splitPersonName(fullName: string, locale: Locale): { firstName: string; lastName: string } {
  const name = fullName.trim().replace(/\s+/g, ' ');
  if (!name.includes(' ')) {
    if (CJK.test(name) && name.length >= 2) {
      const familyLength = COMPOUND_SURNAMES.some((s) => name.startsWith(s)) && name.length > 2 ? 2 : 1;
      return { lastName: name.slice(0, familyLength), firstName: name.slice(familyLength) };
    }
    return { firstName: name, lastName: '' };
  }
  const parts = name.split(' ');
  if (!familyFirst(locale) && !isCjkName(name)) return { firstName: parts.slice(0, -1).join(' '), lastName: parts[parts.length - 1] };
  return { lastName: parts[0], firstName: parts.slice(1).join(' ') };
}

const COMPOUND_SURNAMES = ['欧阳', '歐陽', '司马', '司馬', '诸葛', '諸葛', '上官', '东方', '東方', '皇甫', '尉迟', '尉遲', '令狐', '慕容', '公孙', '公孫', '司徒', '夏侯'];
