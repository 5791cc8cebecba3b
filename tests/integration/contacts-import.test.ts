import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import Papa from 'papaparse';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createLocation, createMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';
import * as list from '@/app/api/member/route';
import * as preview from '@/app/api/member/import/preview/route';
import * as commit from '@/app/api/member/import/route';
import * as exporter from '@/app/api/member/export/route';
import * as sample from '@/app/api/member/import/sample/route';
import { csvOf, upload, xlsOf, xlsxOf } from './contacts-helpers';

const t = setupTestDatabase();

const HEADERS_CN = ['姓名', '手机', '邮箱', '性别', '标签', '邮件订阅', '会员等级'];
const ROWS_CN: (string | number)[][] = [
  ['张伟', 13800138000, 'zhang.wei@example.com', '男', 'VIP，常客', '是', '金卡'],
  ['', '', '', '', '', '', ''],
  ['李娜', '+86 139 0013 9000', 'not-an-email', '女', '', '', ''],
  ['王芳', '139 0013 9001', 'wang.fang@example.com', '女', '常客', '否', '银卡'],
  ['王芳', '', 'WANG.FANG@example.com', '', '', '', ''],
  ['陈', '', '', '', '', '', ''],
];

type Summary = { created: number; updated: number; unchanged: number; skipped: number; rejected: { row: number; reason: string }[] };

async function contactsOf(token: string) {
  const res = await callApi<{ total: number; records: Record<string, unknown>[] }>(list.GET, { path: '/member?pageSize=100', token });
  return res.body.data;
}

