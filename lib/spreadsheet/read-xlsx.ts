import { refuse } from './refusals';
import { SheetBuilder, type RowLimit, type SheetRow } from './sheet-builder';
import { openZip } from './zip';
import { findWorkbookParts, smallPart } from './xlsx/parts';
import { readSharedStrings } from './xlsx/shared-strings';
import { readSheet } from './xlsx/read-sheet';
import { cellFormats } from './xlsx/styles';

/**
 * The first visible sheet of an .xlsx (or .xlsm) as rows of cell text, straight from the zip: the
 * one zip reader, then one streaming pass over each part it needs.
 */
export function readXlsx(bytes: Uint8Array, limit?: RowLimit): SheetRow[] {
  const zip = openZip(bytes);
  const parts = findWorkbookParts(zip);
  if (!parts) {
    // A zip that lies about its sizes is a bomb whatever else it is; any other zip is no workbook.
    throw zip.anyEntryLies() ? refuse.unpackedTooLarge() : refuse.wrongType();
  }
  const sheet = new SheetBuilder(limit);
  const sheetBytes = parts.sheet ? zip.read(parts.sheet) : null;
  if (!sheetBytes) return [];
  const sharedBytes = parts.sharedStrings ? zip.read(parts.sharedStrings) : null;
  readSheet(
    sheetBytes,
    {
      sharedStrings: sharedBytes ? readSharedStrings(sharedBytes) : [],
      formats: parts.styles ? cellFormats(smallPart(zip, parts.styles) ?? '') : [],
      date1904: parts.date1904,
    },
    sheet,
  );
  return sheet.build();
}
