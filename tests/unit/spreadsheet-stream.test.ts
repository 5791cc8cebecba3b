import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AppError } from '@/lib/errors/app-error';
import { readSpreadsheet, streamSpreadsheet } from '@/lib/spreadsheet/read-spreadsheet';
import { SheetOrderError } from '@/lib/spreadsheet/sheet-builder';
import { CONTACT_ROWS } from '@/lib/contacts/import/parse-file';
import { xlsxOfSheetXml } from '@/tests/fixtures/xlsx-parts';

// The import reads an .xlsx a megabyte of sheet XML at a time while it writes the first rows
// (streamSpreadsheet). Whatever the sheet, the streamed rows must be readSpreadsheet's rows, or
// the same kind of refusal, or SheetOrderError (the import then reads the sheet whole). The
// sheets here are written by hand so that rows cross the megabyte steps, come out of order, put
// cells into other rows and merge cells.

const COLUMNS = 'ABCDEF';
// A number is that many KB of padding: it pushes rows across the reader's megabyte steps without
// thousands of rows (and keeps a counterexample short). A cell holds at most Excel's 32,767
// characters, so the padding is a cell of 30,000 and whitespace after it.
const text = fc.oneof(
  { arbitrary: fc.constantFrom('', ' ', 'Name', 'E-mail', 'a@x.io', '王芳', "'=1+1", 'x'), weight: 8 },
  { arbitrary: fc.integer({ min: 100, max: 700 }), weight: 1 },
);
const textOf = (t: string | number) => (typeof t === 'number' ? 'p'.repeat(30_000) : t);
const paddingOf = (t: string | number) => (typeof t === 'number' ? ' '.repeat(t * 1024) : '');
const cell = fc.record({ column: fc.nat({ max: 5 }), text, otherRow: fc.option(fc.integer({ min: 1, max: 60 }), { freq: 12 }) });
const row = fc.record({ step: fc.oneof({ arbitrary: fc.integer({ min: 1, max: 3 }), weight: 12 }, { arbitrary: fc.integer({ min: -20, max: -1 }), weight: 1 }), cells: fc.array(cell, { minLength: 1, maxLength: 4 }) });
const sheetSpec = fc.record({ rows: fc.array(row, { minLength: 1, maxLength: 40 }), merge: fc.option(fc.tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 3 })), { freq: 6 }) });

type SheetSpec = typeof sheetSpec extends fc.Arbitrary<infer T> ? T : never;

function xlsxOf(spec: SheetSpec): Buffer {
  let at = 0;
  const rows = spec.rows.map((r) => {
    at = Math.max(1, at + r.step);
    const cells = r.cells.map((c) => `<c r="${COLUMNS[c.column]}${c.otherRow ?? at}" t="inlineStr"><is><t>${textOf(c.text).replace(/&/g, '&amp;').replace(/</g, '&lt;')}</t></is></c>${paddingOf(c.text)}`);
    return `<row r="${at}">${cells.join('')}</row>`;
  });
  const merge = spec.merge ? `<mergeCells count="1"><mergeCell ref="A${spec.merge[0]}:B${spec.merge[0] + spec.merge[1]}"/></mergeCells>` : '';
  const sheet = `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join('')}</sheetData>${merge}</worksheet>`;
  return xlsxOfSheetXml(sheet);
}

type Outcome = { rows: { headers: string[]; rows: { rowNumber: number; cells: string[] }[] } } | { refused: string } | { whole: true };

function outcomeOf(read: () => { headers: string[]; rows: { rowNumber: number; cells: string[] }[] }): Outcome {
  try {
    return { rows: read() };
  } catch (error) {
    if (error instanceof SheetOrderError) return { whole: true };
    if (error instanceof AppError) return { refused: error.messageKey };
    throw error;
  }
}

function streamed(bytes: Buffer) {
  const { headers, batches } = streamSpreadsheet('s.xlsx', bytes, CONTACT_ROWS);
  const rows = [];
  for (let next = batches.next(); !next.done; next = batches.next()) rows.push(...next.value);
  return { headers, rows };
}

describe('the .xlsx read a megabyte at a time', () => {
  it('gives the whole read rows, the same refusal, or asks to be read whole', () => {
    const seen = { rows: 0, whole: 0, refused: 0, multiStep: 0 };
    fc.assert(
      fc.property(sheetSpec, (spec) => {
        const bytes = xlsxOf(spec);
        const whole = outcomeOf(() => {
          const { headers, rows } = readSpreadsheet('s.xlsx', bytes, CONTACT_ROWS);
          return { headers, rows };
        });
        const stream = outcomeOf(() => streamed(bytes));
        if ('whole' in whole) throw new Error('the whole read never asks for a whole read');
        if ('whole' in stream) {
          seen.whole++;
          return;
        }
        expect(stream).toEqual(whole);
        if ('rows' in stream) seen.rows++;
        else seen.refused++;
        if (spec.rows.some((r) => r.cells.some((c) => typeof c.text === 'number'))) seen.multiStep++;
      }),
      { numRuns: 150 },
    );
    // The runs reach each way out, and sheets of several steps.
    expect(seen.rows).toBeGreaterThan(30);
    expect(seen.whole).toBeGreaterThan(0);
    expect(seen.multiStep).toBeGreaterThan(5);
  }, 120_000);

  it('reads a sheet written in order, over several steps, without asking for a whole read', () => {
    const rows = [['Name', 'E-mail', 'Note'], ['Ann', 'a@x.io', 'n'.repeat(30_000)], ...Array.from({ length: 3000 }, (_, i) => [`Member ${i} ${'q'.repeat(400)}`, `m${i}@x.io`])];
    // The note is followed by 1.5 MB of whitespace, inside its row.
    const sheet = rows.map((r, i) => `<row r="${i + 1}">${r.map((v, c) => `<c r="${COLUMNS[c]}${i + 1}" t="inlineStr"><is><t>${v}</t></is></c>${i === 1 && c === 2 ? ' '.repeat(1_500_000) : ''}`).join('')}</row>`).join('');
    const bytes = xlsxOfSheetXml(`<worksheet><sheetData>${sheet}</sheetData></worksheet>`);
    const { headers, batches } = streamSpreadsheet('s.xlsx', bytes, CONTACT_ROWS);
    const sizes: number[] = [];
    const all = [];
    for (let next = batches.next(); !next.done; next = batches.next()) {
      sizes.push(next.value.length);
      all.push(...next.value);
    }
    // The second row's cells straddle the first step (1.5 MB after its note): it comes out whole, once.
    const whole = readSpreadsheet('s.xlsx', bytes, CONTACT_ROWS);
    const shape = (r: { rowNumber: number; cells: string[] }[]) => r.map((x) => `${x.rowNumber}:${x.cells.map((c) => c.length).join(',')}`);
    expect(headers).toEqual(whole.headers);
    expect(shape(all)).toEqual(shape(whole.rows));
    expect(all.every((r, i) => r.cells.every((c, j) => c === whole.rows[i].cells[j]))).toBe(true);
    expect(sizes.length).toBeGreaterThan(2);
  });
});
