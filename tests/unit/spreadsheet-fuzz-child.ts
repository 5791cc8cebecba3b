/**
 * The fuzz run of tests/unit/spreadsheet-fuzz.test.ts, in its own process started with a small
 * heap (--max-old-space-size): valid workbooks and CSVs, mutated by fast-check, must each give
 * rows or an AppError within the time bound. A memory blow-up kills this process, which fails
 * the test. Prints one JSON line of counts; exits 1 with the counterexample on a failure.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import iconv from 'iconv-lite';
import * as XLSX from '@e965/xlsx';
import { AppError } from '@/lib/errors/app-error';
import { readSpreadsheet, streamSpreadsheet } from '@/lib/spreadsheet/read-spreadsheet';
import { SheetOrderError } from '@/lib/spreadsheet/sheet-builder';
import { CONTACT_ROWS } from '@/lib/contacts/import/parse-file';
import { buildZip, type ZipEntry } from '@/tests/fixtures/hostile';

// A hang or a quadratic scan takes minutes; the slowest honest input takes 0.3-0.8 s here. Counted
// in this process's CPU time, which other processes on a loaded machine do not stretch.
const TIME_BOUND_MS = Number(process.env.FUZZ_TIME_BOUND_MS ?? 10_000);
const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
const outcomes: Record<string, number> = {};
let slowest = 0;

function check(name: string, bytes: Uint8Array): boolean {
  if (process.env.FUZZ_TRACE) console.error(`${name} ${bytes.byteLength} ${Buffer.from(bytes.subarray(0, 60)).toString('latin1').replace(/[^\x20-\x7e]/g, '.')}`);
  const started = process.cpuUsage();
  let outcome: string;
  let whole: string | null = null;
  try {
    const sheet = readSpreadsheet(name, bytes, CONTACT_ROWS);
    if (!Array.isArray(sheet.rows) || !Array.isArray(sheet.headers)) throw new Error('no rows');
    outcome = 'rows';
    whole = JSON.stringify([sheet.headers, sheet.rows]);
  } catch (error) {
    if (!(error instanceof AppError) || error.status < 400 || error.status >= 500) {
      console.error(`untyped failure for ${name}: ${(error as Error)?.stack ?? String(error)}`);
      return false;
    }
    outcome = error.messageKey;
  }
  // The import's reader (a batch at a time) gives the same rows, a typed refusal, or asks for a whole read.
  try {
    const { headers, batches } = streamSpreadsheet(name, bytes, CONTACT_ROWS);
    const rows = [];
    for (let next = batches.next(); !next.done; next = batches.next()) rows.push(...next.value);
    if (JSON.stringify([headers, rows]) !== whole) {
      console.error(`untyped failure for ${name}: the streamed rows differ from the whole read (${outcome})`);
      return false;
    }
  } catch (error) {
    if (!(error instanceof SheetOrderError) && (!(error instanceof AppError) || error.status < 400 || error.status >= 500)) {
      console.error(`untyped failure for ${name} (streamed): ${(error as Error)?.stack ?? String(error)}`);
      return false;
    }
  }
  const spent = process.cpuUsage(started);
  const ms = (spent.user + spent.system) / 1000;
  slowest = Math.max(slowest, ms);
  outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  if (ms > TIME_BOUND_MS) {
    console.error(`${name} took ${Math.round(ms)} ms of CPU (${outcome})`);
    return false;
  }
  return true;
}

// ---- the valid inputs ----------------------------------------------------------------------

type Parts = { name: string; text: string }[];

async function workbooks(): Promise<Parts[]> {
  const out: Buffer[] = [];
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('会员');
  sheet.addRow(['姓名', '邮箱', '手机', '生日', '积分']);
  sheet.addRow(['张伟', 'a@b.co', '013800138000', new Date(Date.UTC(1975, 0, 1)), 12.5]);
  sheet.addRow(['Emma', 'e@x.io', 13800138000, new Date(Date.UTC(2026, 10, 3, 14, 30)), { formula: 'A2&"x"', result: 'x_x000D_' }]);
  sheet.getCell('D2').numFmt = 'yyyy-mm-dd';
  sheet.getCell('D3').numFmt = 'yyyy-mm-dd hh:mm';
  sheet.mergeCells('A4:B5');
  sheet.getCell('A4').value = 'merged';
  out.push(Buffer.from(await wb.xlsx.writeBuffer()));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Email', 'Joined'], ['a@b.co', new Date(Date.UTC(1990, 4, 17))], ['c@d.co', 5]], { cellDates: true }), 'S');
  out.push(Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' })));
  out.push(Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx', cellDates: true, bookSST: true })));
  const corpus = path.join(process.cwd(), 'tests/fixtures/spreadsheets');
  for (const file of ['openpyxl-title-row.xlsx', 'gnumeric.xlsx', 'outside-xl.xlsx', 'openpyxl-1904.xlsx']) out.push(fs.readFileSync(path.join(corpus, file)));
  return Promise.all(
    out.map(async (bytes) => {
      const zip = await JSZip.loadAsync(bytes);
      return Promise.all(Object.values(zip.files).filter((f) => !f.dir).map(async (f) => ({ name: f.name, text: await f.async('string') })));
    }),
  );
}

function legacyWorkbooks(): Buffer[] {
  const corpus = path.join(process.cwd(), 'tests/fixtures/spreadsheets');
  return ['sheetjs.xls', 'gnumeric.xls', 'password-protected.xls'].map((f) => fs.readFileSync(path.join(corpus, f)));
}

// ---- mutations -----------------------------------------------------------------------------

const reference = fc.oneof(
  fc.constantFrom('A200000000', 'AAAAAA1', 'XFD1048576', 'XFE1', 'A1048577', 'A0', 'ZZZ999999', 'B$2', '', 'A', '1', 'a1', '-1', 'A1:B2', 'ＡＢ１'),
  fc.tuple(fc.stringMatching(/^[A-Z]{1,7}$/), fc.bigInt({ min: 0n, max: 10n ** 12n })).map(([l, n]) => `${l}${n}`),
);
const numberFormat = fc.oneof(fc.constantFrom('yyyy-mm-dd', 'm/d/yy h:mm', '[h]:mm:ss', '0.00E+00', 'General', '00000', '"d"0', '[Red]0.00', 'mmss.0', '@', 'yyyy"年"m"月"d"日"', ';;;'), fc.string({ maxLength: 20 }));
const xmlJunk = fc.oneof(fc.constantFrom('<', '>', '</c>', '<c r="XFD1048576"><v>1</v></c>', '<row r="99999999">', '<v>', '&#x110000;', '&#0;', ']]>', '<mergeCell ref="A1:XFD1048576"/>', '<si><t>x</t></si>'.repeat(50), '<a'.repeat(200_000), '<c r="A1"'.repeat(50_000)), fc.string({ maxLength: 40 }));

type SheetMutation = (text: string, rnd: number) => string;
const sheetMutation: fc.Arbitrary<SheetMutation> = fc.oneof(
  reference.map((ref) => (text: string, rnd: number) => replaceNth(text, /\br="[A-Z]+\d+"/g, rnd, `r="${ref}"`)),
  fc.bigInt({ min: 0n, max: 10n ** 10n }).map((n) => (text: string, rnd: number) => replaceNth(text, /<row r="\d+"/g, rnd, `<row r="${n}"`)),
  fc.tuple(reference, reference).map(([a, b]) => (text: string) => text.replace('</sheetData>', `</sheetData><mergeCells count="1"><mergeCell ref="${a}:${b}"/></mergeCells>`)),
  fc.double({ noNaN: false }).map((v) => (text: string, rnd: number) => replaceNth(text, /<v>[^<]*<\/v>/g, rnd, `<v>${v}</v>`)),
  xmlJunk.map((junk) => (text: string, rnd: number) => text.slice(0, Math.floor(rnd * text.length)) + junk + text.slice(Math.floor(rnd * text.length))),
  fc.nat().map((n) => (text: string, rnd: number) => text.slice(0, Math.floor(rnd * text.length)) + text.slice(Math.floor(rnd * text.length) + (n % 200))),
  fc.nat({ max: 4000 }).map((n) => (text: string) => text.replace('</sheetData>', `${Array.from({ length: n }, (_, i) => `<row r="${i * 250 + 10}"><c r="T${i * 250 + 10}"><v>${i}</v></c></row>`).join('')}</sheetData>`)),
);

type PartsMutation = (parts: Parts, rnd: number) => { entries: ZipEntry[]; overlap?: number };
const entries = (parts: Parts): ZipEntry[] => parts.map((p) => ({ name: p.name, data: Buffer.from(p.text, 'utf8') }));
const partsMutation: fc.Arbitrary<PartsMutation> = fc.oneof(
  fc.array(sheetMutation, { minLength: 1, maxLength: 3 }).map((ms) => (parts: Parts, rnd: number) => ({
    entries: entries(parts.map((p) => (/worksheets\/sheet1\.xml$/.test(p.name) ? { ...p, text: ms.reduce((t, m) => m(t, rnd), p.text) } : p))),
  })),
  fc.tuple(fc.constantFrom('styles', 'sharedStrings', 'workbook', '.rels', 'Content_Types'), sheetMutation).map(([part, m]) => (parts: Parts, rnd: number) => ({
    entries: entries(parts.map((p) => (p.name.includes(part) ? { ...p, text: m(p.text, rnd) } : p))),
  })),
  numberFormat.map((code) => (parts: Parts) => ({
    entries: entries(parts.map((p) => (/styles\.xml$/.test(p.name) ? { ...p, text: p.text.replace(/formatCode="[^"]*"/g, `formatCode="${code.replace(/[<&"]/g, '')}"`) } : p))),
  })),
  fc.constantFrom('drop', 'rename', 'duplicate').map((op) => (parts: Parts, rnd: number) => {
    const i = Math.floor(rnd * parts.length);
    const list = entries(parts);
    if (op === 'drop') list.splice(i, 1);
    else if (op === 'rename') list[i] = { ...list[i], name: `x/${list[i].name}` };
    else list.push({ ...list[i] });
    return { entries: list };
  }),
  fc.nat({ max: 2600 }).map((n) => (parts: Parts) => ({ entries: [...entries(parts), ...Array.from({ length: n }, (_, i) => ({ name: `xl/extra${i}.xml`, data: Buffer.from('<a/>') }))] })),
  fc.integer({ min: 0, max: 200 * 1024 * 1024 }).map((declared) => (parts: Parts, rnd: number) => {
    const list = entries(parts);
    const i = Math.floor(rnd * list.length);
    list[i] = { ...list[i], declaredSize: declared };
    return { entries: list };
  }),
  fc.integer({ min: 1, max: 12 }).map((mb) => (parts: Parts) => ({
    // A sheet padded with megabytes of whitespace: honest sizes, within the limits.
    entries: entries(parts.map((p) => (/worksheets\/sheet1\.xml$/.test(p.name) ? { ...p, text: p.text.replace('<sheetData>', `<sheetData>${' '.repeat(mb * 1024 * 1024)}`) } : p))),
  })),
  fc.integer({ min: 2, max: 20 }).map((overlap) => (parts: Parts) => ({ entries: entries(parts).filter((e) => /sheet1\.xml$/.test(e.name)), overlap })),
);

const fraction = fc.integer({ min: 1, max: 999 }).map((n) => n / 1000);
const byteDamage = fc.oneof(
  { arbitrary: fc.constant((bytes: Buffer) => bytes), weight: 4 },
  { arbitrary: fraction.map((at) => (bytes: Buffer) => bytes.subarray(0, Math.floor(at * bytes.byteLength))), weight: 1 },
  {
    arbitrary: fc.array(fc.tuple(fraction, fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 16 }).map((flips) => (bytes: Buffer) => {
      const copy = Buffer.from(bytes);
      for (const [at, value] of flips) copy[Math.floor(at * copy.byteLength)] = value;
      return copy;
    }),
    weight: 1,
  },
  // Past the upload limit.
  { arbitrary: fc.constant((bytes: Buffer) => Buffer.concat([bytes, Buffer.alloc(2 * 1024 * 1024)])), weight: 1 },
);

const csvCell = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 8 }), fc.constantFrom('张伟', '"a,b"', '"unterminated', '013800138000', '1975-01-01', '\u0000', 'sep=;', '\uFEFF'));
const csvText = fc.oneof(
  fc.tuple(fc.array(fc.array(csvCell, { maxLength: 8 }), { maxLength: 30 }), fc.constantFrom(',', ';', '\t', '|'), fc.constantFrom('\n', '\r\n', '\r')).map(([rows, sep, eol]) => rows.map((r) => r.join(sep)).join(eol)),
  fc.integer({ min: 1, max: 1_900_000 }).map((n) => `a${','.repeat(n)}`),
  fc.integer({ min: 1, max: 1_100_000 }).map((n) => `Email\n${'x\n'.repeat(Math.min(n, 1_000_000))}`),
  // Raw bytes (fc.string's 'binary' unit builds a table too big for this process's small heap).
  fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString('latin1')),
);
const encode = fc.constantFrom('utf8', 'utf8-bom', 'gb18030', 'utf16le-bom', 'utf16le', 'utf16be-bom', 'big5');

function encodeText(text: string, encoding: string): Buffer {
  switch (encoding) {
    case 'utf8-bom':
      return Buffer.from(`\uFEFF${text}`, 'utf8');
    case 'utf16le-bom':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf16le')]);
    case 'utf16be-bom':
      return Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(text, 'utf16-be')]);
    case 'utf8':
      return Buffer.from(text, 'utf8');
    default:
      return iconv.encode(text, encoding);
  }
}

function replaceNth(text: string, pattern: RegExp, rnd: number, replacement: string): string {
  const matches = [...text.matchAll(pattern)];
  if (!matches.length) return text;
  const m = matches[Math.floor(rnd * matches.length)];
  return text.slice(0, m.index) + replacement + text.slice((m.index ?? 0) + m[0].length);
}

// ---- the run -------------------------------------------------------------------------------

async function main() {
  const books = await workbooks();
  const legacy = legacyWorkbooks();
  const rnd = fc.integer({ min: 0, max: 999 }).map((n) => n / 1000);
  fc.assert(
    fc.property(fc.nat({ max: books.length - 1 }), partsMutation, byteDamage, rnd, fc.constantFrom('a.xlsx', 'a.xls'), (i, mutate, damage, r, name) => {
      const { entries: list, overlap } = mutate(books[i], r);
      return check(name, damage(buildZip(list, overlap)));
    }),
    { numRuns: RUNS },
  );
  fc.assert(
    fc.property(fc.nat({ max: legacy.length - 1 }), byteDamage, (i, damage) => check('a.xls', damage(legacy[i]))),
    { numRuns: Math.ceil(RUNS / 3) },
  );
  fc.assert(
    fc.property(csvText, encode, byteDamage, (text, encoding, damage) => check('a.csv', damage(encodeText(text, encoding)))),
    { numRuns: RUNS },
  );
  console.log(JSON.stringify({ outcomes, slowestMs: Math.round(slowest), heapMb: Math.round(process.memoryUsage().heapUsed / 1048576) }));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
