import { refuse } from '../refusals';
import type { ZipArchive } from '../zip';
import { attr } from './xml-scan';

// Excel's styles part reaches a few MB in workbooks with thousands of formats; 16 MB is far beyond.
const MAX_SMALL_PART_BYTES = 16 * 1024 * 1024;

export interface WorkbookParts {
  /** The first visible worksheet's part, null when the workbook has none. */
  sheet: string | null;
  sharedStrings: string | null;
  styles: string | null;
  /** True when the workbook counts dates from 1904 (old Mac Excel). */
  date1904: boolean;
}

interface Relationship {
  id: string;
  type: string;
  target: string;
}

/**
 * Finds the parts the way the Open Packaging Conventions say: the package's relationships name
 * the workbook (wherever it is stored, not only xl/), the workbook's relationships name its
 * sheets, shared strings and styles. Null when the zip is no spreadsheet.
 */
export function findWorkbookParts(zip: ZipArchive): WorkbookParts | null {
  const root = relationships(zip, '_rels/.rels', '');
  const workbook = root.find((r) => r.type.endsWith('/officeDocument'))?.target ?? (zip.names.some((n) => n.toLowerCase() === 'xl/workbook.xml') ? 'xl/workbook.xml' : null);
  if (!workbook || !/\.xml$/i.test(workbook)) return null;
  const workbookXml = smallPart(zip, workbook);
  if (!workbookXml || !/<(?:\w+:)?workbook\b/.test(workbookXml)) return null;
  const directory = workbook.includes('/') ? workbook.slice(0, workbook.lastIndexOf('/') + 1) : '';
  const rels = relationships(zip, `${directory}_rels/${workbook.slice(directory.length)}.rels`, directory);
  return {
    sheet: firstSheet(workbookXml, new Map(rels.map((r) => [r.id, r]))),
    sharedStrings: rels.find((r) => r.type.endsWith('/sharedStrings'))?.target ?? null,
    styles: rels.find((r) => r.type.endsWith('/styles'))?.target ?? null,
    date1904: /<(?:\w+:)?workbookPr\b[^<>]*\bdate1904\s*=\s*["'](?:1|true)["']/.test(workbookXml),
  };
}

function firstSheet(workbookXml: string, byId: Map<string, Relationship>): string | null {
  let first: string | null = null;
  for (const m of workbookXml.matchAll(/<(?:\w+:)?sheet\b([^<>]*)>/g)) {
    const rel = byId.get(attr(m[1], 'id') ?? '');
    if (!rel || !rel.type.endsWith('/worksheet')) continue;
    const state = attr(m[1], 'state');
    if (state !== 'hidden' && state !== 'veryHidden') return rel.target;
    first ??= rel.target;
  }
  return first;
}

function relationships(zip: ZipArchive, path: string, base: string): Relationship[] {
  const xml = smallPart(zip, path) ?? '';
  const out: Relationship[] = [];
  for (const m of xml.matchAll(/<(?:\w+:)?Relationship\b([^<>]*)>/g)) {
    if (attr(m[1], 'TargetMode') === 'External') continue;
    const target = attr(m[1], 'Target');
    const type = attr(m[1], 'Type');
    if (target && type) out.push({ id: attr(m[1], 'Id') ?? '', type, target: resolvePath(base, target) });
  }
  return out;
}

/**
 * A part read whole as text (workbook, relationships, styles): these stay small in any real file,
 * so one far bigger is refused rather than decoded into memory.
 */
export function smallPart(zip: ZipArchive, path: string): string | null {
  const bytes = zip.read(path);
  if (!bytes) return null;
  if (bytes.byteLength > MAX_SMALL_PART_BYTES) throw refuse.unpackedTooLarge();
  return bytes.toString('utf8');
}

/** A relationship's target against its source's folder ("/x" is from the package root). */
function resolvePath(base: string, target: string): string {
  const out: string[] = [];
  for (const part of (target.startsWith('/') ? target : base + target).split('/')) {
    if (part === '..') out.pop();
    else if (part && part !== '.') out.push(part);
  }
  return out.join('/');
}
