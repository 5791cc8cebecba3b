import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts } from '@/db/schema/contacts';
import { merchants } from '@/db/schema/merchants';
import { outbox } from '@/db/schema/outbox';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createLocation, createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';
import * as list from '@/app/api/member/route';
import * as one from '@/app/api/member/[id]/route';
import * as quick from '@/app/api/member/quick/route';
import * as commit from '@/app/api/member/import/route';
import { POST as createLocationRoute, PUT as updateLocationRoute } from '@/app/api/merchant/location/route';
import { POST as sendPhoneCode } from '@/app/api/merchant/phone/sendCode/route';
import { POST as verifyPhone } from '@/app/api/merchant/phone/verify/route';
import { csvOf, upload } from './contacts-helpers';

// Issue 17 point 3: one phone rule (lib/phone), through the real routes, on both drivers.
const t = setupTestDatabase();
const driver = process.env.DATABASE_URL ? 'postgres' : 'pglite';

type FieldErrors = { fieldErrors: Record<string, string> };

async function createContact(m: TestMerchant, body: Record<string, unknown>, locale = 'en-US') {
  return callApi<{ id: number } & FieldErrors>(list.POST, { method: 'POST', path: '/member', token: m.token, body, locale });
}

async function phoneOf(m: TestMerchant, id: number) {
  const got = await callApi<{ phone: string | null }>(one.GET, { path: `/member/${id}`, token: m.token, params: { id: String(id) } });
  return got.body.data.phone;
}

/** A merchant with a US and a Hong Kong location (no phone of its own). */
async function usAndHkMerchant() {
  const m = await createMerchant(t.db);
  const us = await createLocation(t.db, m.merchantId, { name: 'Soho', country: 'US' });
  const hk = await createLocation(t.db, m.merchantId, { name: 'Central', country: 'HK', city: 'Hong Kong', state: 'HK', zipCode: '', timezone: 'Asia/Hong_Kong' });
  return { m, us, hk };
}

