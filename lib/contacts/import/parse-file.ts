import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import { AppError } from '@/lib/api/app-error';
import { detectFileKind, type FileKind } from './file-kind';
import { readXlsxRows } from './read-xlsx';

export const MAX_IMPORT_ROWS = 100_000;

export interface SheetRow {
  /** The row's number in the spreadsheet (1 is the header), for the rejected-rows file. */
  rowNumber: number;
  cells: string[];
}

export interface ParsedSheet {
  kind: FileKind;
  headers: string[];
  rows: SheetRow[];
}

/** The first sheet's header and non-blank rows, as trimmed strings, from .xlsx, .xls or .csv bytes. */
export async function parseSpreadsheet(fileName: string, bytes: Uint8Array): Promise<ParsedSheet> {
  const kind = detectFileKind(fileName, bytes);
  let table: string[][];
  try {
    table = kind === 'xlsx' ? readXlsxRows(bytes) : kind === 'xls' ? readXls(bytes) : readCsv(bytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('VALIDATION', 'contacts.import.errors.unreadable');
  }
  const numbered = table.map((cells, i) => ({ rowNumber: i + 1, cells: cells.map(cleanCell) }));
  const nonBlank = numbered.filter((r) => r.cells.some((c) => c !== ''));
  const [header, ...rows] = nonBlank;
  if (!header) throw new AppError('VALIDATION', 'contacts.import.errors.noRows');
  if (rows.length > MAX_IMPORT_ROWS) throw new AppError('PAYLOAD_TOO_LARGE', 'contacts.import.errors.tooManyRows', { values: { max: MAX_IMPORT_ROWS } });
  const width = Math.max(header.cells.length, ...rows.slice(0, 1000).map((r) => r.cells.length));
  const headers = Array.from({ length: width }, (_, i) => header.cells[i] ?? '');
  return { kind, headers, rows };
}

function cleanCell(value: string): string {
  const v = value.replace(/^\uFEFF/, '').trim();
  // Our exports (and careful spreadsheets) guard formula-like text with a leading apostrophe.
  return /^'[=+\-@\t]/.test(v) ? v.slice(1) : v;
}

function readXls(bytes: Uint8Array): string[][] {
  const workbook = XLSX.read(bytes, { type: 'array', cellDates: true, dense: true });
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  if (!sheet) return [];
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true, rawNumbers: true });
  return rows.map((r) => r.map((c) => (c === null || c === undefined ? '' : String(c))));
}

function readCsv(bytes: Uint8Array): string[][] {
  const text = decodeText(bytes);
  const result = Papa.parse<string[]>(text, { skipEmptyLines: false });
  return result.data;
}

/** UTF-8 (with or without BOM); Excel on Chinese Windows saves CSV as GB18030, so fall back to it. */
function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}
