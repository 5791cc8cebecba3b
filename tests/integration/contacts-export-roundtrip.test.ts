import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { contacts } from '@/db/schema/contacts';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createLocation, createMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';
import * as list from '@/app/api/member/route';
import * as preview from '@/app/api/member/import/preview/route';
import * as commit from '@/app/api/member/import/route';
import * as exporter from '@/app/api/member/export/route';
import * as batchDelete from '@/app/api/member/batch-delete/route';
import { csvOf, upload } from './contacts-helpers';

const t = setupTestDatabase();

type Contact = Record<string, unknown> & { id: number };

// Custom keys that look like built-in columns or headers of the export in some language, and
// values a spreadsheet or Excel's own escapes would change.
const AWKWARD_FIELDS: Record<string, string> = {
  会员: '金卡',
  Name: 'Bobby',
  tel: '+852 2877 0000',
  ID: 'A-1',
  Store: 'Old',
  'E-mail': 'x@y.example',
  Mobile: '+86 137 0000 1111',
  code: '1E5',
  Email: 'custom email',
  姓: 'custom family name',
  'Last Name': 'custom last name',
  Created: 'custom created',
  语言: 'custom language',
  '007': 'key of digits',
  "'key": 'key with an apostrophe',
  zip: '02134',
  memberNo: '000123456789012345678',
  long: '1234567890123456',
  decimal: '2.5e-3',
  note: "'=x",
  apostrophe: "'t Hooft",
  quoted: "'quoted",
  doubled: "''twice",
  minus: '-2',
  formula: '=HYPERLINK("http://evil.example","x")',
  escape: '_x000D_',
  escapes: 'a_x000D_x000D_b _x005F_',
};
// Saved before tags were refused a separator: the export must bring them back as they are.
const LEGACY_TAGS = ['VIP', 'A,B', '猫;狗', '甲、乙', 'x|y', '全，角', '"q"', '-1'];

const fields = (c: Contact) => ({
  firstName: c.firstName,
  lastName: c.lastName,
  email: c.email,
  phone: c.phone,
  gender: c.gender,
  type: c.type,
  locationId: c.locationId,
  emailOptIn: c.emailOptIn,
  smsOptIn: c.smsOptIn,
  locale: c.locale,
  tags: c.tags,
  customFields: c.customFields,
});

async function contactsOf(token: string): Promise<Contact[]> {
  const res = await callApi<{ records: Contact[] }>(list.GET, { path: '/member?pageSize=100', token });
  return res.body.data.records.sort((a, b) => String(a.email).localeCompare(String(b.email)));
}

