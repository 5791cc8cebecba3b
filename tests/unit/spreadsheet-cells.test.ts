import { describe, expect, it } from 'vitest';
import { decodeExcelEscapes, isoDateText, numberText } from '@/lib/spreadsheet/cell-text';
import { BUILT_IN_FORMATS, readNumberFormat } from '@/lib/spreadsheet/number-format';
import { parseReference } from '@/lib/spreadsheet/xlsx/read-sheet';
import { toTable } from '@/lib/spreadsheet/table';

const f = (code: string) => readNumberFormat(code);

describe('number formats', () => {
  it('tells dates, times and date-times from numbers', () => {
    const kinds = (code: string) => {
      const x = f(code);
      return x.date && x.time ? 'datetime' : x.date ? 'date' : x.time ? 'time' : 'number';
    };
    expect(
      Object.fromEntries(['m/d/yy', 'yyyy-mm-dd', 'd-mmm-yy', 'mmm-yy', '[$-804]yyyy"年"m"月"d"日"', 'yyyy/m/d h:mm', 'h:mm AM/PM', '[h]:mm:ss', 'mm:ss', 'mmss.0', 'General', '0.00', '0.00E+00', '#,##0 "days"', '[Red]0.00', '\\d0', '@', '00000', 'bbbb-mm-dd', 'yyyy-mm-dd;@'].map((c) => [c, kinds(c)])),
    ).toEqual({
      'm/d/yy': 'date',
      'yyyy-mm-dd': 'date',
      'd-mmm-yy': 'date',
      'mmm-yy': 'date',
      '[$-804]yyyy"年"m"月"d"日"': 'date',
      'yyyy/m/d h:mm': 'datetime',
      'h:mm AM/PM': 'time',
      '[h]:mm:ss': 'time',
      'mm:ss': 'time',
      'mmss.0': 'time',
      General: 'number',
      '0.00': 'number',
      '0.00E+00': 'number',
      '#,##0 "days"': 'number',
      '[Red]0.00': 'number',
      '\\d0': 'number',
      '@': 'number',
      '00000': 'number',
      'bbbb-mm-dd': 'date',
      'yyyy-mm-dd;@': 'date',
    });
    for (const id of [14, 15, 16, 17, 22, 27, 30, 31, 36, 50, 57, 58]) expect(readNumberFormat(BUILT_IN_FORMATS[id]).date).toBe(true);
    for (const id of [18, 19, 20, 21, 32, 33, 45, 46, 47, 55, 56]) expect(readNumberFormat(BUILT_IN_FORMATS[id])).toMatchObject({ date: false, time: true });
  });
});

