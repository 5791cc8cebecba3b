import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reviews } from '@/db/schema/reviews';
import { timeAgainst } from '@/tests/fixtures/growth';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';
import * as list from '@/app/api/member/route';
import * as preview from '@/app/api/member/import/preview/route';
import * as commit from '@/app/api/member/import/route';
import { POST as importReviewsRoute } from '@/app/api/reviews/import/route';
import enUS from '@/messages/en-US.json';
import zhCN from '@/messages/zh-CN.json';
import { upload } from './contacts-helpers';

/**
 * The corpus of tests/fixtures/spreadsheets (files made by openpyxl, gnumeric, SheetJS, exceljs
 * and by hand; see its README) through the real routes: each gives its rows, dates as
 * YYYY-MM-DD, or its own translated refusal.
 */
const t = setupTestDatabase();
const DIR = path.join(process.cwd(), 'tests/fixtures/spreadsheets');

interface Expectation {
  kind?: string;
  gives?: 'contacts';
  headers?: string[];
  rows?: string[][];
  extraRows?: string[][];
  firstRow?: number;
  status?: number;
  refusal?: string;
}
const corpus = JSON.parse(fs.readFileSync(path.join(DIR, 'corpus.json'), 'utf8')) as { contacts: { headers: string[]; rows: string[][] }; files: Record<string, Expectation> };
const read = (file: string) => fs.readFileSync(path.join(DIR, file));
const message = (messages: unknown, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages) as string;

