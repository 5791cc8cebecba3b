import { AppError } from '@/lib/errors/app-error';
import { detectContainer, type SpreadsheetKind } from './file-kind';
import { readCsv } from './read-csv';
import { readOleFile } from './read-xls';
import { readXlsx } from './read-xlsx';
import { refuse } from './refusals';
import type { RowLimit, SheetRow } from './sheet-builder';
import { toTable, type SheetTable } from './table';
import { decodeText } from './text-encoding';

export interface Spreadsheet extends SheetTable {
  kind: SpreadsheetKind;
}

/**
 * The one spreadsheet intake of the imports: an uploaded .xlsx, .xls or .csv as its header and
 * data rows of text, or an AppError saying what the file is and why it is refused. Anything a
 * reader throws that is not an AppError reads as an unreadable file, never as a 500.
 */
export function readSpreadsheet(fileName: string, bytes: Uint8Array, limit?: RowLimit): Spreadsheet {
  const container = detectContainer(fileName, bytes);
  let rows: SheetRow[];
  let kind: SpreadsheetKind;
  try {
    if (container === 'zip') {
      kind = 'xlsx';
      rows = readXlsx(bytes, limit);
    } else if (container === 'ole') {
      kind = 'xls';
      rows = readOleFile(bytes, limit);
    } else {
      kind = 'csv';
      const text = decodeText(bytes);
      if (text === null) throw refuse.wrongType();
      rows = readCsv(text, limit);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof RangeError) throw refuse.tooManyCells(); // an allocation a library refused
    throw refuse.unreadable();
  }
  const table = toTable(rows);
  if (!table) throw refuse.noRows();
  if (limit && table.rows.length > limit.maxRows) throw limit.tooManyRows();
  return { kind, ...table };
}
