import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';
import * as list from '@/app/api/member/route';
import * as preview from '@/app/api/member/import/preview/route';
import * as commit from '@/app/api/member/import/route';
import { upload } from './contacts-helpers';

/**
 * tests/fixtures/import-corpus: the same people written by SheetJS, exceljs, iconv-lite, xlwt,
 * openpyxl, XlsxWriter, gnumeric and LibreOffice (each file's recipe in its README), as BIFF2,
 * BIFF5 and BIFF8 .xls, .xlsx and CSV in eight text encodings. Each previews with its text as
 * written, says the encoding it was read in, and imports with that text.
 */
const t = setupTestDatabase();
const DIR = path.join(process.cwd(), 'tests/fixtures/import-corpus');

interface Entry {
  kind: 'xls' | 'xlsx' | 'csv';
  set: string;
  encoding?: string;
  englishHeaders?: boolean;
  /** What detection reads when the file is too short to tell (the merchant picks the encoding in the preview). */
  detected?: string;
}
const corpus = JSON.parse(fs.readFileSync(path.join(DIR, 'corpus.json'), 'utf8')) as Record<string, Entry>;
const people = JSON.parse(fs.readFileSync(path.join(DIR, 'people.json'), 'utf8')) as Record<string, { headers: string[]; rows: string[][] }>;
const read = (file: string) => fs.readFileSync(path.join(DIR, file));
const expected = (entry: Entry) => ({ headers: entry.englishHeaders ? ['Name', 'Email', 'Phone'] : people[entry.set].headers, rows: people[entry.set].rows });

describe(`files from eight producers through the import (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('has an entry for every file, from at least six producers in each of BIFF8, BIFF5, .xlsx and CSV, every encoding covered', () => {
    const files = fs.readdirSync(DIR).filter((f) => /\.(xlsx|xls|csv)$/.test(f));
    expect(files.sort()).toEqual(Object.keys(corpus).sort());
    const producers = new Set(files.map((f) => f.split(/[-.]/)[0]));
    expect(producers.size).toBeGreaterThanOrEqual(6);
    expect(new Set(Object.values(corpus).map((e) => e.encoding).filter(Boolean))).toEqual(new Set(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'gb18030', 'big5hkscs', 'shift_jis', 'euc-kr']));
    for (const format of ['biff8.xls', 'biff5.xls', '.xlsx']) expect(files.some((f) => f.endsWith(format)), format).toBe(true);
  });

  it.each(Object.entries(corpus))('%s previews with its text and encoding', async (file, entry) => {
    const m = await createMerchant(t.db);
    const res = await upload(preview.POST, '/member/import/preview', m.token, { name: file, bytes: read(file) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.kind).toBe(entry.kind);
    expect(res.body.data.encoding).toBe(entry.detected ?? entry.encoding ?? null);
    if (entry.detected) {
      // Too short to tell: the preview says what it read, and the merchant's choice reads it right.
      const chosen = await upload(preview.POST, '/member/import/preview', m.token, { name: file, bytes: read(file) }, { encoding: entry.encoding as string });
      expect(chosen.body.data.encoding).toBe(entry.encoding);
      expect(chosen.body.data.preview).toEqual(expected(entry).rows);
      return;
    }
    const { headers, rows } = expected(entry);
    expect(res.body.data.headers).toEqual(headers);
    expect(res.body.data.preview).toEqual(rows);
    expect(res.body.data.undecodableRows).toBe(0);
    expect(res.body.data.columns).toEqual(['fullName', 'email', 'phone']);
  });

  it.each(['xlwt-biff8.xls', 'sheetjs-biff8.xls', 'gnumeric-biff5.xls', 'iconv-windows-1252.csv', 'libreoffice-shift_jis.csv', 'gnumeric-euc-kr.csv'])('%s imports its names as written', async (file) => {
    const m = await createMerchant(t.db);
    const entry = corpus[file];
    const res = await upload(commit.POST, '/member/import', m.token, { name: file, bytes: read(file) }, { columns: JSON.stringify(['fullName', 'email', 'ignore']) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ created: expected(entry).rows.length, skipped: 0 });
    const contacts = await callApi<{ records: { firstName: string; lastName: string; email: string }[] }>(list.GET, { path: '/member?pageSize=100', token: m.token });
    const names = contacts.body.data.records.map((r) => [r.email, `${r.lastName}${r.firstName}`]);
    for (const [name, email] of expected(entry).rows) {
      const stored = names.find(([e]) => e === email)?.[1] ?? '';
      expect(stored.replace(/\s/g, '').split('').sort().join('')).toBe(name.replace(/\s/g, '').split('').sort().join(''));
      expect(stored).not.toContain('\uFFFD');
    }
  });
});

describe('a CSV read in an encoding that does not fit', () => {
  it('refuses the rows holding an unreadable character instead of storing "\uFFFD", and the preview counts them', async () => {
    const m = await createMerchant(t.db);
    const file = { name: 'outlook.csv', bytes: read('iconv-windows-1252.csv') };
    // UTF-8 cannot read Windows-1252's é and ü: every row with an accent holds U+FFFD.
    const shown = await upload(preview.POST, '/member/import/preview', m.token, file, { encoding: 'utf-8' });
    expect(shown.body.data).toMatchObject({ encoding: 'utf-8', undecodableRows: 3 });
    const res = await upload(commit.POST, '/member/import', m.token, file, { columns: JSON.stringify(['fullName', 'email', 'ignore']), encoding: 'utf-8' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ created: 0, skipped: 3 });
    expect(res.body.data.rejected[0].reason).toContain('utf-8');
  });

  it('refuses an encoding it does not know beside the field', async () => {
    const m = await createMerchant(t.db);
    const res = await upload(preview.POST, '/member/import/preview', m.token, { name: 'a.csv', bytes: read('iconv-utf8.csv') }, { encoding: 'ebcdic' });
    expect(res.status).toBe(400);
  });
});