describe('cell text', () => {
  it('gives dates as YYYY-MM-DD from 1900 and 1904 serials, date-times as YYYY-MM-DD HH:mm', () => {
    expect(numberText(27395, f('m/d/yy'), false)).toBe('1975-01-01');
    expect(numberText(27395 - 1462, f('m/d/yy'), true)).toBe('1975-01-01');
    expect(numberText(1, f('yyyy-mm-dd'), false)).toBe('1900-01-01');
    expect(numberText(59, f('yyyy-mm-dd'), false)).toBe('1900-02-28');
    expect(numberText(60, f('yyyy-mm-dd'), false)).toBe('1900-02-29');
    expect(numberText(61, f('yyyy-mm-dd'), false)).toBe('1900-03-01');
    expect(numberText(2958465, f('yyyy-mm-dd'), false)).toBe('9999-12-31');
    expect(numberText(46329.604166666664, f('yyyy-mm-dd hh:mm'), false)).toBe('2026-11-03 14:30');
    expect(numberText(46329.604166666664, f('yyyy-mm-dd hh:mm:ss'), false)).toBe('2026-11-03 14:30:00');
    expect(numberText(46329.999999, f('yyyy-mm-dd hh:mm'), false)).toBe('2026-11-04 00:00');
    expect(numberText(46329.7, f('yyyy-mm-dd'), false)).toBe('2026-11-03');
    expect(numberText(0.5, f('h:mm'), false)).toBe('12:00');
    // Not a date: out of Excel's range, shown as the number.
    expect(numberText(-1, f('yyyy-mm-dd'), false)).toBe('-1');
    expect(numberText(3e6, f('yyyy-mm-dd'), false)).toBe('3000000');
  });

  it('reads ISO date cells (t="d") as the wall-clock date they name', () => {
    expect(isoDateText('1975-01-01T00:00:00Z', null)).toBe('1975-01-01');
    expect(isoDateText('1975-01-01T00:00:00.000Z', f('m/d/yy'))).toBe('1975-01-01');
    expect(isoDateText('2026-11-03T14:30:00', null)).toBe('2026-11-03 14:30');
    expect(isoDateText('2026-11-03T14:30:15+08:00', null)).toBe('2026-11-03 14:30:15');
    expect(isoDateText('2026-11-03T14:30:15', f('yyyy-mm-dd'))).toBe('2026-11-03');
    expect(isoDateText('1899-12-31T10:05:00', f('h:mm'))).toBe('10:05');
  });

  it('shows numbers as Excel shows them in General: 15 digits, no exponent for phones, no .0; zero-padded formats padded', () => {
    expect(numberText(13800138000, null, false)).toBe('13800138000');
    expect(numberText(0.1 + 0.2, null, false)).toBe('0.3');
    expect(numberText(1.0, null, false)).toBe('1');
    expect(numberText(-0, null, false)).toBe('0');
    expect(numberText(12.5, f('0.00'), false)).toBe('12.5');
    expect(numberText(2134, f('00000'), false)).toBe('02134');
    expect(numberText(Number.NaN, null, false)).toBe('');
  });

  it('decodes _xHHHH_ escapes, _x005F_ being a literal underscore', () => {
    expect(decodeExcelEscapes('a_x000D_b_x000a_c')).toBe('a\rb\nc');
    expect(decodeExcelEscapes('_x005F_x000D_')).toBe('_x000D_');
    expect(decodeExcelEscapes('_x12_ plain')).toBe('_x12_ plain');
  });
});

describe('cell references', () => {
  it('reads A1 references and gives Infinity beyond three letters or seven digits', () => {
    expect(parseReference('A1', 0, 0)).toEqual({ row: 0, column: 0 });
    expect(parseReference('XFD1048576', 0, 0)).toEqual({ row: 1048575, column: 16383 });
    expect(parseReference('$B$2', 0, 0)).toEqual({ row: 1, column: 1 });
    expect(parseReference('A200000000', 0, 0).row).toBe(Infinity);
    expect(parseReference('AAAAAA1', 0, 0).column).toBe(Infinity);
    expect(parseReference('A-1', 0, 0).row).toBe(Infinity);
    expect(parseReference('C', 4, 0)).toEqual({ row: 4, column: 2 });
  });
});

describe('header row', () => {
  const rows = (...cells: string[][]) => cells.map((c, i) => ({ rowNumber: i + 1, cells: c }));
  it('skips a title row above the header, alone in A1 or merged across the header', () => {
    expect(toTable(rows(['客户名单 2026年11月'], ['姓名', '邮箱'], ['张伟', 'a@b.co']))).toEqual({ headers: ['姓名', '邮箱'], rows: [{ rowNumber: 3, cells: ['张伟', 'a@b.co'] }] });
    expect(toTable(rows(['Title', 'Title', 'Title'], ['2026'], ['Name', 'Email', 'Phone'], ['A', 'a@b.co']))?.headers).toEqual(['Name', 'Email', 'Phone']);
  });

  it('keeps the first row of a one-column sheet as its header, and trims and unguards cells', () => {
    expect(toTable(rows(['Email'], ['a@b.co'], ['c@d.co']))?.rows.length).toBe(2);
    expect(toTable(rows(['\uFEFF Name ', 'x'], ["'=1+1", "'plain"]))?.rows[0].cells).toEqual(['=1+1', "'plain"]);
    expect(toTable(rows(['', ''], ['   ']))).toBeNull();
  });
});
