import { MAX_CELL_CHARS, MAX_COLUMNS, MAX_ROWS, MAX_SHEET_CELLS } from './limits';
import { refuse } from './refusals';

export interface SheetRow {
  /** The row's number in the spreadsheet (1-based), for messages and the rejected-rows file. */
  rowNumber: number;
  cells: string[];
}

/**
 * Collects a sheet's cells, row by row, whatever reader found them. Every reference is held to
 * Excel's limits and the used range (last filled row x last filled column) to MAX_SHEET_CELLS,
 * both checked before a row is widened: a cell at A200000000 or AAAAAA1 is refused at once, and
 * only rows that hold a value are kept, so a gap of a million rows costs nothing.
 */
export interface RowLimit {
  /** The most rows holding a value that the caller takes (a few more are kept for title rows). */
  maxRows: number;
  /** The caller's refusal when a sheet has more. */
  tooManyRows: () => Error;
}

// Rows above the header (titles) that do not count against the caller's limit.
const HEADER_ROWS_ALLOWANCE = 10;

/**
 * A sheet read while its rows are taken (`takeFinishedRows`) put a cell into a row already taken,
 * or merged cells: only the whole sheet gives its rows. The caller reads it again, whole.
 */
export class SheetOrderError extends Error {
  constructor() {
    super('the sheet must be read whole');
  }
}

export class SheetBuilder {
  private readonly rows = new Map<number, string[]>();
  /** Rows holding a value so far, taken or not (the caller's limit counts them all). */
  private created = 0;
  /** Rows below this (0-based) were taken. */
  private floor = 0;
  private maxCreated = -1;
  private lastRow = -1;
  private lastColumn = -1;
  private ordered = true;
  private previousRow = -1;
  private filled = 0;

  /** With a limit, a sheet is refused as soon as it holds more rows: memory stays bounded by it. */
  constructor(private readonly limit?: RowLimit) {}

  /**
   * Stores a cell's text (0-based row and column); an empty text only checks the reference. A text
   * longer than Excel lets a cell hold refuses the file, naming the cell: every reader (CSV, .xls,
   * an .xlsx's inline and shared strings) stores its cells here.
   */
  put(row: number, column: number, text: string): void {
    checkReference(row, column);
    if (text === '') return;
    if (text.length > MAX_CELL_CHARS) throw refuse.cellTooLong(cellName(row, column));
    if (row > this.lastRow || column > this.lastColumn) {
      const rows = Math.max(row, this.lastRow) + 1;
      const columns = Math.max(column, this.lastColumn) + 1;
      if (rows * columns > MAX_SHEET_CELLS) throw refuse.tooManyCells();
      this.lastRow = rows - 1;
      this.lastColumn = columns - 1;
    }
    if (row < this.floor) throw new SheetOrderError();
    let cells = this.rows.get(row);
    if (!cells) {
      if (this.limit && this.created >= this.limit.maxRows + HEADER_ROWS_ALLOWANCE) throw this.limit.tooManyRows();
      cells = [];
      this.rows.set(row, cells);
      this.created++;
      if (row < this.previousRow) this.ordered = false;
      this.previousRow = row;
      if (row > this.maxCreated) this.maxCreated = row;
    }
    for (let i = cells.length; i < column; i++) cells[i] = '';
    cells[column] = text;
  }

  /**
   * Cells inside a merged range show the range's first cell, as Excel shows them (a location
   * merged down a group of rows belongs to each row). Ranges are clipped to the used range.
   */
  merge(fromRow: number, fromColumn: number, toRow: number, toColumn: number): void {
    if (this.floor > 0) throw new SheetOrderError();
    if (fromRow < 0 || fromColumn < 0 || toRow < fromRow || toColumn < fromColumn || toRow >= MAX_ROWS || toColumn >= MAX_COLUMNS) return;
    const value = this.rows.get(fromRow)?.[fromColumn];
    if (!value) return;
    const lastRow = Math.min(toRow, this.lastRow);
    const lastColumn = Math.min(toColumn, this.lastColumn);
    for (let r = fromRow; r <= lastRow; r++) {
      for (let c = fromColumn; c <= lastColumn; c++) {
        if (r === fromRow && c === fromColumn) continue;
        // Overlapping ranges could fill the used range many times over: the fills share one budget.
        if (++this.filled > MAX_SHEET_CELLS) throw refuse.tooManyCells();
        this.put(r, c, value);
      }
    }
  }

  /**
   * Takes the rows above the last one started, in sheet order: a sheet written in order (as every
   * spreadsheet program writes it) adds nothing to them later. One that does, or merges cells,
   * throws SheetOrderError from then on.
   */
  takeFinishedRows(): SheetRow[] {
    const out: SheetRow[] = [];
    for (const [row, cells] of this.rows) {
      if (row >= this.maxCreated) continue;
      out.push({ rowNumber: row + 1, cells });
      this.rows.delete(row);
    }
    if (this.maxCreated > this.floor) this.floor = this.maxCreated;
    return out.sort((a, b) => a.rowNumber - b.rowNumber);
  }

  /** The rows holding at least one value (not yet taken), in sheet order. */
  build(): SheetRow[] {
    const out: SheetRow[] = [];
    for (const [row, cells] of this.rows) out.push({ rowNumber: row + 1, cells });
    if (!this.ordered) out.sort((a, b) => a.rowNumber - b.rowNumber);
    return out;
  }
}

/** Refuses a 0-based cell beyond Excel's last; `name` is the reference as the file wrote it. */
export function checkReference(row: number, column: number, name?: string): void {
  if (!(row >= 0 && row < MAX_ROWS && column >= 0 && column < MAX_COLUMNS)) throw refuse.cellOutOfRange(name ?? cellName(row, column));
}

/** "A1"-style name of a 0-based cell, for messages. */
export function cellName(row: number, column: number): string {
  let letters = '';
  for (let c = Math.min(column, 2 ** 40) + 1; c > 0 && letters.length < 9; c = Math.floor((c - 1) / 26)) letters = String.fromCharCode(65 + ((c - 1) % 26)) + letters;
  return `${letters || 'A'}${Number.isFinite(row) ? row + 1 : '…'}`;
}
