import { describe, expect, it } from 'vitest';
import { guessColumns, joinTags, parseLocaleCell, splitTags } from '@/lib/contacts/import/columns';
import { needsGuard, unguardCell } from '@/lib/contacts/import/cell-guard';
import { csvCell, xlsxCell } from '@/lib/contacts/export/export-rows';
import { contactInput } from '@/lib/contacts/schema';

describe('import column guessing: export headers, then custom keys, then words', () => {
  it("maps a merchant's custom key before the header words", () => {
    const keys = ['会员', 'Name', 'tel', 'ID', 'Store', 'E-mail', 'Mobile', 'code'];
    expect(guessColumns(['Email', ...keys], keys)).toEqual(['email', ...keys.map(() => 'custom')]);
    // Without the key, the words still guess: 会员 and Name are a full name, the first wins.
    expect(guessColumns(['Email', '会员', 'Name', 'tel', 'ID'])).toEqual(['email', 'fullName', 'ignore', 'phone', 'ignore']);
  });
  it("an export's own header is its built-in column the first time, then a custom key of that name", () => {
    expect(guessColumns(['姓', '名', '邮箱', '创建时间', 'Email', '姓', 'Created', 'Last Name'], ['Email', '姓', 'Created', 'Last Name'])).toEqual([
      'lastName', 'firstName', 'email', 'ignore', 'custom', 'custom', 'custom', 'custom',
    ]);
    // A custom key that is an export header does not take the built-in column from a file that has it once.
    expect(guessColumns(['Email', 'Phone'], ['Email'])).toEqual(['email', 'phone']);
  });
  it('knows the language column in the three languages', () => {
    expect(guessColumns(['Email', '语言'])).toEqual(['email', 'locale']);
    expect(guessColumns(['電郵', '語言'])).toEqual(['email', 'locale']);
    expect(guessColumns(['Email', 'Language'])).toEqual(['email', 'locale']);
    expect(['zh-CN', 'EN-us', 'zh_HK', '', 'fr'].map(parseLocaleCell)).toEqual(['zh-CN', 'en-US', 'zh-HK', null, 'unread']);
  });
});

describe('tags in one cell', () => {
  const legacy = ['VIP', 'A,B', '猫;狗', '甲、乙', 'x|y', '全，角', '"q"', 'say "hi"', 'a；b'];
  it('a quoted tag keeps its separator, and joinTags quotes what splitTags would split', () => {
    expect(joinTags(legacy)).toBe('VIP, "A,B", "猫;狗", "甲、乙", "x|y", "全，角", """q""", say "hi", "a；b"');
    expect(splitTags(joinTags(legacy))).toEqual(legacy);
  });
  it('reads plain cells as before', () => {
    expect(splitTags('VIP，常客;新 、 a|b')).toEqual(['VIP', '常客', '新', 'a', 'b']);
    expect(splitTags('"VIP", "常客"')).toEqual(['VIP', '常客']);
    // An unclosed quote or text after a closing one is plain text.
    expect(splitTags('"a, b')).toEqual(['"a', 'b']);
    expect(splitTags('"a" b, c')).toEqual(['"a" b', 'c']);
  });
  it('the contact form and the API refuse a tag holding a separator', () => {
    const base = { firstName: 'A', lastName: 'B', email: 'a@example.com' };
    for (const tag of ['A,B', 'A，B', 'A;B', 'A；B', 'A、B', 'A|B']) {
      const r = contactInput.safeParse({ ...base, tags: ['ok', tag] });
      expect(r.success ? null : r.error.issues.map((i) => [i.path.join('.'), i.message]), tag).toEqual([['tags', 'contacts.errors.tagSeparator']]);
    }
    expect(contactInput.safeParse({ ...base, tags: ['VIP', '常客', 'say "hi"'] }).success).toBe(true);
  });
});

describe('export cells and their guard', () => {
  it('csv guards what a spreadsheet would change, and the import gives it back', () => {
    const guarded = ['02134', '000123456789012345678', '1234567890123456', '1E5', '2.5e-3', '.5E3', '0.50', '1.50', '12.0', "'t Hooft", "'=x", "''", '=1+1', '+8613800138000', '-2', '@x'];
    for (const v of guarded) {
      expect(needsGuard(v), v).toBe(true);
      expect(csvCell(v)).toBe(`'${v}`);
    }
    const plain = ['0', '123456789012345', '13800138000', '1.5', 'E5', '1E', 'abc', '12 34', '2026-01-02', ''];
    for (const v of plain) expect(csvCell(v), v).toBe(v);
    // unguardCell runs after the spreadsheet intake, which already drops ' before = + - @ and tab.
    for (const v of [...guarded, ...plain].filter((x) => !/^[=+\-@]/.test(x))) expect(unguardCell(csvCell(v)), v).toBe(v);
    expect(["'abc", "'0", '0123'].map(unguardCell)).toEqual(["'abc", "'0", '0123']);
  });
  it('xlsx guards no formula, only an apostrophe the import would drop, and escapes Excel escapes', () => {
    expect(['=1+1', '-2', '@x', '+8613800138000', '02134', '1E5', "'t Hooft"].map(xlsxCell)).toEqual(['=1+1', '-2', '@x', '+8613800138000', '02134', '1E5', "'t Hooft"]);
    expect(["'=x", "'02134", "''x"].map(xlsxCell)).toEqual(["''=x", "''02134", "'''x"]);
    expect(xlsxCell('_x000D_')).toBe('_x005F_x000D_');
    expect(xlsxCell('a_x000D_x000D_b _x005F_ _x12_')).toBe('a_x005F_x000D_x005F_x000D_b _x005F_x005F_ _x12_');
  });
});
