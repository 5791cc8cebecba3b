import { describe, expect, it } from 'vitest';
import { guessColumns, parseOptCell } from '@/lib/contacts/import/columns';
import { optinLink, optoutLink } from '@/lib/consent/opt-links';
import { escapeCell, xlsxCell } from '@/lib/contacts/export/export-rows';
import { readPhone } from '@/lib/phone/read';
import { isPhoneTyped } from '@/lib/phone/typed';

describe('import column guessing', () => {
  it('knows headers in all three languages', () => {
    expect(guessColumns(['名', '姓', '手机', '邮箱'])).toEqual(['firstName', 'lastName', 'phone', 'email']);
    expect(guessColumns(['名字', '姓氏', '電話', '電郵', '名稱'])).toEqual(['firstName', 'lastName', 'phone', 'email', 'fullName']);
    expect(guessColumns(['First Name', 'last_name', 'E-mail', 'Mobile Phone', 'Name', 'Whatever'])).toEqual(['firstName', 'lastName', 'email', 'phone', 'fullName', 'ignore']);
    expect(guessColumns(['Email', 'email', 'Birthday'], ['birthday'])).toEqual(['email', 'ignore', 'custom']);
  });
  it('reads consent words', () => {
    expect(['是', 'Yes', 'opted in', '已訂閱'].map(parseOptCell)).toEqual([true, true, true, true]);
    expect(['否', 'No', 'Opted out', '已退订'].map(parseOptCell)).toEqual([false, false, false, false]);
    // Blank leaves the consent as it is; a value that is neither yes nor no too, and the row says so.
    expect(['', 'maybe'].map(parseOptCell)).toEqual([null, 'unread']);
  });
});

describe('opt links, phones, export cells', () => {
  it('builds the public page links', () => {
    expect(optoutLink('https://app.example.com/', 'tok_123', 'email')).toBe('https://app.example.com/u/tok_123?action=optout&channel=email');
    expect(optinLink('http://127.0.0.1:3000', 'abc')).toBe('http://127.0.0.1:3000/u/abc?action=optin');
  });
  it('checks the typed shape and stores E.164 (the rule itself: tests/unit/phone-read.test.ts)', () => {
    expect(isPhoneTyped('138 0013 8000')).toBe(true);
    expect(isPhoneTyped('12345')).toBe(false);
    expect(isPhoneTyped('+1 (415) 555-0132')).toBe(true);
    const e164 = (v: string, region: string | null = null) => { const r = readPhone(v, region); return r.ok ? r.e164 : r.problem; };
    expect(e164('138 0013 8000')).toBe('+8613800138000');
    expect(e164('+852 9123 4567')).toBe('+85291234567');
    expect(e164('+1 (415) 555-0132')).toBe('+14155550132');
    expect(e164('0086 138 0013 8000')).toBe('+8613800138000');
  });
  it('keeps formula-like cells as text', () => {
    expect(['=1+1', '+86', '-2', '@x', '\tx', 'ok'].map(escapeCell)).toEqual(["'=1+1", "'+86", "'-2", "'@x", "'\tx", 'ok']);
  });
  it('keeps .xlsx text cells as they are: a text cell never runs as a formula', () => {
    expect(['+8613800138000', '+1+1', '+86 138', '=1+1'].map(xlsxCell)).toEqual(['+8613800138000', '+1+1', '+86 138', '=1+1']);
  });
});
