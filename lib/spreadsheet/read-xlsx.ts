import { refuse } from './refusals';
import { SheetBuilder, type RowLimit, type SheetRow } from './sheet-builder';
import { openZip } from './zip';
import { findWorkbookParts, smallPart } from './xlsx/parts';
import { readSharedStrings } from './xlsx/shared-strings';
import { readSheet, readSheetSteps, type SheetContext } from './xlsx/read-sheet';
import { cellFormats } from './xlsx/styles';

/**
 * The first visible sheet of an .xlsx (or .xlsm) as rows of cell text, straight from the zip: the
 * one zip reader, then one streaming pass over each part it needs.
 */
export function readXlsx(bytes: Uint8Array, limit?: RowLimit): SheetRow[] {
  const part = openSheet(bytes);
  if (!part) return [];
  const sheet = new SheetBuilder(limit);
  readSheet(part.bytes, part.context, sheet);
  return sheet.build();
}

/** readXlsx a step (256 KB of the sheet's XML) at a time, for a caller that yields between steps; its rows when done. */
export function* readXlsxInSteps(bytes: Uint8Array, limit?: RowLimit): Generator<void, SheetRow[], void> {
  const part = openSheet(bytes);
  if (!part) return [];
  const sheet = new SheetBuilder(limit);
  yield* readSheetSteps(part.bytes, part.context, sheet);
  return sheet.build();
}

// "mergeCell" in ASCII: merged ranges follow the rows in the part, and they fill rows already read.
const MERGE_CELL = new TextEncoder().encode('mergeCell');

/**
 * readXlsx's rows, a batch per 256 KB of the sheet's XML, for a reader that works on the first
 * rows while the rest is read. Null when the sheet must be read whole: it merges cells (anywhere
 * the text "mergeCell" appears). A sheet whose rows turn out to be out of order throws
 * SheetOrderError from the batch that finds it.
 */
export function streamXlsx(bytes: Uint8Array, limit?: RowLimit): Generator<SheetRow[], void, void> | null {
  const part = openSheet(bytes);
  if (!part) return (function* () {})();
  if (Buffer.from(part.bytes.buffer, part.bytes.byteOffset, part.bytes.byteLength).indexOf(MERGE_CELL) >= 0) return null;
  return (function* () {
    const sheet = new SheetBuilder(limit);
    for (const _ of readSheetSteps(part.bytes, part.context, sheet)) {
      const rows = sheet.takeFinishedRows();
      if (rows.length) yield rows;
    }
    const rest = sheet.build();
    if (rest.length) yield rest;
  })();
}

/** The first visible sheet's part and what its cells refer to; null for a workbook without one. */
function openSheet(bytes: Uint8Array): { bytes: Uint8Array; context: SheetContext } | null {
  const zip = openZip(bytes);
  const parts = findWorkbookParts(zip);
  if (!parts) {
    // A zip that lies about its sizes is a bomb whatever else it is; any other zip is no workbook.
    throw zip.anyEntryLies() ? refuse.unpackedTooLarge() : refuse.wrongType();
  }
  const sheetBytes = parts.sheet ? zip.read(parts.sheet) : null;
  if (!sheetBytes) return null;
  const sharedBytes = parts.sharedStrings ? zip.read(parts.sharedStrings) : null;
  return {
    bytes: sheetBytes,
    context: {
      sharedStrings: sharedBytes ? readSharedStrings(sharedBytes) : [],
      formats: parts.styles ? cellFormats(smallPart(zip, parts.styles) ?? '') : [],
      date1904: parts.date1904,
    },
  };
}
