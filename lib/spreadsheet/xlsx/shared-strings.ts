import { MAX_SHEET_CELLS } from '../limits';
import { refuse } from '../refusals';
import { decodeExcelEscapes } from '../cell-text';
import { decodeXml, scanXml } from './xml-scan';

/** Each `<si>`: its `<t>` texts joined (rich-text runs), phonetic runs (`<rPh>`) left out. */
export function readSharedStrings(bytes: Uint8Array): string[] {
  const out: string[] = [];
  let current: string | null = null;
  let phonetic = 0;
  let inText = false;
  scanXml(bytes, (close, name, _attrs, empty, textBefore) => {
    if (inText && current !== null) current += decodeXml(textBefore);
    inText = false;
    if (name === 'si') {
      if (close || empty) {
        // More strings than a sheet could hold cells is no spreadsheet.
        if (out.length >= MAX_SHEET_CELLS) throw refuse.tooManyCells();
        out.push(decodeExcelEscapes(current ?? ''));
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
