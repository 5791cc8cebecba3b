import ExcelJS from 'exceljs';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { readXlsxRows } from '@/lib/contacts/import/read-xlsx';

// The import read .xlsx files with exceljs's Workbook.load before; this is that reader, kept as
// the reference the fast reader must agree with cell for cell.
async function exceljsRows(bytes: Uint8Array): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const out: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    out[rowNumber - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(out, (r) => r ?? []);
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((p) => p.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value);
}

const dense = (rows: string[][]) => Array.from(rows, (r) => Array.from(r ?? [], (c) => c ?? ''));

describe('readXlsxRows agrees with exceljs', () => {
  it('on strings, numbers, dates, booleans, formulas, rich text, links, merges and blank rows', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('会员');
    sheet.addRow(['姓名', '手机', '邮箱', '生日', '积分', '备注', '是否', '链接']);
    sheet.addRow(['王伟', '+86 139 0000 0000', 'a@b.co', new Date(Date.UTC(1990, 4, 17)), 12.5, 'A & B <c> "q" \'s', true, { text: '主页', hyperlink: 'https://example.com' }]);
    sheet.addRow(['李娜', 13900000001, null, new Date(Date.UTC(2024, 0, 2, 13, 45)), 1e21, { richText: [{ text: '粗' }, { font: { bold: true }, text: '体' }] }, false, '']);
    sheet.addRow([]);
    sheet.addRow(['  空格  ', { formula: 'A2&"x"', result: '王伟x' }, { formula: '1+1', result: 2 }, { formula: 'DATE(2020,1,1)', result: new Date(Date.UTC(2020, 0, 1)) }, { error: '#N/A' }, 'line\r\nbreak', 'tab\tx', '=not a formula']);
    sheet.getCell('D2').numFmt = 'yyyy-mm-dd';
    sheet.getCell('D3').numFmt = '[$-804]yyyy"年"m"月"d"日"';
    sheet.getCell('D5').numFmt = 'mm-dd-yy';
    sheet.getCell('E2').numFmt = '0.00';
    sheet.addRow(['merged header', '', '', 'x']);
    sheet.mergeCells('A6:C6');
    sheet.getCell('H7').numFmt = '0.00'; // a styled cell with no value widens the row
    sheet.addRow(['last', 0.1 + 0.2, -3, '0012', '1/2']);
    wb.addWorksheet('second').addRow(['not read']);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    expect(readXlsxRows(bytes)).toEqual(await exceljsRows(bytes));
    expect(readXlsxRows(bytes)[5].slice(0, 3)).toEqual(['merged header', 'merged header', 'merged header']);
  });

  it('on a SheetJS workbook (inline strings, no shared strings) and on a 1904 date system', async () => {
    const ws = XLSX.utils.aoa_to_sheet([
      ['Email', 'Phone', 'Joined', 'Score'],
      ['a@b.co', '13800138000', new Date(Date.UTC(2021, 5, 30)), 3.25],
      [],
      ['c@d.co', 13800138001, 'text', true],
    ], { cellDates: true });
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, ws, 'Sheet1');
    for (const bookSST of [false, true]) {
      const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', bookSST }) as ArrayBuffer);
      expect(dense(readXlsxRows(bytes))).toEqual(await exceljsRows(bytes));
    }
    const wb = new ExcelJS.Workbook();
    wb.properties.date1904 = true;
    const s = wb.addWorksheet('s');
    s.addRow(['when', new Date(Date.UTC(2000, 1, 29))]);
    s.getCell('B1').numFmt = 'd-mmm-yy';
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    expect(readXlsxRows(bytes)).toEqual(await exceljsRows(bytes));
  });

  it('on escapes Excel writes for control characters in shared strings', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('s').addRow(['a\u0001b', 'Ω&#']);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    expect(readXlsxRows(bytes)).toEqual(await exceljsRows(bytes));
  });
});
