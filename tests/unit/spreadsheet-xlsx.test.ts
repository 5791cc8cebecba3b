import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors/app-error';
import { readXlsx } from '@/lib/spreadsheet/read-xlsx';
import { openZip } from '@/lib/spreadsheet/zip';
import { LINEAR_AT_4X, timeAgainst, timeGrowth } from '@/tests/fixtures/growth';
import { buildZip, lyingZipBomb, zipBomb, zipOfManyEntries } from '@/tests/fixtures/hostile';
import { xlsxOfSheetXml } from '@/tests/fixtures/xlsx-parts';

const keyOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.messageKey : `untyped: ${String(error)}`;
  }
  return 'ok';
};
const cells = (bytes: Uint8Array) => readXlsx(bytes).map((r) => [r.rowNumber, ...r.cells]);

describe('the zip reader', () => {
  it('reads an honest zip and refuses bombs from its directory or a bounded inflate, for less than unpacking 10 MB', async () => {
    const zip = openZip(buildZip([{ name: '/a.xml', data: Buffer.from('<a/>'.repeat(1000)) }]));
    expect(zip.read('A.XML')?.byteLength).toBe(4000);
    const [bomb, many, lyingBomb] = [zipBomb(130), zipOfManyEntries(2500), lyingZipBomb(50)];
    const refuseAll = () => {
      expect(keyOf(() => openZip(bomb))).toBe('spreadsheet.errors.unpackedTooLarge');
      expect(keyOf(() => openZip(many))).toBe('spreadsheet.errors.unpackedTooLarge');
      const lying = openZip(lyingBomb);
      expect(keyOf(() => lying.read('xl/worksheets/sheet1.xml'))).toBe('spreadsheet.errors.unpackedTooLarge');
      expect(lying.anyEntryLies()).toBe(true);
      expect(keyOf(() => readXlsx(lyingBomb))).toBe('spreadsheet.errors.unpackedTooLarge');
    };
    // Against unpacking 10 MB of the same zeros on the same machine, so a busy machine slows both:
    // the refusals unpack a kilobyte at most (0.6x here, most of it reading 2,500 directory
    // entries); unpacking even the smallest bomb, 50 MB, would be 5x.
    const tenMb = deflateRawSync(Buffer.alloc(10 * 1024 * 1024));
    const cost = await timeAgainst(refuseAll, () => inflateRawSync(tenMb));
    expect(cost.ratio, String(cost)).toBeLessThan(2);
  });

  it('refuses a small workbook whose sheet is mostly padding from its directory, before unpacking it', async () => {
    // Found from outside: 111 KB on the wire, a sheet ending in a 110 MB comment of spaces, under
    // every other bound; reading it held the server's event loop for seconds.
    const padding = ' '.repeat(110 * 1024 * 1024);
    const bomb = xlsxOfSheetXml(`<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>姓名</t></is></c></row></sheetData><!--${padding}--></worksheet>`);
    expect(bomb.byteLength).toBeLessThan(200 * 1024);
    // Decided from the directory: 0.01x of unpacking 10 MB here (unpacking the 110 MB would be 10x and more).
    const tenMb = deflateRawSync(Buffer.alloc(10 * 1024 * 1024));
    const cost = await timeAgainst(() => expect(keyOf(() => readXlsx(bomb))).toBe('spreadsheet.errors.unpackedTooLarge'), () => inflateRawSync(tenMb));
    expect(cost.ratio, String(cost)).toBeLessThan(1);
    // A backstop for a hang: building the 110 MB fixture took six minutes under a load of 30 on two cores.
  }, 600_000);

  it('calls a zip without its end cut off, and damaged entries unreadable', () => {
    const zip = buildZip([{ name: 'a.xml', data: Buffer.from('<a/>'.repeat(1000)) }]);
    expect(keyOf(() => openZip(zip.subarray(0, zip.byteLength - 30)))).toBe('spreadsheet.errors.cutOff');
    const corrupt = Buffer.from(zip);
    corrupt.fill(0xff, 30 + 'a.xml'.length, 30 + 'a.xml'.length + 8);
    expect(keyOf(() => openZip(corrupt).read('a.xml'))).toBe('spreadsheet.errors.unreadable');
    expect(keyOf(() => readXlsx(buildZip([{ name: 'word/document.xml', data: Buffer.from('<w/>') }])))).toBe('spreadsheet.errors.wrongType');
  });
});

