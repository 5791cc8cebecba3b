import { AppError } from '@/lib/errors/app-error';
import { readSpreadsheetInSteps, streamSpreadsheetInSteps, type ReadOptions, type SpreadsheetStream } from '@/lib/spreadsheet/read-spreadsheet';
import type { TextEncoding } from '@/lib/spreadsheet/text-encodings';
import type { SpreadsheetKind } from '@/lib/spreadsheet/file-kind';
import type { SheetRow } from '@/lib/spreadsheet/sheet-builder';

export type { SheetRow };

export const MAX_IMPORT_ROWS = 100_000;

/** The contacts import's row limit, applied while the sheet is read. */
export const CONTACT_ROWS = {
  maxRows: MAX_IMPORT_ROWS,
  tooManyRows: () => new AppError('PAYLOAD_TOO_LARGE', 'contacts.import.errors.tooManyRows', { values: { max: MAX_IMPORT_ROWS } }),
};

export interface ParsedSheet {
  kind: SpreadsheetKind;
  encoding: TextEncoding | null;
  headers: string[];
  rows: SheetRow[];
}

/** The first sheet's header and non-blank rows, as trimmed strings, through the one spreadsheet intake (the event loop turning while an .xlsx is read). */
export async function parseSpreadsheet(fileName: string, bytes: Uint8Array, options: ReadOptions = {}): Promise<ParsedSheet> {
  return readSpreadsheetInSteps(fileName, bytes, CONTACT_ROWS, { ...options, vcard: true });
}

/** The same sheet for the import's commit, its rows a batch at a time (streamSpreadsheetInSteps). */
export function streamContactSheet(fileName: string, bytes: Uint8Array, options: ReadOptions = {}): Promise<SpreadsheetStream> {
  return streamSpreadsheetInSteps(fileName, bytes, CONTACT_ROWS, { ...options, vcard: true });
}

/** A cell holding U+FFFD: a byte the text encoding does not define, so the text was read wrong. */
export function hasUndecodable(cells: readonly string[]): boolean {
  return cells.some((c) => c.includes('\uFFFD'));
}
