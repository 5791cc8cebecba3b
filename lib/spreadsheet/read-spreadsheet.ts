import { AppError } from '@/lib/errors/app-error';
import { detectContainer, type SpreadsheetKind } from './file-kind';
import { readCsv } from './read-csv';
import { readBiffStream, readOleFile } from './read-xls';
import { readVcard } from './read-vcard';
import { readXlsx, readXlsxInSteps, streamXlsx } from './read-xlsx';
import { refuse } from './refusals';
import { SheetOrderError, type RowLimit, type SheetRow } from './sheet-builder';
import { cleanRows, HEADER_SEARCH_ROWS, toTable, WIDTH_ROWS, type SheetTable } from './table';
import { decodeText, type TextEncoding } from './text-encoding';
import { nextTurn } from './event-loop';

export interface Spreadsheet extends SheetTable {
  kind: SpreadsheetKind;
  /** The text encoding a CSV was read in (chosen or detected); null for Excel files, which say their own. */
  encoding: TextEncoding | null;
}

export interface ReadOptions {
  /** A CSV's text encoding as the merchant chose it; detected when absent. */
  encoding?: TextEncoding;
  /** Whether a vCard file (.vcf) is taken: contacts are, reviews are not. */
  vcard?: boolean;
}

/**
 * The one spreadsheet intake of the imports: an uploaded .xlsx, .xls or .csv as its header and
 * data rows of text, or an AppError saying what the file is and why it is refused. Anything a
 * reader throws that is not an AppError reads as an unreadable file, never as a 500.
 */
export function readSpreadsheet(fileName: string, bytes: Uint8Array, limit?: RowLimit, options: ReadOptions = {}): Spreadsheet {
  const container = detectContainer(fileName, bytes);
  let rows: SheetRow[];
  let kind: SpreadsheetKind;
  let encoding: TextEncoding | null = null;
  try {
    if (container === 'zip') {
      kind = 'xlsx';
      rows = readXlsx(bytes, limit);
    } else if (container === 'ole') {
      kind = 'xls';
      rows = readOleFile(bytes, limit);
    } else if (container === 'biff') {
      kind = 'xls';
      rows = readBiffStream(bytes, limit);
    } else {
      if (container === 'vcard' && !options.vcard) throw refuse.wrongType();
      kind = container === 'vcard' ? 'vcf' : 'csv';
      const decoded = decodeText(bytes, options.encoding);
      if (decoded === null) throw refuse.wrongType();
      encoding = decoded.encoding;
      rows = container === 'vcard' ? readVcard(decoded.text, limit) : readCsv(decoded.text, limit);
    }
  } catch (error) {
    throw refusalFor(error);
  }
  return spreadsheetOf(kind, rows, limit, encoding);
}

/**
 * readSpreadsheet for a caller that must not hold the event loop: an .xlsx's sheet is read 256 KB
 * of XML at a time (10-25 ms), the event loop turning between steps. A CSV (at most 2 MB of text)
 * and an .xls are read in one go, as readSpreadsheet reads them.
 */
export async function readSpreadsheetInSteps(fileName: string, bytes: Uint8Array, limit?: RowLimit, options: ReadOptions = {}): Promise<Spreadsheet> {
  if (detectContainer(fileName, bytes) !== 'zip') return readSpreadsheet(fileName, bytes, limit, options);
  const steps = guarded(() => readXlsxInSteps(bytes, limit));
  for (let next = guarded(() => steps.next()); ; next = guarded(() => steps.next())) {
    if (next.done) return spreadsheetOf('xlsx', next.value, limit);
    await nextTurn();
  }
}

function spreadsheetOf(kind: SpreadsheetKind, rows: SheetRow[], limit?: RowLimit, encoding: TextEncoding | null = null): Spreadsheet {
  const table = toTable(rows);
  // A header without a row under it is no import either (both imports answer "no rows").
  if (!table || table.rows.length === 0) throw refuse.noRows();
  if (limit && table.rows.length > limit.maxRows) throw limit.tooManyRows();
  return { kind, encoding, ...table };
}

