import { describe, expect, it } from 'vitest';
import { phoneOrRefuse } from '@/lib/phone/problem';
import { foldPhoneText, isPhoneTyped } from '@/lib/phone/typed';

// Found from outside: "(+86) 138 0013 8555" and numbers copied from phone or Outlook contacts (wrapped
// in invisible direction marks) were refused as "Enter a phone number of 7-20 digits".

/** The invisible format characters copying adds: embeddings, marks, isolates, zero-width space, BOM. */
const INVISIBLE: [string, string][] = [
  ['U+202A/U+202C (left-to-right embedding)', '\u202a+86 138 0013 8556\u202c'],
  ['U+200E (left-to-right mark)', '\u200e+86 138 0013 8557'],
  ['U+200F (right-to-left mark)', '+86 138 0013 8557\u200f'],
  ['U+200B (zero-width space)', '+86 138 0013 8558\u200b'],
  ['U+200B inside', '+86\u200b138\u200b0013\u200b8558'],
  ['U+2066/U+2069 (left-to-right isolate)', '\u2066+86 138 0013 8559\u2069'],
  ['U+2067/U+2068 (right-to-left, first-strong isolates)', '\u2067\u2068+86 138 0013 8559\u2069\u2069'],
  ['U+FEFF (byte order mark)', '\ufeff+86 138 0013 8550'],
];

describe('lib/phone: typed shapes a person or a copy produces', () => {
  it('takes the country code in brackets with its + inside, as it is taken outside', () => {
    expect(isPhoneTyped('(+86) 138 0013 8555')).toBe(true);
    expect(isPhoneTyped('( +86 ) 138 0013 8555')).toBe(true);
    expect(isPhoneTyped('（＋８６）１３８ ００１３ ８５５５')).toBe(true);
    expect(foldPhoneText('(+86) 138 0013 8555')).toBe('+(86) 138 0013 8555');
    for (const region of ['US', 'HK', 'CN', null]) {
      expect(phoneOrRefuse('(+86) 138 0013 8555', region, 'en-US')).toBe('+8613800138555');
      expect(phoneOrRefuse('+(86) 138 0013 8555', region, 'en-US')).toBe('+8613800138555');
      expect(phoneOrRefuse('(+1) 415 555 0101', region, 'en-US')).toBe('+14155550101');
    }
  });

  it('folds away the invisible characters copying from contacts adds', () => {
    for (const [name, typed] of INVISIBLE) {
      expect(isPhoneTyped(typed), name).toBe(true);
      expect(foldPhoneText(typed), name).toMatch(/^\+86 ?138 ?0013 ?855\d$/);
      expect(phoneOrRefuse(typed, 'US', 'en-US'), name).toMatch(/^\+86138001385\d\d$/);
    }
    expect(phoneOrRefuse('\u202a9123 4567\u202c', 'HK', 'en-US')).toBe('+85291234567');
  });

  it('still refuses what is not a number, and a + anywhere but at the start', () => {
    for (const v of ['86 (+138) 0013 8555', '+(+86) 138 0013 8555', '\u200b', '\u202a12345\u202c', '138\u00ad0013\u00ad8000x']) expect(isPhoneTyped(v), JSON.stringify(v)).toBe(false);
  });
});
