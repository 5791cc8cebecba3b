import type { SheetRow } from './sheet-builder';

export interface SheetTable {
  headers: string[];
  /** The rows under the header that hold a value, cells trimmed. */
  rows: SheetRow[];
}

// How far down the header row is looked for.
export const HEADER_SEARCH_ROWS = 10;
// How many data rows set the header's width.
export const WIDTH_ROWS = 1000;

/**
 * The header and the data rows of a sheet. Title rows above the header are skipped: a leading row
 * that holds a single value (a title such as "客户名单 2026年11月" in A1, or merged across the
 * header's width) is a title when a row within the first ten holds two or more different values;
 * the first such row is the header. A sheet of one column has no title row to skip.
 */
export function toTable(sheetRows: SheetRow[]): SheetTable | null {
  const rows = cleanRows(sheetRows);
  const headerIndex = rows.slice(0, HEADER_SEARCH_ROWS).findIndex((r) => distinctValues(r.cells) >= 2);
  const start = headerIndex < 0 ? 0 : headerIndex;
  const header = rows[start];
  if (!header) return null;
  const data = rows.slice(start + 1);
  let width = header.cells.length;
  for (let i = 0; i < data.length && i < WIDTH_ROWS; i++) width = Math.max(width, data[i].cells.length);
  return { headers: Array.from({ length: width }, (_, i) => header.cells[i] ?? ''), rows: data };
}

/** The rows that hold a value once their cells are trimmed and unguarded (toTable's data rows). */
export function cleanRows(sheetRows: SheetRow[]): SheetRow[] {
  const rows: SheetRow[] = [];
  for (const row of sheetRows) {
    const cells = row.cells.map(cleanCell);
    if (cells.some((c) => c !== '')) rows.push({ rowNumber: row.rowNumber, cells });
  }
  return rows;
}

function distinctValues(cells: string[]): number {
  const seen = new Set<string>();
  for (const c of cells) if (c !== '' && seen.add(c).size >= 2) break;
  return seen.size;
}

function cleanCell(value: string | undefined): string {
  const v = (value ?? '').replace(/^\uFEFF/, '').trim();
  // Our exports (and careful spreadsheets) guard formula-like text with a leading apostrophe.
  return /^'[=+\-@\t]/.test(v) ? v.slice(1) : v;
}
