import Papa from 'papaparse';
import { refuse } from './refusals';
import { SheetBuilder, type RowLimit, type SheetRow } from './sheet-builder';

/**
 * CSV and tab-separated text as rows. The separator is Excel's `sep=` first line when there is
 * one, else Papa Parse's guess among comma, tab, semicolon and bar (Excel writes semicolons where
 * the comma is the decimal mark). Every row goes through the same bounds as a sheet's cells.
 */
export function readCsv(text: string, limit?: RowLimit): SheetRow[] {
  let body = text.replace(/^\uFEFF/, '');
  let delimiter: string | undefined;
  const sep = /^sep=(.)\r?\n/i.exec(body);
  if (sep) {
    delimiter = sep[1];
    body = body.slice(sep[0].length);
  }
  const sheet = new SheetBuilder(limit);
  let row = 0;
  let failure: unknown = null;
  Papa.parse<string[]>(body, {
    delimiter,
    delimitersToGuess: [',', '\t', ';', '|'],
    skipEmptyLines: false,
    step: (result, parser) => {
      try {
        // A quote never closed swallows every row after it into one cell: refused, naming the row.
        if (result.errors.some((e) => e.code === 'MissingQuotes')) throw refuse.unclosedQuote(row + 1);
        const cells = result.data;
        for (let c = 0; c < cells.length; c++) sheet.put(row, c, cells[c] ?? '');
        row++;
      } catch (error) {
        failure = error;
        parser.abort();
      }
    },
  });
  if (failure) throw failure;
  if (row === 0) throw refuse.noRows();
  return sheet.build();
}