describe(`the phone rule (${driver})`, () => {
  it('reads a contact\'s number in its location\'s country: US formats at a US location, 8 digits at a Hong Kong one', async () => {
    const { m, us, hk } = await usAndHkMerchant();
    const cases: [string, number, string][] = [
      ['(415) 555-0101', us.id, '+14155550101'],
      ['212-555-0102', us.id, '+12125550102'],
      ['1-718-555-0104', us.id, '+17185550104'],
      ['9123 4567', hk.id, '+85291234567'],
      ['+86 138 0013 8000', hk.id, '+8613800138000'],
      ['+44 20 7946 0958', us.id, '+442079460958'],
      ['0086 21 6288 1234', hk.id, '+862162881234'],
    ];
    for (const [i, [typed, locationId, stored]] of cases.entries()) {
      const res = await createContact(m, { firstName: 'P', lastName: String(i), phone: typed, locationId });
      expect(res.status, typed).toBe(200);
      expect(await phoneOf(m, res.body.data.id), typed).toBe(stored);
    }
  });

  it('never turns a number into +86 when another reading is valid: US numbers at a Hong Kong location stay US numbers', async () => {
    const { m, hk } = await usAndHkMerchant();
    const cases: [string, string][] = [
      ['(415) 555-0101', '+14155550101'],
      ['212-555-0102', '+12125550102'],
      ['1-718-555-0104', '+17185550104'],
    ];
    for (const [i, [typed, stored]] of cases.entries()) {
      const res = await createContact(m, { firstName: 'U', lastName: String(i), phone: typed, locationId: hk.id });
      expect(res.status, typed).toBe(200);
      expect(await phoneOf(m, res.body.data.id), typed).toBe(stored);
    }
  });

  it('refuses an ambiguous number with its readings, translated', async () => {
    const { m, hk } = await usAndHkMerchant();
    const en = await createContact(m, { firstName: 'A', lastName: 'B', phone: '13512345678', locationId: hk.id });
    expect(en.status).toBe(400);
    expect(en.body.data.fieldErrors.phone).toBe('This number could be +1 351 234 5678 / +86 135 1234 5678: start it with + and the country code');
    const zh = await createContact(m, { firstName: 'A', lastName: 'B', phone: '17185550104', locationId: hk.id }, 'zh-HK');
    expect(zh.body.data.fieldErrors.phone).toBe('這個號碼可能是 +1 718 555 0104 / +86 171 8555 0104，請以 + 及國家代碼開頭');
    expect(await t.db.select().from(contacts).where(eq(contacts.merchantId, m.merchantId))).toHaveLength(0);
  });

  it('refuses a number valid nowhere with a translated field error naming the region', async () => {
    const { m, us } = await usAndHkMerchant();
    const en = await createContact(m, { firstName: 'A', lastName: 'B', phone: '555-0101', locationId: us.id });
    expect(en.status).toBe(400);
    expect(en.body.data.fieldErrors.phone).toBe('Not a valid phone number in United States; for another country, start with + and its country code');
    const cn = await createContact(m, { firstName: 'A', lastName: 'B', phone: '555-0101', locationId: us.id }, 'zh-CN');
    expect(cn.body.data.fieldErrors.phone).toBe('不是有效的美国电话号码；其他国家或地区的号码请以 + 和国家代码开头');
    const intl = await createContact(m, { firstName: 'A', lastName: 'B', phone: '+852 415 555 0101', locationId: us.id });
    expect(intl.body.data.fieldErrors.phone).toBe('Not a valid phone number: check the country code and the number');
  });

  it('falls back to the merchant\'s country: its locations\' shared country, else its own phone\'s', async () => {
    const hkOnly = await createMerchant(t.db);
    await createLocation(t.db, hkOnly.merchantId, { country: 'HK', zipCode: '' });
    const a = await createContact(hkOnly, { firstName: 'A', lastName: 'B', phone: '2877 1234' });
    expect(await phoneOf(hkOnly, a.body.data.id)).toBe('+85228771234');

    const usPhone = await createMerchant(t.db);
    await t.db.update(merchants).set({ phone: '+12125550100' }).where(eq(merchants.id, usPhone.merchantId));
    const b = await createContact(usPhone, { firstName: 'A', lastName: 'B', phone: '(415) 555-0101' });
    expect(await phoneOf(usPhone, b.body.data.id)).toBe('+14155550101');

    // Locations in two countries and no phone: no merchant country, so 13512345678 has two readings.
    const { m } = await usAndHkMerchant();
    expect((await createContact(m, { firstName: 'A', lastName: 'B', phone: '13512345678' })).status).toBe(400);
  });

  it('quick add reads the number at the chosen location', async () => {
    const { m, us, hk } = await usAndHkMerchant();
    const hkAdd = await callApi<{ id: number }>(quick.POST, { method: 'POST', path: '/member/quick', token: m.token, body: { name: 'Kelvin Chan', phone: '9123 4567', locationId: hk.id } });
    expect(hkAdd.status).toBe(200);
    expect(await phoneOf(m, hkAdd.body.data.id)).toBe('+85291234567');
    const usAdd = await callApi<{ id: number }>(quick.POST, { method: 'POST', path: '/member/quick', token: m.token, body: { name: 'Emma Smith', phone: '(415) 555-0101', locationId: us.id } });
    expect(await phoneOf(m, usAdd.body.data.id)).toBe('+14155550101');
    // 9123 4568 is not a US number: at a US location it is not guessed into a Hong Kong mobile (it is
    // as well a Singapore one); with its country code it is taken.
    const guessed = await callApi<FieldErrors>(quick.POST, { method: 'POST', path: '/member/quick', token: m.token, body: { name: 'Kit Lee', phone: '9123 4568', locationId: us.id } });
    expect(guessed.status).toBe(400);
    expect(guessed.body.data.fieldErrors.phone).toBe('Not a valid phone number in United States; for another country, start with + and its country code');
    const mobile = await callApi<{ id: number }>(quick.POST, { method: 'POST', path: '/member/quick', token: m.token, body: { name: 'Kit Lee', phone: '+852 9123 4568', locationId: us.id } });
    expect(await phoneOf(m, mobile.body.data.id)).toBe('+85291234568');
    const wrong = await callApi<FieldErrors>(quick.POST, { method: 'POST', path: '/member/quick', token: m.token, body: { name: 'No One', phone: '555-0101', locationId: hk.id } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fieldErrors.phone).toBe('Not a valid phone number in Hong Kong; for another country, start with + and its country code');
  });

  it('keeps a number stored before this rule when an edit sends it back unchanged (stored numbers are not migrated)', async () => {
    const { m, us } = await usAndHkMerchant();
    const [legacy] = await t.db.insert(contacts).values({ merchantId: m.merchantId, firstName: 'Old', lastName: 'Number', phone: '+15550001111', optToken: 'tok-legacy-phone' }).returning({ id: contacts.id });
    const id = String(legacy.id);
    const edit = await callApi(one.PUT, { method: 'PUT', path: `/member/${id}`, token: m.token, params: { id }, body: { firstName: 'Older', lastName: 'Number', phone: '+15550001111', locationId: us.id } });
    expect(edit.status).toBe(200);
    expect(await phoneOf(m, legacy.id)).toBe('+15550001111');
    const retyped = await callApi<FieldErrors>(one.PUT, { method: 'PUT', path: `/member/${id}`, token: m.token, params: { id }, body: { firstName: 'Older', lastName: 'Number', phone: '555 000 1111', locationId: us.id } });
    expect(retyped.status).toBe(400);
  });

  it('imports a row with a bad phone and a good e-mail by its e-mail, and reports the phone in the rejected-rows file', async () => {
    const { m } = await usAndHkMerchant();
    const bytes = csvOf(
      [
        'Name,Email,Phone,Location',
        'Emma Smith,emma@x.io,(415) 555-0101,Soho',
        'Kelvin Chan,kelvin@x.io,9123 4567,Central',
        'Bad Phone,bad.phone@x.io,555-0101,Soho',
        'Twice Read,twice@x.io,13512345678,Central',
        'No Email,,555-0102,Soho',
      ].join('\r\n'),
    );
    const res = await upload(commit.POST, '/member/import', m.token, { name: 'people.csv', bytes }, { columns: JSON.stringify(['fullName', 'email', 'phone', 'location']) });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 5, created: 4, updated: 0, skipped: 1, withoutPhone: 2 });
    expect(res.body.data.rejected).toEqual([
      { row: 4, imported: true, reason: 'Imported without the phone: Not a valid phone number in United States; for another country, start with + and its country code', cells: ['Bad Phone', 'bad.phone@x.io', '555-0101', 'Soho'] },
      { row: 5, imported: true, reason: 'Imported without the phone: This number could be +1 351 234 5678 / +86 135 1234 5678: start it with + and the country code', cells: ['Twice Read', 'twice@x.io', '13512345678', 'Central'] },
      { row: 6, imported: false, reason: 'Not a valid phone number in United States; for another country, start with + and its country code', cells: ['No Email', '', '555-0102', 'Soho'] },
    ]);
    const rows = await t.db.select({ email: contacts.email, phone: contacts.phone }).from(contacts).where(eq(contacts.merchantId, m.merchantId));
    expect(new Map(rows.map((r) => [r.email, r.phone]))).toEqual(
      new Map([
        ['emma@x.io', '+14155550101'],
        ['kelvin@x.io', '+85291234567'],
        ['bad.phone@x.io', null],
        ['twice@x.io', null],
      ]),
    );
  });

  it('reads the import\'s numbers in the chosen location\'s country, else the merchant\'s, in the user\'s language', async () => {
    const { m, hk } = await usAndHkMerchant();
    const bytes = csvOf('姓名,邮箱,手机\n陈大文,chan@x.io,9123 4567\n李四,li@x.io,1234\n');
    const res = await upload(commit.POST, '/member/import', m.token, { name: 'hk.csv', bytes }, { columns: JSON.stringify(['fullName', 'email', 'phone']), locationId: String(hk.id) }, 'zh-CN');
    expect(res.body.data).toMatchObject({ created: 2, skipped: 0, withoutPhone: 1 });
    expect(res.body.data.rejected).toMatchObject([{ row: 3, imported: true, reason: '已导入，但未保存手机号：请输入 7-20 位数字的电话号码（可包含 +、空格、短横线和括号）' }]);
    const [chan] = await t.db.select({ phone: contacts.phone }).from(contacts).where(eq(contacts.email, 'chan@x.io'));
    expect(chan.phone).toBe('+85291234567');
  });

  it('reads a location\'s own phone in that location\'s country, and keeps it when the form sends it back formatted', async () => {
    const m = await createMerchant(t.db);
    const base = { locationName: 'Soho', address: '120 Prince St', city: 'New York', state: 'NY', country: 'US', zipCode: '10012' };
    const us = await callApi<{ locationId: number; phone: string }>(createLocationRoute, { method: 'POST', path: '/merchant/location', token: m.token, body: { ...base, phone: '(212) 555-0123' } });
    expect(us.status).toBe(200);
    expect(us.body.data.phone).toBe('+12125550123');
    const hk = await callApi<{ locationId: number; phone: string }>(createLocationRoute, {
      method: 'POST',
      path: '/merchant/location',
      token: m.token,
      body: { ...base, locationName: 'Central', city: 'Hong Kong', state: 'HK', country: 'HK', zipCode: '', phone: '2877 1234' },
    });
    expect(hk.body.data.phone).toBe('+85228771234');
    const bad = await callApi<FieldErrors>(createLocationRoute, { method: 'POST', path: '/merchant/location', token: m.token, body: { ...base, phone: '2877 1234' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fieldErrors.phone).toMatch(/^Not a valid phone number in United States/);
    // A number stored before the rule (not migrated) survives an edit that sends it back formatted.
    await t.db.execute(`update locations set phone = '+15550001111' where id = ${Number(us.body.data.locationId)}`);
    const edit = await callApi<{ phone: string }>(updateLocationRoute, { method: 'PUT', path: '/merchant/location', token: m.token, body: { ...base, locationId: us.body.data.locationId, locationName: 'Soho 2', phone: '+1 555 000 1111' } });
    expect(edit.status).toBe(200);
    expect(edit.body.data.phone).toBe('+15550001111');
  });

  it('reads the merchant\'s own phone in the merchant\'s country (profile verification)', async () => {
    const m = await createMerchant(t.db);
    await createLocation(t.db, m.merchantId, { country: 'HK', zipCode: '' });
    const sent = await callApi<{ phone: string }>(sendPhoneCode, { method: 'POST', path: '/merchant/phone/sendCode', token: m.token, body: { phone: '9123 4567' } });
    expect(sent.status).toBe(200);
    expect(sent.body.data.phone).toBe('+85291234567');
    const [sms] = await t.db.select().from(outbox).where(eq(outbox.to, '+85291234567')).orderBy(desc(outbox.id)).limit(1);
    const code = /(\d{6})/.exec(sms.body ?? '')?.[1] ?? '';
    const ok = await callApi<{ phone: string; phoneDisplay: string; phoneVerified: boolean }>(verifyPhone, { method: 'POST', path: '/merchant/phone/verify', token: m.token, body: { phone: '9123-4567', code } });
    expect(ok.body.data).toMatchObject({ phone: '+85291234567', phoneDisplay: '+852 9123 4567', phoneVerified: true });
    const us = await callApi<FieldErrors>(sendPhoneCode, { method: 'POST', path: '/merchant/phone/sendCode', token: m.token, body: { phone: '555-0101' } });
    expect(us.status).toBe(400);
    expect(us.body.data.fieldErrors.phone).toBe('Not a valid phone number in Hong Kong; for another country, start with + and its country code');
  });
});
