import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors/app-error';
import { readCsv } from '@/lib/spreadsheet/read-csv';
import { readSpreadsheet, readSpreadsheetInSteps, streamSpreadsheet } from '@/lib/spreadsheet/read-spreadsheet';
import { decodeText } from '@/lib/spreadsheet/text-encoding';
import { echoBudget, echoText } from '@/lib/spreadsheet/echo';
import { parseGenderCell, parseOptCell, parseTypeCell } from '@/lib/contacts/import/columns';
import { customColumnsProblem, readRow } from '@/lib/contacts/import/row-values';
import { FLAT_AT_4X, LINEAR_AT_4X, timeGrowth } from '@/tests/fixtures/growth';
import { xlsxOfSharedStrings } from '@/tests/fixtures/import-outside';

// Defects an outside tester found in the spreadsheet imports (see tests/fixtures/import-outside/).

const refusal = (read: () => unknown): [string, unknown] | 'read' => {
  try {
    read();
  } catch (error) {
    if (error instanceof AppError) return [error.messageKey, error.options.values];
    throw error;
  }
  return 'read';
};

describe('a cell longer than Excel lets a cell hold (32,767 characters)', () => {
  it('refuses the whole CSV, naming the cell; a cell at the limit is read whole', () => {
    const at = readCsv(`Name,Note\nAnn,${'y'.repeat(32_767)}\n`);
    expect(at[1].cells[1].length).toBe(32_767);
    expect(refusal(() => readCsv(`Name,Note\nAnn,ok\nBo,${'y'.repeat(32_768)}\n`))).toEqual(['spreadsheet.errors.cellTooLong', { cell: 'B3', max: '32,767' }]);
  });

  it('refuses an .xlsx whose shared string of 7.9 MB fills many cells at its first cell, naming it', async () => {
    // The tester's bigsst: one 7.9 MB shared string referred to by 60 cells of 6 rows (packs to a few KB).
    const strings = ['A'.repeat(7_900_000), 'B'];
    const bigsst = (columns: number) => xlsxOfSharedStrings(strings, Array.from({ length: 6 }, (_, r) => Array.from({ length: columns }, (_, c) => (r === 0 && c === 1 ? 1 : 0))));
    const files = new Map([60, 240].map((columns) => [columns, bigsst(columns)]));
    expect(files.get(60)?.byteLength).toBeLessThan(100_000);
    const growth = await timeGrowth((columns) => {
      const bytes = files.get(columns) ?? new Uint8Array();
      expect(refusal(() => readSpreadsheet('big.xlsx', bytes))).toEqual(['spreadsheet.errors.cellTooLong', { cell: 'A1', max: '32,767' }]);
      expect(refusal(() => streamSpreadsheet('big.xlsx', bytes))).toEqual(['spreadsheet.errors.cellTooLong', { cell: 'A1', max: '32,767' }]);
    }, 60, 240);
    // Refused at its first cell, the file costs the same however many more cells name the string
    // (reading the 7.9 MB string itself is the same in both); a reader that went on through the
    // cells would take about 4 times as long with 4 times the cells.
    expect(growth.ratio, String(growth)).toBeLessThan(FLAT_AT_4X);
  });

  it('reads a shared string at the limit whole, however it is escaped, and refuses one character more', async () => {
    const escaped = '_x0041_'.repeat(32_767); // 229,369 characters of XML for 32,767 of text
    const bytes = xlsxOfSharedStrings(['Name', 'Note', 'Ann', escaped, 'z'.repeat(32_768)], [[0, 1], [2, 3], [2, null]]);
    const sheet = await readSpreadsheetInSteps('ok.xlsx', bytes);
    expect(sheet.rows[0].cells[1]).toBe('A'.repeat(32_767));
    const over = xlsxOfSharedStrings(['Name', 'Note', 'Ann', escaped, 'z'.repeat(32_768)], [[0, 1], [2, 3], [2, 4]]);
    await expect(readSpreadsheetInSteps('over.xlsx', over)).rejects.toMatchObject({ messageKey: 'spreadsheet.errors.cellTooLong', options: { values: { cell: 'B3' } } });
  });
});

describe('what an answer echoes back of a file', () => {
  it('cuts each cell, marking the cut, within one budget for the answer', () => {
    expect(echoText('abc', 5)).toBe('abc');
    expect(echoText('abcdef', 5)).toBe('abcd…');
    expect(echoText('x'.repeat(32_767))).toHaveLength(1000);
    const echo = echoBudget(2500);
    expect(echo(['a'.repeat(5000), 'b'.repeat(5000)]).map((c) => c.length)).toEqual([1000, 1000]);
    expect(echo(['c'.repeat(5000), 'd', 'e']).map((c) => c.length)).toEqual([500, 0, 0]);
  });
});

describe('a file of a header and no rows', () => {
  it('is refused as having no rows, whatever reads it', async () => {
    expect(refusal(() => readSpreadsheet('h.csv', Buffer.from('Name,Email\n')))).toEqual(['spreadsheet.errors.noRows', undefined]);
    const xlsx = xlsxOfSharedStrings(['Name', 'Email'], [[0, 1]]);
    expect(refusal(() => readSpreadsheet('h.xlsx', xlsx))).toEqual(['spreadsheet.errors.noRows', undefined]);
    expect(refusal(() => streamSpreadsheet('h.xlsx', xlsx))).toEqual(['spreadsheet.errors.noRows', undefined]);
    await expect(readSpreadsheetInSteps('h.xlsx', xlsx)).rejects.toMatchObject({ messageKey: 'spreadsheet.errors.noRows' });
  });
});

