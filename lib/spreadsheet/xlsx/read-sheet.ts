import { decodeExcelEscapes, isoDateText, numberText } from '../cell-text';
import type { NumberFormat } from '../number-format';
import { checkReference, SheetBuilder } from '../sheet-builder';
import { attr, decodeXml, scanXmlSteps } from './xml-scan';

export interface SheetContext {
  sharedStrings: string[];
  formats: (NumberFormat | null)[];
  date1904: boolean;
}

interface Cell {
  row: number;
  column: number;
  type: string;
  style: number;
  value: string | null;
  inline: string | null;
}

/**
 * A worksheet part into the builder, in one pass: each cell's reference is checked as soon as
 * its tag is read, before anything is stored for it.
 */
export function readSheet(bytes: Uint8Array, context: SheetContext, sheet: SheetBuilder): void {
  for (const _ of readSheetSteps(bytes, context, sheet));
}

/** readSheet a chunk (256 KB) of the part at a time (the caller may take the finished rows, or yield, between steps). */
export function* readSheetSteps(bytes: Uint8Array, context: SheetContext, sheet: SheetBuilder): Generator<void, void, void> {
  let row = -1;
  let nextColumn = 0;
  let cell: Cell | null = null;
  let capture: 'v' | 't' | null = null;
  let phonetic = 0;
  let inlineString = false;
  yield* scanXmlSteps(bytes, (close, name, attrs, empty, textBefore) => {
    if (capture && cell) {
      if (close && name === capture && textBefore) {
        const text = decodeXml(textBefore);
        if (capture === 'v') cell.value = (cell.value ?? '') + text;
        else cell.inline = (cell.inline ?? '') + text;
      }
      capture = null;
    }
    switch (name) {
      case 'row':
        if (!close) {
          const r = attr(attrs, 'r');
          row = r === undefined ? row + 1 : rowNumber(r) - 1;
          checkReference(row, 0, r === undefined ? undefined : `A${r}`);
          nextColumn = 0;
        }
        break;
      case 'c':
        if (close) {
          if (cell) sheet.put(cell.row, cell.column, cellText(cell, context));
          cell = null;
        } else {
          const ref = attr(attrs, 'r');
          const at = ref === undefined ? { row, column: nextColumn } : parseReference(ref, row, nextColumn);
          checkReference(at.row, at.column, ref);
          nextColumn = at.column + 1;
          cell = { row: at.row, column: at.column, type: attr(attrs, 't') ?? 'n', style: Number(attr(attrs, 's') ?? 0), value: null, inline: null };
          if (empty) cell = null;
        }
        break;
      case 'is':
        inlineString = !close && !empty;
        if (cell && inlineString) cell.inline ??= '';
        break;
      case 'rPh':
        if (!empty) phonetic += close ? -1 : 1;
        break;
      case 'v':
      case 't':
        if (!close && !empty && cell && (name === 'v' || (inlineString && phonetic === 0))) capture = name;
        break;
      case 'mergeCell': {
        const ref = attr(attrs, 'ref');
        if (ref) {
          const [from, to = from] = ref.split(':');
          const a = parseReference(from, -1, -1);
          const b = parseReference(to, -1, -1);
          sheet.merge(a.row, a.column, b.row, b.column);
        }
        break;
      }
    }
  });
}

function cellText(cell: Cell, context: SheetContext): string {
  const format = cell.style > 0 ? (context.formats[cell.style] ?? null) : null;
  if (cell.type === 'inlineStr' || (cell.value === null && cell.inline !== null)) return decodeExcelEscapes(cell.inline ?? '');
  const v = cell.value;
  if (v === null) return '';
  switch (cell.type) {
    case 's': {
      const index = Number(v);
      return Number.isInteger(index) ? (context.sharedStrings[index] ?? '') : '';
    }
    case 'str':
      return decodeExcelEscapes(v);
    case 'b':
      return Number(v) !== 0 ? 'TRUE' : 'FALSE';
    case 'e':
      return '';
    case 'd':
      return isoDateText(v, format);
    default: {
      const value = Number(v);
      return v.trim() === '' || Number.isNaN(value) ? v.trim() : numberText(value, format, context.date1904);
    }
  }
}

/**
 * A reference like "AB12" as 0-based row and column; a part that is missing takes the given
 * default. More than three letters or seven digits is already beyond Excel's last cell: those
 * read as Infinity, for the caller's bound check.
 */
export function parseReference(ref: string, defaultRow: number, defaultColumn: number): { row: number; column: number } {
  let column = 0;
  let row = 0;
  let letters = 0;
  let digits = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c === 36) continue; // $ of an absolute reference
    if (digits === 0 && ((c >= 65 && c <= 90) || (c >= 97 && c <= 122))) {
      letters++;
      column = letters > 3 ? Infinity : column * 26 + ((c & 0xdf) - 64);
    } else if (c >= 48 && c <= 57) {
      digits++;
      row = digits > 7 ? Infinity : row * 10 + (c - 48);
    } else return { row: Infinity, column: Infinity };
  }
  return { row: digits ? row - 1 : defaultRow, column: letters ? column - 1 : defaultColumn };
}

function rowNumber(text: string): number {
  return /^\d{1,7}$/.test(text.trim()) ? Number(text) : Infinity;
}