describe(`contacts import and export (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it.each([
    ['xlsx', 'members.xlsx', () => xlsxOf([HEADERS_CN, ...ROWS_CN])],
    ['xls', 'members.xls', async () => xlsOf([HEADERS_CN, ...ROWS_CN])],
    ['csv', 'members.csv', async () => csvOf(Papa.unparse([HEADERS_CN, ...ROWS_CN]))],
  ])('imports a real .%s with Chinese headers, blank rows, bad e-mails and duplicate rows', async (kind, name, make) => {
    const m = await createMerchant(t.db, { locale: 'zh-CN' });
    const bytes = await make();
    const p = await upload(preview.POST, '/member/import/preview', m.token, { name, bytes }, {}, 'zh-CN');
    expect(p.status).toBe(200);
    expect(p.body.data.kind).toBe(kind);
    expect(p.body.data.headers).toEqual(HEADERS_CN);
    expect(p.body.data.columns).toEqual(['fullName', 'phone', 'email', 'gender', 'tags', 'emailOptIn', 'ignore']);
    expect(p.body.data.totalRows).toBe(5);
    expect(p.body.data.preview[0][0]).toBe('张伟');
    const columns = [...p.body.data.columns.slice(0, 6), 'custom'];
    const res = await upload(commit.POST, '/member/import', m.token, { name, bytes }, { columns: JSON.stringify(columns) }, 'zh-CN');
    expect(res.status).toBe(200);
    const s = res.body.data as Summary;
    expect(s).toMatchObject({ created: 2, updated: 0, skipped: 3 });
    expect(s.rejected.map((r) => [r.row, r.reason])).toEqual([
      [4, '邮箱格式不正确'],
      [6, '与第 5 行重复'],
      [7, '缺少邮箱和手机'],
    ]);
    const { records } = await contactsOf(m.token);
    const zhang = records.find((r) => r.lastName === '张');
    expect(zhang).toMatchObject({ firstName: '伟', phone: '+8613800138000', email: 'zhang.wei@example.com', gender: 'male', tags: ['VIP', '常客'], emailOptIn: true, emailOptInSource: 'import', customFields: { 会员等级: '金卡' } });
    expect(records.find((r) => r.lastName === '王')).toMatchObject({ emailOptIn: false, phone: '+8613900139001' });
  });

  it('merges rows into existing contacts by e-mail or phone, never duplicating, and keeps opt-outs', async () => {
    const m = await createMerchant(t.db);
    await callApi(list.POST, { method: 'POST', path: '/member', token: m.token, body: { firstName: 'Emma', lastName: 'Smith', email: 'emma@x.io', emailOptIn: false, tags: ['VIP'] } });
    await callApi(list.POST, { method: 'POST', path: '/member', token: m.token, body: { firstName: 'Kelvin', lastName: 'Chan', phone: '+85291234567' } });
    const bytes = csvOf(['First Name,Last Name,E-mail,Mobile,Tags,Email Opt-in', 'Emma,Smith-Jones,EMMA@x.io,,Regular,yes', 'Kel,Chan,kelvin@x.io,+852 9123 4567,,', 'New,Person,new@x.io,,,'].join('\r\n'));
    const res = await upload(commit.POST, '/member/import', m.token, { name: 'm.csv', bytes }, { columns: JSON.stringify(['firstName', 'lastName', 'email', 'phone', 'tags', 'emailOptIn']) });
    expect(res.body.data).toMatchObject({ created: 1, updated: 2, skipped: 0 });
    const { total, records } = await contactsOf(m.token);
    expect(total).toBe(3);
    expect(records.find((r) => r.email === 'emma@x.io')).toMatchObject({ lastName: 'Smith-Jones', tags: ['VIP', 'Regular'], emailOptIn: false });
    expect(records.find((r) => r.phone === '+85291234567')).toMatchObject({ firstName: 'Kel', email: 'kelvin@x.io' });
    // The same file again changes nothing.
    const again = await upload(commit.POST, '/member/import', m.token, { name: 'm.csv', bytes }, { columns: JSON.stringify(['firstName', 'lastName', 'email', 'phone', 'tags', 'emailOptIn']) });
    expect(again.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
  });

  it('skips, as a conflict, an e-mail and a phone of two different contacts in one row', async () => {
    const m = await createMerchant(t.db);
    // A US merchant: 4155550100 is read there (elsewhere it could also be a Chinese number).
    await createLocation(t.db, m.merchantId, { country: 'US' });
    await callApi(list.POST, { method: 'POST', path: '/member', token: m.token, body: { firstName: 'A', lastName: 'A', email: 'a@x.io' } });
    await callApi(list.POST, { method: 'POST', path: '/member', token: m.token, body: { firstName: 'B', lastName: 'B', phone: '4155550100' } });
    const res = await upload(commit.POST, '/member/import', m.token, { name: 'x.csv', bytes: csvOf('Email,Phone\na@x.io,4155550100\n') }, { columns: JSON.stringify(['email', 'phone']) });
    expect(res.body.data.skipped).toBe(1);
    expect(res.body.data.conflicts).toBe(1);
    expect(res.body.data.rejected[0].reason).toMatch(/^Skipped: the e-mail belongs to one contact and the phone to another \(A A\)/);
  });

  it('leaves the list as it was when the import fails', async () => {
    const m = await createMerchant(t.db);
    const loc = await createLocation(t.db, m.merchantId, { name: 'Central' });
    const before = await contactsOf(m.token);
    // A location id that is not the merchant's fails after parsing: nothing may be written.
    const other = await createMerchant(t.db);
    const foreign = await createLocation(t.db, other.merchantId);
    const bytes = csvOf('Name,Email\nAnn Lee,ann@x.io\n');
    const res = await upload(commit.POST, '/member/import', m.token, { name: 'x.csv', bytes }, { columns: JSON.stringify(['fullName', 'email']), locationId: String(foreign.id) });
    expect(res.status).toBe(400);
    expect((await contactsOf(m.token)).total).toBe(before.total);
    // Too many characters for the column type? A custom field key longer than allowed is cut, not fatal.
    const ok = await upload(commit.POST, '/member/import', m.token, { name: 'x.csv', bytes }, { columns: JSON.stringify(['fullName', 'email']), locationId: String(loc.id) });
    expect(ok.body.data.created).toBe(1);
  });

  it('refuses a missing file, a wrong type, a renamed file and an oversized file with the spec messages', async () => {
    const m = await createMerchant(t.db);
    const noFile = new Request('http://localhost/api/member/import/preview', { method: 'POST', headers: { authorization: `Bearer ${m.token}`, 'accept-language': 'en-US' }, body: new FormData() });
    const r0 = await preview.POST(noFile, { params: Promise.resolve({}) });
    expect(r0.status).toBe(400);
    expect((await r0.json()).msg).toBe('Choose a file first');
    const pdf = await upload(preview.POST, '/x', m.token, { name: 'list.pdf', bytes: Buffer.from('%PDF-1.4') });
    expect(pdf.status).toBe(415);
    expect(pdf.body.msg).toBe('Only Excel (.xlsx, .xls) or CSV files can be imported');
    const renamed = await upload(preview.POST, '/x', m.token, { name: 'list.xlsx', bytes: Buffer.from('First Name,Email\nA,a@b.co\n') });
    expect(renamed.status).toBe(415);
    const binaryCsv = await upload(preview.POST, '/x', m.token, { name: 'list.csv', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]) });
    expect(binaryCsv.status).toBe(415);
    const big = await upload(preview.POST, '/x', m.token, { name: 'big.csv', bytes: Buffer.alloc(2 * 1024 * 1024 + 1, 0x41) });
    expect(big.status).toBe(413);
    expect(big.body.msg).toBe('The file must be at most 2 MB');
    const zh = await upload(preview.POST, '/x', m.token, { name: 'list.pdf', bytes: Buffer.from('%PDF') }, {}, 'zh-CN');
    expect(zh.body.msg).toBe('仅支持 Excel (.xlsx, .xls) 或 CSV 文件');
  });

  it('refuses a zip bomb (huge declared size, or thousands of entries) before unpacking it', async () => {
    const m = await createMerchant(t.db);
    // A real .xlsx whose central directory declares a 200 MB sheet, as a deflate bomb does.
    const bytes = await xlsxOf([['Email'], ['a@b.co']]);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i < bytes.byteLength - 4; i++) if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, 200 * 1024 * 1024, true);
    const res = await upload(preview.POST, '/x', m.token, { name: 'bomb.xlsx', bytes });
    expect(res.status).toBe(413);
    expect(res.body.msg).toMatch(/too large once unpacked/);
    const zip = new JSZip();
    for (let i = 0; i < 2500; i++) zip.file(`x/${i}.xml`, '<a/>');
    const many = await zip.generateAsync({ type: 'nodebuffer' });
    expect((await upload(preview.POST, '/x', m.token, { name: 'many.xlsx', bytes: many })).status).toBe(413);
  });

  it('exports the filtered list to .xlsx and .csv, escaped, and a re-import changes nothing', async () => {
    const m = await createMerchant(t.db, { locale: 'zh-CN' });
    // In China: the phone below is typed without a country code and read in the location's country.
    const loc = await createLocation(t.db, m.merchantId, { name: '旺角店', country: 'CN' });
    const people = [
      { firstName: '伟', lastName: '张', phone: '13800138000', email: 'zw@x.io', emailOptIn: true, smsOptIn: false, locationId: loc.id, tags: ['VIP', '常客'], type: 'customer', gender: 'male', customFields: { 生日: '05-01' } },
      { firstName: '=HYPERLINK("http://evil")', lastName: 'Smith', email: 'emma@x.io' },
      { firstName: 'Kelvin', lastName: '@Chan', phone: '+85291234567', smsOptIn: true },
    ];
    for (const p of people) expect((await callApi(list.POST, { method: 'POST', path: '/member', token: m.token, body: p })).status).toBe(200);
    const before = (await contactsOf(m.token)).records;

    const csvRes = await exporter.GET(new Request('http://localhost/api/member/export?format=csv', { headers: { authorization: `Bearer ${m.token}`, 'accept-language': 'zh-CN' } }), { params: Promise.resolve({}) });
    expect(csvRes.headers.get('content-type')).toMatch(/text\/csv/);
    const csv = Buffer.from(await csvRes.arrayBuffer());
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = csv.toString('utf8');
    expect(text).toContain('"\'=HYPERLINK(""http://evil"")"');
    expect(text).toContain("'@Chan");
    expect(text).toContain("'+8613800138000");
    expect(text.split('\r\n')[0]).toContain('姓,名,邮箱,手机');

    const xlsxRes = await exporter.GET(new Request(`http://localhost/api/member/export?format=xlsx&locationId=${loc.id}`, { headers: { authorization: `Bearer ${m.token}`, 'accept-language': 'zh-CN' } }), { params: Promise.resolve({}) });
    const xlsx = Buffer.from(await xlsxRes.arrayBuffer());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx as unknown as ArrayBuffer);
    expect(wb.worksheets[0].rowCount).toBe(2); // header + the one contact of 旺角店
    expect(wb.worksheets[0].getRow(2).getCell(1).value).toBe('张');
    // .xlsx text cells are shown as they are (no apostrophe): a text cell never runs as a formula.
    const full = new ExcelJS.Workbook();
    await full.xlsx.load((await fullXlsx(m.token)) as unknown as ArrayBuffer);
    const texts = full.worksheets[0].getSheetValues().flat().filter((v): v is string => typeof v === 'string');
    expect(texts).toContain('+8613800138000');
    expect(texts).toContain('=HYPERLINK("http://evil")');
    expect(texts).toContain('@Chan');

    for (const [name, bytes] of [['back.csv', csv], ['back.xlsx', await fullXlsx(m.token)]] as const) {
      const p = await upload(preview.POST, '/x', m.token, { name, bytes }, {}, 'zh-CN');
      expect(p.body.data.columns).toEqual(['lastName', 'firstName', 'email', 'phone', 'gender', 'location', 'type', 'tags', 'emailOptIn', 'smsOptIn', 'locale', 'ignore', 'ignore', 'custom']);
      const res = await upload(commit.POST, '/x', m.token, { name, bytes }, { columns: JSON.stringify(p.body.data.columns) }, 'zh-CN');
      expect(res.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 3, skipped: 0 });
      expect((await contactsOf(m.token)).records).toEqual(before);
    }
  });

  it('serves the sample spreadsheet in the user language, and it imports', async () => {
    const m = await createMerchant(t.db);
    for (const [locale, header] of [['zh-CN', '姓'], ['en-US', 'Last Name'], ['zh-HK', '姓']] as const) {
      const res = await sample.GET(new Request('http://localhost/api/member/import/sample', { headers: { authorization: `Bearer ${m.token}`, 'accept-language': locale } }), { params: Promise.resolve({}) });
      expect(res.headers.get('content-disposition')).toMatch(/attachment/);
      const bytes = Buffer.from(await res.arrayBuffer());
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(bytes as unknown as ArrayBuffer);
      expect(wb.worksheets[0].getRow(1).getCell(1).value).toBe(header);
      expect(wb.worksheets[0].rowCount).toBe(3);
      const p = await upload(preview.POST, '/x', m.token, { name: 'sample.xlsx', bytes }, {}, locale);
      const done = await upload(commit.POST, '/x', m.token, { name: 'sample.xlsx', bytes }, { columns: JSON.stringify(p.body.data.columns) }, locale);
      expect(done.body.data.skipped).toBe(0);
      expect(done.body.data.created + done.body.data.updated).toBe(2);
    }
  });
});

async function fullXlsx(token: string): Promise<Buffer> {
  const res = await exporter.GET(new Request('http://localhost/api/member/export?format=xlsx', { headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' } }), { params: Promise.resolve({}) });
  return Buffer.from(await res.arrayBuffer());
}