describe('a CSV in Big5 or GBK without a byte-order mark (samples made with iconv-lite)', () => {
  const sample = (name: string) => decodeText(fs.readFileSync(path.join(process.cwd(), 'tests/fixtures/import-outside', name)))?.text ?? null;
  const names = (text: string | null) => (text ?? '').trim().split(/\r?\n/).slice(1).map((l) => l.split(',')[0]);

  it('reads Big5 whose trail bytes all look like GB2312 as Big5', () => {
    expect(names(sample('big5-hightrail.csv'))).toEqual(['陳偉華', '黃志明', '李美玲', '王偉華']);
  });

  it('keeps reading GBK as GBK, Simplified or Traditional, however short', () => {
    expect(names(sample('gbk-simplified.csv'))).toEqual(['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊', '黄强', '周杰']);
    expect(names(sample('gbk-traditional.csv'))).toEqual(['張偉', '陳大文', '黃志強', '李嘉欣', '王小明']);
    expect(names(sample('gb2312-short.csv'))).toEqual(['张伟']);
  });
});

describe('gender, type and consent cells', () => {
  it('reads the usual words and forms of address of the three languages', () => {
    expect(['男', '男性', '先生', 'Mr', 'Mr.', 'M', 'Male'].map(parseGenderCell)).toEqual(Array(7).fill('male'));
    expect(['女', '女性', '女士', '小姐', '太太', 'Ms', 'Mrs.', 'Miss', 'F', 'female'].map(parseGenderCell)).toEqual(Array(10).fill('female'));
    expect(['其他', '其它', 'Other', 'X', 'Mx'].map(parseGenderCell)).toEqual(Array(5).fill('other'));
    expect(['未知', '不詳', 'Unknown'].map(parseGenderCell)).toEqual(Array(3).fill('unknown'));
    expect(['', 'N/A?', '狗'].map(parseGenderCell)).toEqual([null, 'unread', 'unread']);
    expect(['VIP', '客戶'].map(parseTypeCell)).toEqual(['unread', 'customer']);
  });

  it('reads check marks as yes and crosses as no; anything else is unread, not ignored', () => {
    expect(['✓', '✔', '✔️', '√', '☑', '✅'].map(parseOptCell)).toEqual(Array(6).fill(true));
    expect(['✗', '✘', '×', '✕', '❌'].map(parseOptCell)).toEqual(Array(5).fill(false));
    expect(['', 'maybe', '?'].map(parseOptCell)).toEqual([null, 'unread', 'unread']);
  });

  it('leaves an unread cell out of the row, with a note naming the column and the value', () => {
    const result = readRow(['Emma', 'e@x.io', 'N/A?', '?', 'VIP'], ['fullName', 'email', 'gender', 'emailOptIn', 'type'], ['Name', 'Email', 'Gender', 'Opt-in', 'Type'], 'en-US');
    expect(result).toMatchObject({ ok: true, values: { gender: null, emailOptIn: null, type: null } });
    expect(result.ok && result.notes).toEqual([
      { key: 'contacts.import.reasons.genderNotRead', values: { column: 'Gender', value: 'N/A?' } },
      { key: 'contacts.import.reasons.consentNotRead', values: { column: 'Opt-in', value: '?' } },
      { key: 'contacts.import.reasons.typeNotRead', values: { column: 'Type', value: 'VIP' } },
    ]);
  });
});

describe('a full name over its bound', () => {
  it('is refused before it is split', async () => {
    const nameOf = (characters: number) => 'Ab '.repeat(Math.ceil(characters / 3)).slice(0, characters);
    const names = new Map([8_192, 32_767].map((characters) => [characters, nameOf(characters)]));
    const growth = await timeGrowth((characters) => {
      const name = names.get(characters) ?? '';
      for (let i = 0; i < 200; i++) expect(readRow([name, 'a@x.io'], ['fullName', 'email'], ['Name', 'Email'], 'en-US')).toMatchObject({ ok: false, reason: 'contacts.import.reasons.tooLong', values: { max: 100 } });
    }, 8_192, 32_767);
    // Refused on its length, a name four times as long costs at most the few linear passes over it
    // (about 4x); splitting its thousands of words first grew with their square (16x).
    expect(growth.ratio, String(growth)).toBeLessThan(LINEAR_AT_4X);
    expect(readRow([`${'a'.repeat(100)} ${'b'.repeat(100)}`, 'a@x.io'], ['fullName', 'email'], ['Name', 'Email'], 'en-US')).toMatchObject({ ok: true });
  });
});

describe('custom columns', () => {
  const custom = ['email', 'custom', 'custom'] as const;
  it('refuses a header over the key bound, two with the same header, or none, naming it', () => {
    const long = 'Preferred store for weekend pickup orders (A)';
    expect(customColumnsProblem(custom, ['Email', long, long.replace('(A)', '(B)')])).toEqual({ key: 'contacts.import.errors.customHeaderTooLong', values: { column: `${long.slice(0, 39)}…`, max: 40 } });
    expect(customColumnsProblem(custom, ['Email', '备注', ' 备注 '])).toEqual({ key: 'contacts.import.errors.customHeaderTwice', values: { column: '备注' } });
    expect(customColumnsProblem(custom, ['Email', '备注', ''])).toEqual({ key: 'contacts.import.errors.customNoHeader', values: { column: '3' } });
    expect(customColumnsProblem(custom, ['Email', '备注', '生日'])).toBeNull();
    expect(customColumnsProblem(['email', 'custom', 'ignore'], ['Email', '备注', '备注'])).toBeNull();
  });
});
