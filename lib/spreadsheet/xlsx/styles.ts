import { BUILT_IN_FORMATS, readNumberFormat, type NumberFormat } from '../number-format';
import { attr } from './xml-scan';

/** The number format of each cell format (a cell's `s`), by index; null for General. */
export function cellFormats(stylesXml: string): (NumberFormat | null)[] {
  const custom = new Map<number, string>();
  for (const m of stylesXml.matchAll(/<(?:\w+:)?numFmt\b([^<>]*)>/g)) {
    const id = Number(attr(m[1], 'numFmtId'));
    const code = attr(m[1], 'formatCode');
    if (Number.isFinite(id) && code !== undefined) custom.set(id, code);
  }
  // Two searches, not a lazy regex that would rescan the rest of the part for every unclosed <cellXfs>.
  const start = stylesXml.search(/<(?:\w+:)?cellXfs\b/);
  const end = start < 0 ? -1 : stylesXml.search(/<\/(?:\w+:)?cellXfs>/);
  const cellXfs = start >= 0 && end > start ? stylesXml.slice(start, end) : '';
  const out: (NumberFormat | null)[] = [];
  for (const m of cellXfs.matchAll(/<(?:\w+:)?xf\b([^<>]*?)\/?>/g)) {
    const id = Number(attr(m[1], 'numFmtId') ?? 0);
    const code = custom.get(id) ?? BUILT_IN_FORMATS[id];
    out.push(id && code ? readNumberFormat(code) : null);
  }
  return out;
}