export interface SpreadsheetStream {
  headers: string[];
  /** As Spreadsheet's. */
  encoding: TextEncoding | null;
  /** The data rows, a batch at a time, as readSpreadsheet gives them (refusals thrown from the batch that finds them). */
  batches: Iterator<SheetRow[], void, void>;
}

/**
 * readSpreadsheet for a reader that works on the first rows while the rest is read: an .xlsx
 * written in order without merged cells is read 256 KB of XML at a time (after the rows that decide
 * the header); any other file is read whole. Throws SheetOrderError, here or from a batch, when
 * the sheet must be read whole after all: read it again with readSpreadsheet.
 */
export function streamSpreadsheet(fileName: string, bytes: Uint8Array, limit?: RowLimit, options: ReadOptions = {}): SpreadsheetStream {
  const opening = openStream(fileName, bytes, limit);
  for (let next = opening.next(); ; next = opening.next()) {
    if (next.done) return next.value ?? wholeAsStream(readSpreadsheet(fileName, bytes, limit, options));
  }
}

/** streamSpreadsheet, the event loop turning between the steps that find the header (and, for a sheet read whole, between its steps). */
export async function streamSpreadsheetInSteps(fileName: string, bytes: Uint8Array, limit?: RowLimit, options: ReadOptions = {}): Promise<SpreadsheetStream> {
  const opening = openStream(fileName, bytes, limit);
  for (let next = opening.next(); ; next = opening.next()) {
    if (next.done) return next.value ?? wholeAsStream(await readSpreadsheetInSteps(fileName, bytes, limit, options));
    await nextTurn();
  }
}

/** The stream's header and first rows, a batch (step) at a time; null when the file must be read whole. */
function* openStream(fileName: string, bytes: Uint8Array, limit?: RowLimit): Generator<void, SpreadsheetStream | null, void> {
  const sheetBatches = detectContainer(fileName, bytes) === 'zip' ? guarded(() => streamXlsx(bytes, limit)) : null;
  if (!sheetBatches) return null;
  // The header and its width come from the first rows, as toTable finds them in the whole sheet.
  const first: SheetRow[] = [];
  let kept = 0;
  while (kept < HEADER_SEARCH_ROWS + 1 + WIDTH_ROWS) {
    const next = guarded(() => sheetBatches.next());
    if (next.done) break;
    first.push(...next.value);
    kept += cleanRows(next.value).length;
    yield;
  }
  const table = toTable(first);
  // The first batches hold a thousand rows past the header whenever the sheet goes on.
  if (!table || table.rows.length === 0) throw refuse.noRows();
  let count = 0;
  const counted = (rows: SheetRow[]) => {
    count += rows.length;
    if (limit && count > limit.maxRows) throw limit.tooManyRows();
    return rows;
  };
  return {
    headers: table.headers,
    encoding: null,
    batches: (function* () {
      yield counted(table.rows);
      for (;;) {
        const next = guarded(() => sheetBatches.next());
        if (next.done) return;
        yield counted(cleanRows(next.value));
      }
    })(),
  };
}

/** A sheet read whole, as one batch. */
export function wholeAsStream({ headers, rows, encoding = null }: SheetTable & { encoding?: TextEncoding | null }): SpreadsheetStream {
  return { headers, encoding, batches: [rows][Symbol.iterator]() };
}

function guarded<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw refusalFor(error);
  }
}

/** What a reader threw, as the refusal the user reads (never a 500); SheetOrderError passes. */
function refusalFor(error: unknown): unknown {
  if (error instanceof AppError || error instanceof SheetOrderError) return error;
  if (error instanceof RangeError) return refuse.tooManyCells(); // an allocation a library refused
  return refuse.unreadable();
}
