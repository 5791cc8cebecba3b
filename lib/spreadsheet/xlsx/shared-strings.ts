import { MAX_CELL_CHARS, MAX_SHEET_CELLS } from '../limits';
import { refuse } from '../refusals';
import { decodeExcelEscapes } from '../cell-text';
import { decodeXml, scanXml } from './xml-scan';

// An `_xHHHH_` escape is 7 characters for one: XML-decoded text past this many characters is over the limit however its escapes decode.
const RAW_CHARS_KEPT = 7 * (MAX_CELL_CHARS + 1);

/**
 * Each `<si>`: its `<t>` texts joined (rich-text runs), phonetic runs (`<rPh>`) left out. A string
 * longer than a cell may hold is kept only to one character past the limit: the sheet builder
 * refuses the first cell that uses it, naming that cell, and a string of megabytes is never held
 * (or handed to every cell that refers to it) whole.
 */
export function readSharedStrings(bytes: Uint8Array): string[] {
  const out: string[] = [];
  let current: string | null = null;
  let phonetic = 0;
  let inText = false;
  scanXml(bytes, (close, name, _attrs, empty, textBefore) => {
    if (inText && current !== null && current.length <= RAW_CHARS_KEPT) current += decodeXml(textBefore);
    inText = false;
    if (name === 'si') {
      if (close || empty) {
        // More strings than a sheet could hold cells is no spreadsheet.
        if (out.length >= MAX_SHEET_CELLS) throw refuse.tooManyCells();
        const text = decodeExcelEscapes((current ?? '').slice(0, RAW_CHARS_KEPT + 1));
        out.push(text.length > MAX_CELL_CHARS ? text.slice(0, MAX_CELL_CHARS + 1) : text);
        current = null;
      } else current = '';
    } else if (name === 'rPh') {
      if (!empty) phonetic += close ? -1 : 1;
    } else if (name === 't' && !close && !empty && current !== null && phonetic === 0) {
      inText = true;
    }
  });
  return out;
}