async function exportFile(token: string, format: 'csv' | 'xlsx', locale: string): Promise<Buffer> {
  const res = await exporter.GET(new Request(`http://localhost/api/member/export?format=${format}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': locale } }), { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** Preview (the guessed columns, unchanged) and commit, as a user who only clicks through. */
async function importFile(token: string, name: string, bytes: Buffer, locale: string) {
  const p = await upload(preview.POST, '/member/import/preview', token, { name, bytes }, {}, locale);
  expect(p.status).toBe(200);
  const res = await upload(commit.POST, '/member/import', token, { name, bytes }, { columns: JSON.stringify(p.body.data.columns) }, locale);
  expect(res.status).toBe(200);
  return { columns: p.body.data.columns as string[], headers: p.body.data.headers as string[], summary: res.body.data };
}

async function deleteAll(token: string) {
  const ids = (await contactsOf(token)).map((c) => c.id);
  expect((await callApi(batchDelete.POST, { method: 'POST', path: '/member/batch-delete', token, body: { ids } })).status).toBe(200);
}

/** A contact with every field set to awkward values, and a plain one. */
async function seedContacts(token: string, merchantId: number, locationId: number) {
  const full = await callApi<{ id: number }>(list.POST, {
    method: 'POST',
    path: '/member',
    token,
    body: { firstName: "'=x", lastName: "'t Hooft", email: 'full@example.com', phone: '+8613800138000', gender: 'female', type: 'customer', locationId, emailOptIn: true, smsOptIn: false, locale: 'zh-HK', tags: ['VIP'], customFields: AWKWARD_FIELDS },
  });
  expect(full.status).toBe(200);
  await t.db.update(contacts).set({ tags: LEGACY_TAGS }).where(eq(contacts.id, full.body.data.id));
  const plain = await callApi(list.POST, { method: 'POST', path: '/member', token, body: { firstName: 'Plain', lastName: 'Person', email: 'plain@example.com' } });
  expect(plain.status).toBe(200);
  expect(merchantId).toBeGreaterThan(0);
}

describe(`contacts export -> import is an identity (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  for (const locale of ['zh-CN', 'en-US', 'zh-HK'] as const) {
    for (const format of ['csv', 'xlsx'] as const) {
      it(`${format} in ${locale}: re-imported over the contacts changes nothing, and after a delete brings every field back`, async () => {
        const m = await createMerchant(t.db, { locale });
        const loc = await createLocation(t.db, m.merchantId, { name: '旺角店', country: 'HK' });
        await seedContacts(m.token, m.merchantId, loc.id);
        const before = (await contactsOf(m.token)).map(fields);
        expect(before[0].tags).toEqual(LEGACY_TAGS);
        const file = await exportFile(m.token, format, locale);

        const over = await importFile(m.token, `back.${format}`, file, locale);
        expect(over.summary).toMatchObject({ created: 0, updated: 0, unchanged: 2, skipped: 0, withNotes: 0, rejected: [] });
        // Every custom column comes back as a custom field, under its own key.
        expect(over.columns.filter((c) => c === 'custom')).toHaveLength(Object.keys(AWKWARD_FIELDS).length);
        expect(over.headers).toEqual(expect.arrayContaining(Object.keys(AWKWARD_FIELDS)));

        await deleteAll(m.token);
        const back = await importFile(m.token, `back.${format}`, file, locale);
        expect(back.summary).toMatchObject({ created: 2, updated: 0, skipped: 0, withNotes: 0, rejected: [] });
        expect((await contactsOf(m.token)).map(fields)).toEqual(before);
      });
    }
  }

  it('csv: the guarded cells survive a spreadsheet program opening and saving the file (Gnumeric)', async (ctx) => {
    // .ci/run installs Gnumeric: on CI a missing ssconvert fails the test instead of skipping it.
    if (!hasSsconvert()) {
      if (process.env.CI) throw new Error('ssconvert (Debian package gnumeric) is missing');
      return ctx.skip();
    }
    const m = await createMerchant(t.db, { locale: 'en-US' });
    const body = { firstName: 'Anne', lastName: "'t Hooft", email: 'anne@example.com', phone: '+8613800138555', customFields: { zip: '02134', memberNo: '000123456789012345678', code: '1E5', note: "'quoted", long: '1234567890123456' } };
    expect((await callApi(list.POST, { method: 'POST', path: '/member', token: m.token, body })).status).toBe(200);
    const before = (await contactsOf(m.token)).map(fields);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contacts-export-'));
    fs.writeFileSync(path.join(dir, 'export.csv'), await exportFile(m.token, 'csv', 'en-US'));
    execFileSync('ssconvert', [path.join(dir, 'export.csv'), path.join(dir, 'saved.csv')], { stdio: 'ignore' });
    const saved = fs.readFileSync(path.join(dir, 'saved.csv'));
    fs.rmSync(dir, { recursive: true });
    const again = await importFile(m.token, 'saved.csv', saved, 'en-US');
    expect(again.summary).toMatchObject({ unchanged: 1, skipped: 0, withNotes: 0 });
    expect((await contactsOf(m.token)).map(fields)).toEqual(before);
  });

  it('csv: guards leading zeros, long digits, exponents and apostrophes; xlsx guards no formula, escapes Excel escapes', async () => {
    const m = await createMerchant(t.db, { locale: 'en-US' });
    const loc = await createLocation(t.db, m.merchantId, { name: 'Main' });
    await seedContacts(m.token, m.merchantId, loc.id);
    const csv = (await exportFile(m.token, 'csv', 'en-US')).toString('utf8');
    for (const cell of ["'02134", "'000123456789012345678", "'1E5", "'2.5e-3", "''=x", "''t Hooft", "'''twice", "'-2", "'+8613800138000", "'007"]) expect(csv).toContain(cell);
    expect(csv).toContain('"VIP, ""A,B"", ""猫;狗"", ""甲、乙"", ""x|y"", ""全，角"", """"""q"""""", -1"');

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await exportFile(m.token, 'xlsx', 'en-US')) as unknown as ArrayBuffer);
    const texts = wb.worksheets[0].getSheetValues().flat().filter((v): v is string => typeof v === 'string');
    // Text cells: shown as they are, no apostrophe before - or =; a value starting with ' keeps its own.
    expect(texts).toEqual(expect.arrayContaining(['-2', '=HYPERLINK("http://evil.example","x")', '02134', '+8613800138000', "''=x", "'t Hooft", "'quoted", "'''twice"]));
    expect(texts).not.toContain("'-2");
    // ExcelJS writes the text as it is: _x005F_ keeps the underscore of a literal _x000D_.
    expect(texts).toContain('_x005F_x000D_');
  });
});

