import type { ServiceContext } from '@/lib/context';
import type { ImportField } from '../schema';
import { listFieldKeys } from '../save-contact';
import { guessColumns } from './columns';
import { matchKnownExport, type KnownExport } from './known-exports';
import { unguardCell } from './cell-guard';
import { hasUndecodable, parseSpreadsheet } from './parse-file';
import type { TextEncoding } from '@/lib/spreadsheet/text-encodings';
import type { SpreadsheetKind } from '@/lib/spreadsheet/file-kind';
import type { ImportPreviewInput } from '../schema';
import { echoBudget, echoText } from '@/lib/spreadsheet/echo';

export interface ImportPreview {
  fileName: string;
  kind: SpreadsheetKind;
  /** The text encoding a CSV was read in (the merchant's choice, else detected); null for Excel files. */
  encoding: TextEncoding | null;
  /** Rows with a character this encoding cannot read: refused at the import, so another encoding may suit the file better. */
  undecodableRows: number;
  headers: string[];
  /** The program whose export the file is (its columns then mapped as that program writes them), or null. */
  source: KnownExport | null;
  /** Guessed field per column, changeable by the user before the import. */
  columns: (ImportField | 'ignore')[];
  preview: string[][];
  totalRows: number;
}

/** Step 2 of the import: the file's headers, a guess of each column's field, and the first rows. */
export async function previewImport(ctx: ServiceContext, file: { name: string; bytes: Uint8Array }, input: ImportPreviewInput = {}): Promise<ImportPreview> {
  const sheet = await parseSpreadsheet(file.name, file.bytes, { encoding: input.encoding });
  // Headers as the commit reads them: without the ' our CSV export put before some (./cell-guard.ts).
  const headers = sheet.headers.map(unguardCell);
  const known = matchKnownExport(headers);
  const columns = known?.columns ?? guessColumns(headers, await listFieldKeys(ctx));
  // Headers and cells are echoed cut to a bound, within one budget (lib/spreadsheet/echo.ts).
  const echo = echoBudget();
  return {
    fileName: echoText(file.name, 255),
    kind: sheet.kind,
    encoding: sheet.encoding,
    source: known?.source ?? null,
    // Only decoded text can hold a character read wrong; its cells are at most the file's 2 MB in all,
    // where an Excel file's shared strings may repeat one long cell across a sheet.
    undecodableRows: sheet.encoding ? sheet.rows.reduce((n, r) => n + (hasUndecodable(r.cells) ? 1 : 0), 0) : 0,
    headers: echo(headers),
    columns,
    preview: sheet.rows.slice(0, 5).map((r) => echo(headers.map((_, i) => unguardCell(r.cells[i] ?? '')))),
    totalRows: sheet.rows.length,
  };
}
