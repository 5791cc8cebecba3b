import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createLocation, createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';
import * as list from '@/app/api/member/route';
import * as one from '@/app/api/member/[id]/route';
import * as consent from '@/app/api/member/[id]/consent/route';
import * as quick from '@/app/api/member/quick/route';
import * as batch from '@/app/api/member/batch-delete/route';

const t = setupTestDatabase();

const valid = { firstName: 'Wei', lastName: 'Zhang', email: 'Wei.Zhang@Example.com', phone: '+86 138 0013 8000' };

async function create(m: TestMerchant, body: Record<string, unknown>) {
  return callApi<{ id: number }>(list.POST, { method: 'POST', path: '/member', token: m.token, body });
}

describe(`contacts API (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('creates a contact with a lower-cased e-mail and an E.164 phone, and reads it back', async () => {
    const m = await createMerchant(t.db);
    const loc = await createLocation(t.db, m.merchantId, { name: 'Central' });
    const res = await create(m, { ...valid, locationId: loc.id, tags: ['VIP', ' VIP ', '常客'], customFields: { Birthday: '05-01' }, emailOptIn: true });
    expect(res.status).toBe(200);
    const got = await callApi<Record<string, unknown>>(one.GET, { path: `/member/${res.body.data.id}`, token: m.token, params: { id: String(res.body.data.id) } });
    expect(got.body.data).toMatchObject({ email: 'wei.zhang@example.com', phone: '+8613800138000', locationName: 'Central', tags: ['VIP', '常客'], customFields: { Birthday: '05-01' }, emailOptIn: true, emailOptInSource: 'api', smsOptIn: null });
    expect((got.body.data.consentHistory as unknown[]).length).toBe(1);
    expect(String(got.body.data.optoutUrl)).toMatch(/\/u\/[A-Za-z0-9_-]{32}\?action=optout$/);
  });

  it.each([
    [{ ...valid, firstName: '' }, 'firstName', 'This field is required'],
    [{ ...valid, lastName: '   ' }, 'lastName', 'This field is required'],
    [{ ...valid, email: 'not-an-email' }, 'email', 'Enter a valid email address'],
    [{ ...valid, phone: '12345' }, 'phone', 'Enter a phone number of 7-20 digits (+, spaces, dashes and brackets are fine)'],
    [{ ...valid, phone: '1'.repeat(21) }, 'phone', 'Enter a phone number of 7-20 digits (+, spaces, dashes and brackets are fine)'],
    [{ ...valid, phone: '138-0013-800a' }, 'phone', 'Enter a phone number of 7-20 digits (+, spaces, dashes and brackets are fine)'],
    [{ firstName: 'A', lastName: 'B' }, 'email', 'Enter an email or a phone'],
    [{ ...valid, gender: 'robot' }, 'gender', 'Not an allowed value'],
    [{ ...valid, type: 'vip' }, 'type', 'Not an allowed value'],
  ])('refuses %j on %s', async (body, field, message) => {
    const m = await createMerchant(t.db);
    const res = await create(m, body);
    expect(res.status).toBe(400);
    expect((res.body.data as unknown as { fieldErrors: Record<string, string> }).fieldErrors[field]).toBe(message);
  });

  it('accepts a real number (read in the merchant\'s country), and an e-mail alone or a phone alone', async () => {
    const m = await createMerchant(t.db);
    await createLocation(t.db, m.merchantId, { country: 'US' });
    expect((await create(m, { firstName: 'A', lastName: 'B', phone: '4155550132' })).status).toBe(200);
    // 20 digits of the right shape, but no country's number (tests/integration/phone-rule.test.ts has the rule).
    const fake = await create(m, { firstName: 'A', lastName: 'C', phone: '+' + '8'.repeat(20) });
    expect(fake.status).toBe(400);
    expect((fake.body.data as unknown as { fieldErrors: Record<string, string> }).fieldErrors.phone).toBe('Not a valid phone number: check the country code and the number');
    expect((await create(m, { firstName: 'A', lastName: 'D', email: 'a@d.io' })).status).toBe(200);
  });

  it('refuses a duplicate e-mail or phone with a link to the existing contact', async () => {
    const m = await createMerchant(t.db);
    const first = await create(m, valid);
    const dupEmail = await create(m, { ...valid, phone: null, email: 'WEI.ZHANG@example.com' });
    expect(dupEmail.status).toBe(409);
    expect(dupEmail.body.msg).toBe('This email already belongs to Wei Zhang');
    expect(dupEmail.body.data).toMatchObject({ duplicateContactId: first.body.data.id, duplicateUrl: `/contacts/${first.body.data.id}` });
    const dupPhone = await create(m, { ...valid, email: null, phone: '13800138000' });
    expect(dupPhone.status).toBe(409);
    expect((dupPhone.body.data as unknown as { fieldErrors: Record<string, string> }).fieldErrors.phone).toMatch(/already belongs/);
    // Another merchant may hold the same person.
    const other = await createMerchant(t.db);
    expect((await create(other, valid)).status).toBe(200);
    // Updating a contact to its own e-mail is not a duplicate; to another's is.
    const second = await create(m, { firstName: 'Li', lastName: 'Na', email: 'li@example.com' });
    const id = String(second.body.data.id);
    expect((await callApi(one.PUT, { method: 'PUT', path: `/member/${id}`, token: m.token, params: { id }, body: { firstName: 'Li', lastName: 'Na', email: 'li@example.com' } })).status).toBe(200);
    expect((await callApi(one.PUT, { method: 'PUT', path: `/member/${id}`, token: m.token, params: { id }, body: { firstName: 'Li', lastName: 'Na', email: valid.email } })).status).toBe(409);
  });

  it('quick add splits the name by the locale and needs 2 characters', async () => {
    const m = await createMerchant(t.db);
    const cn = await callApi<{ id: number }>(quick.POST, { method: 'POST', path: '/member/quick', token: m.token, locale: 'zh-CN', body: { name: '欧阳娜娜', phone: '13900139000' } });
    const got = await callApi<{ firstName: string; lastName: string }>(one.GET, { path: '/x', token: m.token, params: { id: String(cn.body.data.id) } });
    expect(got.body.data).toMatchObject({ lastName: '欧阳', firstName: '娜娜' });
    const en = await callApi<{ id: number }>(quick.POST, { method: 'POST', path: '/member/quick', token: m.token, locale: 'en-US', body: { name: 'Emma Smith', email: 'emma@example.com' } });
    const got2 = await callApi<{ firstName: string; lastName: string }>(one.GET, { path: '/x', token: m.token, params: { id: String(en.body.data.id) } });
    expect(got2.body.data).toMatchObject({ firstName: 'Emma', lastName: 'Smith' });
    const short = await callApi(quick.POST, { method: 'POST', path: '/member/quick', token: m.token, body: { name: 'A', email: 'a@b.co' } });
    expect(short.status).toBe(400);
    expect(short.body.msg).toMatch(/at least 2 characters/);
    // One word cannot be split: refused beside the name, not saved with an empty last name that
    // the detailed form (both parts required) would then refuse on every later edit.
    for (const name of ['Cher', '  Ab  ']) {
      const mononym = await callApi<{ fieldErrors: Record<string, string> }>(quick.POST, { method: 'POST', path: '/member/quick', token: m.token, body: { name, email: 'cher@example.com' } });
      expect([mononym.status, mononym.body.data.fieldErrors.name], name).toEqual([400, 'Enter a first and a last name, for example Tom Lee']);
    }
  });

  it('refuses a lone surrogate beside its field, in a text column and in the custom fields alike (found from outside)', async () => {
    const m = await createMerchant(t.db);
    const send = (fields: string) => callApi<{ fieldErrors: Record<string, string> }>(list.POST, { method: 'POST', path: '/member', token: m.token, rawBody: `{"firstName":"QA","lastName":"S","email":"qa.lone@example.com",${fields}}`, headers: { 'content-type': 'application/json' } });
    const inTag = await send('"gender":"unknown","type":"leads","tags":["a\\ud800b"]');
    expect([inTag.status, Object.keys(inTag.body.data.fieldErrors)]).toEqual([400, ['tags.0']]);
    const inValue = await send('"customFields":{"k":"a\\ud800b"}');
    expect([inValue.status, Object.keys(inValue.body.data.fieldErrors)]).toEqual([400, ['customFields.k']]);
    const inKey = await send('"customFields":{"a\\udc00":"v"}');
    expect([inKey.status, Object.keys(inKey.body.data.fieldErrors)]).toEqual([400, ['customFields']]);
    // A whole pair is a character like any other.
    expect((await send('"customFields":{"k":"\\ud83d\\ude00"}')).status).toBe(200);
  });

  it('refuses a custom field named __proto__ by name instead of dropping its value (found from outside)', async () => {
    const m = await createMerchant(t.db);
    const answer = await callApi<{ fieldErrors: Record<string, string> }>(list.POST, { method: 'POST', path: '/member', token: m.token, rawBody: '{"firstName":"QA","lastName":"P","email":"qa.proto@example.com","customFields":{"__proto__":"x","constructor":"y"}}', headers: { 'content-type': 'application/json' } });
    expect([answer.status, answer.body.data.fieldErrors]).toEqual([400, { 'customFields.__proto__': 'Not an allowed value' }]);
    const kept = await callApi<{ id: number }>(list.POST, { method: 'POST', path: '/member', token: m.token, rawBody: '{"firstName":"QA","lastName":"P","email":"qa.proto@example.com","customFields":{"constructor":"y"}}', headers: { 'content-type': 'application/json' } });
    expect(kept.status).toBe(200);
    const got = await callApi<{ customFields: Record<string, string> }>(one.GET, { path: `/member/${kept.body.data.id}`, token: m.token, params: { id: String(kept.body.data.id) } });
    expect(got.body.data.customFields).toEqual({ constructor: 'y' });
  });

  it("answers 404 for another merchant's contact on every call", async () => {
    const a = await createMerchant(t.db);
    const b = await createMerchant(t.db);
    const id = String((await create(a, valid)).body.data.id);
    const params = { id };
    expect((await callApi(one.GET, { path: '/x', token: b.token, params })).status).toBe(404);
    expect((await callApi(one.PUT, { method: 'PUT', path: '/x', token: b.token, params, body: valid })).status).toBe(404);
    expect((await callApi(one.DELETE, { method: 'DELETE', path: '/x', token: b.token, params })).status).toBe(404);
    expect((await callApi(consent.POST, { method: 'POST', path: '/x', token: b.token, params, body: { channel: 'email', action: 'optout' } })).status).toBe(404);
    const missing = await callApi(one.GET, { path: '/x', token: b.token, params: { id: '999999' } });
    expect(missing.status).toBe(404);
    const del = await callApi<{ deleted: number }>(batch.POST, { method: 'POST', path: '/x', token: b.token, body: { ids: [Number(id)] } });
    expect(del.body.data.deleted).toBe(0);
    expect((await callApi(one.GET, { path: '/x', token: a.token, params })).status).toBe(200);
  });

  it('records every consent change as history and updates the state in one step', async () => {
    const m = await createMerchant(t.db);
    const id = String((await create(m, { ...valid, emailOptIn: true, smsOptIn: true })).body.data.id);
    await callApi(consent.POST, { method: 'POST', path: '/x', token: m.token, params: { id }, body: { channel: 'email', action: 'optout' } });
    const after = await callApi<{ emailOptIn: boolean; smsOptIn: boolean; emailOptInSource: string; consentHistory: { channel: string; action: string; source: string }[] }>(consent.POST, {
      method: 'POST', path: '/x', token: m.token, params: { id }, body: { channel: 'sms', action: 'optout' },
    });
    expect(after.body.data).toMatchObject({ emailOptIn: false, smsOptIn: false, emailOptInSource: 'api' });
    expect(after.body.data.consentHistory.map((h) => `${h.channel}:${h.action}`).sort()).toEqual(['email:optin', 'email:optout', 'sms:optin', 'sms:optout']);
    // An update that changes consent writes history too; one that does not, writes none.
    await callApi(one.PUT, { method: 'PUT', path: '/x', token: m.token, params: { id }, body: { ...valid, emailOptIn: true, smsOptIn: false } });
    const got = await callApi<{ consentHistory: unknown[]; emailOptIn: boolean }>(one.GET, { path: '/x', token: m.token, params: { id } });
    expect(got.body.data.consentHistory).toHaveLength(5);
    expect(got.body.data.emailOptIn).toBe(true);
    const bad = await callApi(consent.POST, { method: 'POST', path: '/x', token: m.token, params: { id }, body: { channel: 'fax', action: 'optout' } });
    expect(bad.status).toBe(400);
  });

  it('lists with paging, total and every filter', async () => {
    const m = await createMerchant(t.db);
    const north = await createLocation(t.db, m.merchantId, { name: 'North', country: 'CN', timezone: 'Asia/Shanghai' });
    const people = [
      { firstName: '伟', lastName: '张', phone: '13800000001', emailOptIn: true, smsOptIn: true, locationId: north.id, type: 'customer' },
      { firstName: 'Emma', lastName: 'Smith', email: 'emma@x.io', emailOptIn: true, smsOptIn: false },
      { firstName: 'Kelvin', lastName: 'Chan', email: 'kelvin@x.io', phone: '+85291234567', smsOptIn: true },
      { firstName: 'Ann', lastName: 'Lee', email: 'ann@x.io' },
    ];
    for (const p of people) expect((await create(m, p)).status).toBe(200);
    const q = async (query: string) => (await callApi<{ total: number; records: { lastName: string }[] }>(list.GET, { path: `/member?${query}`, token: m.token })).body.data;
    expect((await q('')).total).toBe(4);
    expect((await q('pageSize=10&pageNum=1')).records[0].lastName).toBe('Lee');
    expect((await q(`locationId=${north.id}`)).records.map((r) => r.lastName)).toEqual(['张']);
    expect((await q('keyword=张伟')).total).toBe(1);
    expect((await q('keyword=emma smith')).total).toBe(1);
    expect((await q('keyword=9123 4567')).records.map((r) => r.lastName)).toEqual(['Chan']);
    expect((await q('keyword=X.IO')).total).toBe(3);
    expect((await q('keyword=100%25')).total).toBe(0);
    expect((await q('preference=both')).records.map((r) => r.lastName)).toEqual(['张']);
    expect((await q('preference=email')).records.map((r) => r.lastName)).toEqual(['Smith']);
    expect((await q('preference=phone')).records.map((r) => r.lastName)).toEqual(['Chan']);
    expect((await q('preference=none')).records.map((r) => r.lastName)).toEqual(['Lee']);
    expect((await q('emailOpt=unset')).total).toBe(2);
    expect((await q('smsOpt=out')).records.map((r) => r.lastName)).toEqual(['Smith']);
    expect((await q('type=customer')).total).toBe(1);
    expect((await q('activity=never')).total).toBe(4);
    expect((await q('activity=7d')).total).toBe(0);
    const paged = await q('pageSize=10&pageNum=2');
    expect(paged).toMatchObject({ total: 4, records: [] });
    expect((await callApi(list.GET, { path: '/member?pageSize=7', token: m.token })).status).toBe(400);
    expect((await callApi(list.GET, { path: '/member?activity=yesterday', token: m.token })).status).toBe(400);
  });

  it('answers each query its own values from a statement prepared once per filter shape', async () => {
    const a = await createMerchant(t.db);
    const b = await createMerchant(t.db);
    for (const [m, tag, lastName] of [[a, 'gold', 'Ang'], [a, 'silver', 'Bo'], [b, 'gold', 'Cui']] as const) {
      expect((await create(m, { firstName: 'X', lastName, email: `${lastName}@x.io`, tags: [tag] })).status).toBe(200);
    }
    const names = async (m: typeof a, query: string) =>
      (await callApi<{ records: { lastName: string }[] }>(list.GET, { path: `/member?${query}`, token: m.token })).body.data.records.map((r) => r.lastName);
    // Same shapes, other values and merchants: never another query's rows.
    expect(await names(a, 'tag=gold')).toEqual(['Ang']);
    expect(await names(a, 'tag=silver')).toEqual(['Bo']);
    expect(await names(b, 'tag=gold')).toEqual(['Cui']);
    expect(await names(b, 'tag=silver')).toEqual([]);
    expect(await names(a, 'keyword=ang')).toEqual(['Ang']);
    expect(await names(a, 'keyword=bo')).toEqual(['Bo']);
    expect(await names(a, 'pageSize=10&pageNum=1')).toEqual(['Bo', 'Ang']);
    expect(await names(a, 'pageSize=10&pageNum=2')).toEqual([]);
  });

  it('lists the most recently active first under a last-activity range, newest first otherwise', async () => {
    const m = await createMerchant(t.db);
    for (const lastName of ['Old', 'Mid', 'New']) expect((await create(m, { firstName: 'A', lastName, email: `${lastName}@x.io` })).status).toBe(200);
    const day = 24 * 60 * 60 * 1000;
    // Created Old, Mid, New; active New (20 days ago), Old (1 day ago), Mid never.
    await t.db.execute(sql`update contacts set last_activity_at = case last_name when 'Old' then ${new Date(Date.now() - day).toISOString()}::timestamptz
      when 'New' then ${new Date(Date.now() - 20 * day).toISOString()}::timestamptz end where merchant_id = ${m.merchantId}`);
    const names = async (query: string) =>
      (await callApi<{ records: { lastName: string }[] }>(list.GET, { path: `/member?${query}`, token: m.token })).body.data.records.map((r) => r.lastName);
    expect(await names('activity=30d')).toEqual(['Old', 'New']);
    expect(await names('activity=never')).toEqual(['Mid']);
    expect(await names('')).toEqual(['New', 'Mid', 'Old']);
  });

  it('counts exactly up to 10,000 matches and estimates beyond', async () => {
    const m = await createMerchant(t.db);
    await t.db.execute(sql`insert into contacts (merchant_id, first_name, last_name, email, opt_token, email_opt_in)
      select ${m.merchantId}, 'F' || g, 'L' || g, 'bulk' || g || '@x.io', 'tok-bulk-' || ${m.merchantId} || '-' || g, g % 2 = 0
      from generate_series(1, 10050) g`);
    await t.db.execute(sql`analyze contacts`);
    const all = await callApi<{ total: number; totalExact: boolean; records: unknown[] }>(list.GET, { path: '/member?pageNum=3', token: m.token });
    expect(all.body.data.totalExact).toBe(false);
    expect(all.body.data.total).toBeGreaterThan(10_000);
    expect(all.body.data.records).toHaveLength(20);
    const half = await callApi<{ total: number; totalExact: boolean }>(list.GET, { path: '/member?emailOpt=in', token: m.token });
    expect(half.body.data).toMatchObject({ total: 5025, totalExact: true });
  });

  it('batch-deletes only its own contacts, with their history', async () => {
    const m = await createMerchant(t.db);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await create(m, { firstName: 'P', lastName: `${i}`, email: `p${i}@x.io`, emailOptIn: true })).body.data.id);
    const res = await callApi<{ deleted: number }>(batch.POST, { method: 'POST', path: '/x', token: m.token, body: { ids: [ids[0], ids[1], 999999] } });
    expect(res.body.data.deleted).toBe(2);
    expect((await callApi(batch.POST, { method: 'POST', path: '/x', token: m.token, body: { ids: [] } })).status).toBe(400);
    const left = await callApi<{ total: number }>(list.GET, { path: '/member', token: m.token });
    expect(left.body.data.total).toBe(1);
  });

  it('refuses a location of another merchant and answers 401 without a token', async () => {
    const m = await createMerchant(t.db);
    const other = await createMerchant(t.db);
    const loc = await createLocation(t.db, other.merchantId);
    const res = await create(m, { ...valid, locationId: loc.id });
    expect(res.status).toBe(400);
    expect((await callApi(list.GET, { path: '/member' })).status).toBe(401);
  });
});