describe('the .xlsx reader', () => {
  it('reads strings, rich text without phonetic runs, numbers, booleans, formulas, errors and merges', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('会员');
    sheet.addRow(['姓名', '积分', '是否', '备注']);
    sheet.addRow([{ richText: [{ text: '粗' }, { font: { bold: true }, text: '体' }] }, 12.5, true, 'A & B <c> "q"']);
    sheet.addRow([{ formula: 'A2&"x"', result: '粗体x' }, { formula: '1+1', result: 2 }, { error: '#N/A' }, 'line\r\nbreak']);
    sheet.addRow(['merged', '', '', '']);
    sheet.mergeCells('A4:C4');
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    expect(cells(bytes)).toEqual([
      [1, '姓名', '积分', '是否', '备注'],
      [2, '粗体', '12.5', 'TRUE', 'A & B <c> "q"'],
      [3, '粗体x', '2', '', 'line\nbreak'],
      [4, 'merged', 'merged', 'merged'],
    ]);
  });

  it('reads the first visible sheet, across the megabyte chunks of a large sheet', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [`客户${i}`, `c${i}@example.com`, `0${13800000000 + i}`]);
    const book = XLSX.utils.book_new();
    const hidden = XLSX.utils.aoa_to_sheet([['hidden']]);
    XLSX.utils.book_append_sheet(book, hidden, 'Hidden');
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Name', 'Email', 'Phone'], ...rows]), 'Visible');
    book.Workbook = { Sheets: [{ Hidden: 1 }, { Hidden: 0 }] };
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }));
    const read = readXlsx(bytes);
    expect(read.length).toBe(20_001);
    expect(read[0].cells).toEqual(['Name', 'Email', 'Phone']);
    expect(read.map((r) => r.cells.join('|')).slice(1)).toEqual(rows.map((r) => r.join('|')));
  });

  it('scans markup that never closes its tags in linear time', async () => {
    const open = (workbook: string, sheet: string, styles = '') => buildZip([
      { name: '_rels/.rels', data: Buffer.from('<Relationships><Relationship Id="r" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="wb.xml"/></Relationships>') },
      { name: 'wb.xml', data: Buffer.from(`<workbook><sheets><sheet name="S" sheetId="1" r:id="s1"/></sheets>${workbook}</workbook>`) },
      { name: '_rels/wb.xml.rels', data: Buffer.from('<Relationships><Relationship Id="s1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="s.xml"/><Relationship Id="t" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="st.xml"/></Relationships>') },
      { name: 's.xml', data: Buffer.from(`<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c></row>${sheet}</sheetData></worksheet>`) },
      { name: 'st.xml', data: Buffer.from(styles) },
    ]);
    // Three files of unclosed tags, at a quarter of the size and at the full size (a million tags).
    const files = (size: number) => [open('', '<a'.repeat(size)), open('<sheet'.repeat(size * 0.4), ''), open('<workbookPr '.repeat(size * 0.2), '', '<cellXfs><numFmt '.repeat(size * 0.2))];
    const bySize = new Map([250_000, 1_000_000].map((size) => [size, files(size)]));
    const growth = await timeGrowth((size) => {
      for (const file of bySize.get(size) ?? []) expect(keyOf(() => readXlsx(file))).toBe('ok');
    }, 250_000, 1_000_000);
    // Four times the markup takes about 4 times as long; a quadratic scan would take 16 times.
    expect(growth.ratio, String(growth)).toBeLessThan(LINEAR_AT_4X);
  });

  it('refuses a reference beyond Excel in a row number, a cell or a merge-free far cell, before allocating', () => {
    const sheet = (body: string) => buildZip([
      { name: '_rels/.rels', data: Buffer.from('<Relationships><Relationship Id="r" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="wb.xml"/></Relationships>') },
      { name: 'wb.xml', data: Buffer.from('<workbook><sheets><sheet name="S" sheetId="1" r:id="s1"/></sheets></workbook>') },
      { name: '_rels/wb.xml.rels', data: Buffer.from('<Relationships><Relationship Id="s1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="s.xml"/></Relationships>') },
      { name: 's.xml', data: Buffer.from(`<worksheet><sheetData>${body}</sheetData></worksheet>`) },
    ]);
    expect(cells(sheet('<row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row>'))).toEqual([[1, 'x']]);
    expect(keyOf(() => readXlsx(sheet('<row r="1048577"><c><v>1</v></c></row>')))).toBe('spreadsheet.errors.cellOutOfRange');
    expect(keyOf(() => readXlsx(sheet('<row r="1"><c r="A1"><v>1</v></c><c r="XFE1"><v>1</v></c></row>')))).toBe('spreadsheet.errors.cellOutOfRange');
    expect(keyOf(() => readXlsx(sheet('<row r="1"><c r="A1"><v>1</v></c></row><row r="300"><c r="XFD300"><v>1</v></c></row>')))).toBe('spreadsheet.errors.tooManyCells');
    // A far-away empty cell is only checked; a far-away row with a value costs one row.
    expect(cells(sheet('<row r="1"><c r="A1"><v>1</v></c><c r="XFD1048576"/></row><row r="1000000"><c r="B1000000"><v>2</v></c></row>'))).toEqual([[1, '1'], [1000000, '', '2']]);
  });
});