describe(`spreadsheet corpus through the import routes (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('has a file for every entry of corpus.json and an entry for every file', () => {
    const files = fs.readdirSync(DIR).filter((f) => /\.(xlsx|xls|csv)$/.test(f));
    expect(files.sort()).toEqual(Object.keys(corpus.files).sort());
  });

  it.each(Object.entries(corpus.files))('%s', async (file, expected) => {
    const m = await createMerchant(t.db);
    const res = await upload(preview.POST, '/member/import/preview', m.token, { name: file, bytes: read(file) });
    if (expected.refusal) {
      expect(res.status).toBe(expected.status);
      expect(res.body.code).toBe(expected.status);
      const text = message(enUS, expected.refusal).replace(/\{\w+}/g, '.*');
      expect(res.body.msg).toMatch(new RegExp(`^${text.replace(/[()[\]+?^$|]/g, '\\$&')}$`));
      return;
    }
    expect(res.status).toBe(200);
    const headers = expected.headers ?? corpus.contacts.headers;
    const rows = [...(expected.rows ?? corpus.contacts.rows), ...(expected.extraRows ?? [])];
    expect(res.body.data.kind).toBe(expected.kind);
    expect(res.body.data.headers).toEqual(headers);
    expect(res.body.data.totalRows).toBe(rows.length);
    expect(res.body.data.preview).toEqual(rows.slice(0, 5).map((r) => headers.map((_, i) => r[i] ?? '')));
  });

  it('translates the refusals that say what the file is', async () => {
    const m = await createMerchant(t.db);
    for (const [file, key] of [['html-table.xls', 'htmlPage'], ['password-protected.xlsx', 'passwordProtected'], ['cut-off.xlsx', 'cutOff']] as const) {
      const res = await upload(preview.POST, '/member/import/preview', m.token, { name: file, bytes: read(file) }, {}, 'zh-CN');
      expect(res.body.msg).toBe(message(zhCN, `spreadsheet.errors.${key}`));
    }
  });

  it('stores a date cell in a custom field as YYYY-MM-DD, from .xlsx, .xls and ISO date cells alike', async () => {
    for (const file of ['sheetjs.xls', 'openpyxl-iso-dates.xlsx', 'exceljs.xlsx', 'openpyxl-title-row.xlsx']) {
      const m = await createMerchant(t.db);
      const res = await upload(commit.POST, '/member/import', m.token, { name: file, bytes: read(file) }, { columns: JSON.stringify(['fullName', 'email', 'ignore', 'custom']) });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ created: 3, skipped: 0 });
      const contacts = await callApi<{ records: { email: string; customFields: Record<string, string> }[] }>(list.GET, { path: '/member?pageSize=100', token: m.token });
      const birthdays = Object.fromEntries(contacts.body.data.records.map((r) => [r.email, r.customFields['生日']]));
      expect(birthdays).toEqual({ 'zhang.wei@example.com': '1975-01-01', 'emma@example.com': '1990-05-17', 'chen@example.com': '2001-12-31' });
    }
  });

  it('refuses cells beyond Excel\'s limits as fast as it reads a small honest file, with flat memory', async () => {
    const m = await createMerchant(t.db);
    const honest = read('exceljs.xlsx');
    for (const [file, status] of [['ref-a200000000.xlsx', 400], ['ref-aaaaaa1.xlsx', 400], ['ref-xfd1048576.xlsx', 413]] as const) {
      const bytes = read(file);
      await upload(preview.POST, '/member/import/preview', m.token, { name: file, bytes }); // warm the route
      const heap = process.memoryUsage().heapUsed;
      const res = await upload(preview.POST, '/member/import/preview', m.token, { name: file, bytes });
      expect(res.status).toBe(status);
      expect(process.memoryUsage().heapUsed - heap).toBeLessThan(32 * 1024 * 1024);
      // Against previewing a three-row workbook through the same route, so that a busy machine
      // slows both: about as long; widening the far rows or cells would take seconds.
      const cost = await timeAgainst(
        () => upload(preview.POST, '/member/import/preview', m.token, { name: file, bytes }),
        () => upload(preview.POST, '/member/import/preview', m.token, { name: 'exceljs.xlsx', bytes: honest }),
      );
      expect(cost.ratio, `${file}: ${cost}`).toBeLessThan(4);
    }
  });

  it('imports reviews from .xlsx date cells, an .xls in Excel\'s default date format and a title row, with their sheet row numbers', async () => {
    const m = await createMerchant(t.db);
    const send = async (name: string, bytes: Uint8Array) => {
      const form = new FormData();
      form.set('file', new File([new Uint8Array(bytes)], name));
      const request = new Request('http://localhost/api/reviews/import', { method: 'POST', body: form, headers: { authorization: `Bearer ${m.token}`, 'accept-language': 'en-US' } });
      const response = await importReviewsRoute(request, { params: Promise.resolve({}) });
      return { status: response.status, body: await response.json() };
    };
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('点评');
    sheet.addRow(['点评导出 2026年11月']);
    sheet.addRow(['来源', '评价人', '评分', '内容', '日期']);
    sheet.addRow(['大众点评', '李先生', 5, '好', new Date(Date.UTC(2026, 5, 1))]);
    sheet.addRow(['openrice', 'Mandy', 4, '好味', new Date(Date.UTC(2026, 5, 2, 18, 30))]);
    sheet.addRow(['openrice', 'Bad', 4, 'x', 'someday']);
    sheet.getCell('E4').numFmt = 'yyyy-mm-dd hh:mm';
    const xlsx = await send('reviews.xlsx', new Uint8Array(await wb.xlsx.writeBuffer()));
    expect(xlsx.status).toBe(200);
    expect(xlsx.body.data).toEqual({ inserted: 2, updated: 0, failed: [{ row: 5, messageKey: 'reviews.errors.date', reason: message(enUS, 'reviews.errors.date') }] });
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Site', 'Reviewer', 'Rating', 'Date'], ['tripadvisor', 'Tom', 3, new Date(Date.UTC(1975, 0, 1))]], { cellDates: true }), 'S');
    const xls = await send('reviews.xls', new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'biff8' })));
    expect(xls.body.data).toEqual({ inserted: 1, updated: 0, failed: [] });
    const [tom] = await t.db.select().from(reviews).where(and(eq(reviews.merchantId, m.merchantId), eq(reviews.reviewerName, 'Tom')));
    expect(tom.createTime.toISOString().slice(0, 10)).toBe('1975-01-01');
    const refused = await send('reviews.xlsx', read('ref-a200000000.xlsx'));
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/A200000000/);
  });
});
