import * as XLSX from '@e965/xlsx';
import { numberText } from './cell-text';
import { MAX_COLUMNS, MAX_ROWS, MAX_SHEET_CELLS } from './limits';
import { readNumberFormat } from './number-format';
import { refuse } from './refusals';
import { cellName, SheetBuilder, type RowLimit, type SheetRow } from './sheet-builder';

type CompoundFile = ReturnType<typeof XLSX.CFB.read>;
// Exported by the build but missing from its types: parses the workbook of an opened container.
const parseContainer = (XLSX as unknown as { parse_xlscfb: (container: CompoundFile, options: XLSX.ParsingOptions) => XLSX.WorkBook }).parse_xlscfb;

// BIFF record types read before SheetJS runs.
const BOF = 0x0809;
const FILEPASS = 0x002f;
const EOF = 0x000a;

/**
 * An OLE compound file: a legacy .xls (its first sheet read by SheetJS, the maintained 0.20.3
 * build), or an Office file encrypted with a password (its EncryptedPackage stream in place of a
 * workbook), or something else that is no spreadsheet.
 */
export function readOleFile(bytes: Uint8Array, limit?: RowLimit): SheetRow[] {
  const container = openContainer(bytes);
  if (XLSX.CFB.find(container, 'EncryptedPackage') || XLSX.CFB.find(container, 'EncryptionInfo')) throw refuse.passwordProtected();
  const stream = XLSX.CFB.find(container, 'Workbook') ?? XLSX.CFB.find(container, 'Book');
  if (!stream?.content) throw refuse.wrongType();
  // SheetJS hands a stream of 4 KB or more back as a plain array of bytes, a shorter one as a Uint8Array.
  if (hasFilePass(asBytes(stream.content))) throw refuse.passwordProtected();
  return sheetRows(() => parseContainer(container, READ_OPTIONS), limit);
}

/**
 * An Excel 2.x-4.x worksheet (BIFF2-4): no compound file around it, the BIFF records from the
 * first byte. Excel still opens them, and old point-of-sale and accounting programs still write them.
 */
export function readBiffStream(bytes: Uint8Array, limit?: RowLimit): SheetRow[] {
  if (hasFilePass(bytes)) throw refuse.passwordProtected();
  return sheetRows(() => XLSX.read(bytes, READ_OPTIONS), limit);
}

const READ_OPTIONS: XLSX.ParsingOptions = { type: 'array', dense: true, cellNF: true, cellText: false, cellDates: false, cellFormula: false, cellHTML: false, sheets: 0, sheetRows: MAX_ROWS };

/** The first sheet of the workbook `parse` reads, as rows within the sheet bounds. */
function sheetRows(parse: () => XLSX.WorkBook, limit?: RowLimit): SheetRow[] {
  let workbook: XLSX.WorkBook;
  try {
    workbook = parse();
  } catch (error) {
    if (/password/i.test(String((error as Error)?.message))) throw refuse.passwordProtected();
    throw refuse.unreadable();
  }
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  // A workbook of only chart or macro sheets has no cells to import.
  if (!sheet) throw refuse.noSheet();
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  const builder = new SheetBuilder(limit);
  // Rows and cells are sparse arrays: their lengths are checked before any is walked.
  if (data.length > MAX_ROWS) throw refuse.cellOutOfRange(cellName(data.length - 1, 0));
  let width = 0;
  data.forEach((cells) => (width = Math.max(width, cells?.length ?? 0)));
  if (width > MAX_COLUMNS) throw refuse.cellOutOfRange(cellName(0, width - 1));
  if (width * data.length > MAX_SHEET_CELLS) throw refuse.tooManyCells();
  data.forEach((cells, r) => {
    cells?.forEach((cell, c) => {
      if (cell) builder.put(r, c, cellText(cell, date1904));
    });
  });
  for (const range of sheet['!merges'] ?? []) builder.merge(range.s.r, range.s.c, range.e.r, range.e.c);
  return builder.build();
}

function cellText(cell: XLSX.CellObject, date1904: boolean): string {
  switch (cell.t) {
    case 'n':
      return typeof cell.v === 'number' ? numberText(cell.v, readNumberFormat(typeof cell.z === 'string' ? cell.z : undefined), date1904) : '';
    case 's':
      return typeof cell.v === 'string' ? cell.v : String(cell.v ?? '');
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    default:
      return '';
  }
}

function asBytes(content: Uint8Array | number[]): Uint8Array {
  return content instanceof Uint8Array ? content : Uint8Array.from(content);
}

function openContainer(bytes: Uint8Array): CompoundFile {
  try {
    return XLSX.CFB.read(bytes, { type: 'array' });
  } catch {
    // A compound file is a 512-byte header and whole sectors: any other length was cut off.
    throw bytes.byteLength % 512 !== 0 ? refuse.cutOff() : refuse.unreadable();
  }
}

/** FILEPASS follows the workbook's first BOF record when the workbook is encrypted. */
function hasFilePass(stream: Uint8Array): boolean {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  let offset = 0;
  for (let n = 0; n < 64 && offset + 4 <= stream.byteLength; n++) {
    const type = view.getUint16(offset, true);
    if (type === FILEPASS) return true;
    if (type === EOF || (n > 0 && type === BOF)) return false;
    offset += 4 + view.getUint16(offset + 2, true);
  }
  return false;
}