describe('contacts import: what it leaves as it is, it says', () => {
  it('a location name several locations share leaves the location as it is, with a note; an exact-case name wins', async () => {
    const m = await createMerchant(t.db, { locale: 'en-US' });
    const a = await createLocation(t.db, m.merchantId, { name: 'Twin', country: 'CN' });
    const b = await createLocation(t.db, m.merchantId, { name: 'Twin', country: 'US' });
    const c = await createLocation(t.db, m.merchantId, { name: 'TWIN', country: 'HK' });
    const solo = await createLocation(t.db, m.merchantId, { name: 'Solo' });
    for (const [i, loc] of [a, b, c].entries()) {
      const res = await callApi(list.POST, { method: 'POST', path: '/member', token: m.token, body: { firstName: 'Twin', lastName: String(i), email: `twin${i}@example.com`, locationId: loc.id } });
      expect(res.status).toBe(200);
    }
    const before = (await contactsOf(m.token)).map((x) => [x.email, x.locationId]);
    const file = await exportFile(m.token, 'xlsx', 'en-US');
    const over = await importFile(m.token, 't.xlsx', file, 'en-US');
    expect(over.summary).toMatchObject({ unchanged: 3, skipped: 0, withNotes: 2 });
    expect(over.summary.rejected.map((r: { reason: string; imported: boolean }) => [r.reason, r.imported])).toEqual([
      ['Imported without the location: "Twin" in column "Location" is the name of 2 locations, so which one is meant is unknown', true],
      ['Imported without the location: "Twin" in column "Location" is the name of 2 locations, so which one is meant is unknown', true],
    ]);
    expect((await contactsOf(m.token)).map((x) => [x.email, x.locationId])).toEqual(before);

    // New contacts: the twins get none (or the default location), TWIN its own, "solo" the one Solo.
    await deleteAll(m.token);
    const csv = csvOf(['Email,First Name,Last Name,Location', 'n1@example.com,N,One,Twin', 'n2@example.com,N,Two,TWIN', 'n3@example.com,N,Three,solo', 'n4@example.com,N,Four,twin'].join('\r\n'));
    const res = await upload(commit.POST, '/member/import', m.token, { name: 'n.csv', bytes: csv }, { columns: JSON.stringify(['email', 'firstName', 'lastName', 'location']), locationId: String(solo.id) });
    expect(res.body.data).toMatchObject({ created: 4, skipped: 0, withNotes: 2 });
    expect(res.body.data.rejected.map((r: { row: number; reason: string }) => [r.row, r.reason])).toEqual([
      [2, 'Imported without the location: "Twin" in column "Location" is the name of 2 locations, so which one is meant is unknown'],
      [5, 'Imported without the location: "twin" in column "Location" is the name of 3 locations, so which one is meant is unknown'],
    ]);
    expect((await contactsOf(m.token)).map((x) => [x.email, x.locationId])).toEqual([
      ['n1@example.com', solo.id],
      ['n2@example.com', c.id],
      ['n3@example.com', solo.id],
      ['n4@example.com', solo.id],
    ]);
  });

  it('an opt-in over an opt-out is imported without it, and the row says why', async () => {
    const m = await createMerchant(t.db, { locale: 'en-US' });
    const body = { firstName: 'Out', lastName: 'Both', email: 'out@example.com', phone: '+8613900139001', emailOptIn: false, smsOptIn: false };
    expect((await callApi(list.POST, { method: 'POST', path: '/member', token: m.token, body })).status).toBe(200);
    const bytes = csvOf('Email,Email Opt-in,SMS Opt-in\r\nout@example.com,Yes,✓\r\n');
    const res = await upload(commit.POST, '/member/import', m.token, { name: 'o.csv', bytes }, { columns: JSON.stringify(['email', 'emailOptIn', 'smsOptIn']) });
    expect(res.body.data).toMatchObject({ unchanged: 1, skipped: 0, withNotes: 1 });
    expect(res.body.data.rejected).toEqual([
      {
        row: 2,
        imported: true,
        cells: ['out@example.com', 'Yes', '✓'],
        reason:
          'Imported without the e-mail opt-in in column "Email Opt-in": the contact opted out of e-mail, and only the contact can opt back in; ' +
          'Imported without the SMS opt-in in column "SMS Opt-in": the contact opted out of texts, and only the contact can opt back in',
      },
    ]);
    expect((await contactsOf(m.token))[0]).toMatchObject({ emailOptIn: false, smsOptIn: false });
  });

  it('reads the language column; an unknown language leaves the contact\'s as it is, with a note', async () => {
    const m = await createMerchant(t.db, { locale: 'zh-HK' });
    expect((await callApi(list.POST, { method: 'POST', path: '/member', token: m.token, body: { firstName: 'A', lastName: 'B', email: 'a@example.com', locale: 'en-US' } })).status).toBe(200);
    const bytes = csvOf('電郵,名,姓,語言\r\na@example.com,A,B,fr-FR\r\nb@example.com,C,D,zh_hk\r\n');
    const p = await upload(preview.POST, '/member/import/preview', m.token, { name: 'l.csv', bytes }, {}, 'zh-HK');
    expect(p.body.data.columns).toEqual(['email', 'firstName', 'lastName', 'locale']);
    const res = await upload(commit.POST, '/member/import', m.token, { name: 'l.csv', bytes }, { columns: JSON.stringify(p.body.data.columns) }, 'zh-HK');
    expect(res.body.data).toMatchObject({ created: 1, unchanged: 1, withNotes: 1 });
    expect(res.body.data.rejected[0].reason).toBe('已匯入，但未更改語言：「語言」欄的「fr-FR」不是可識別的語言（zh-CN、en-US、zh-HK）');
    expect((await contactsOf(m.token)).map((c) => [c.email, c.locale])).toEqual([
      ['a@example.com', 'en-US'],
      ['b@example.com', 'zh-HK'],
    ]);
  });

  it('refuses a tag holding a separator beside the field, in the request language', async () => {
    const m = await createMerchant(t.db);
    for (const [locale, tag, message] of [
      ['en-US', 'A,B', 'A tag cannot contain , ， ; ； 、 or | (an import splits tags there)'],
      ['zh-CN', '猫;狗', '标签不能包含 , ， ; ； 、 或 |（导入时它们用来分隔标签）'],
      ['zh-HK', 'x|y', '標籤不能包含 , ， ; ； 、 或 |（匯入時它們用來分隔標籤）'],
    ] as const) {
      const res = await callApi<{ fieldErrors: Record<string, string> }>(list.POST, { method: 'POST', path: '/member', token: m.token, locale, body: { firstName: 'T', lastName: 'G', email: `tag-${locale}@example.com`, tags: ['ok', tag] } });
      expect([res.status, res.body.data.fieldErrors.tags]).toEqual([400, message]);
    }
  });
});

function hasSsconvert(): boolean {
  try {
    execFileSync('ssconvert', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
