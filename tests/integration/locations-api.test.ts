import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { locations } from '@/db/schema/locations';
import { users } from '@/db/schema/users';
import { signAccessToken } from '@/lib/auth/tokens';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createLocation, createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { POST, PUT, DELETE as DELETE_ROOT } from '@/app/api/merchant/location/route';
import { GET as PAGE } from '@/app/api/merchant/location/page/route';
import { GET as ENABLED } from '@/app/api/merchant/location/enabled/route';
import { GET as GET_ONE, DELETE } from '@/app/api/merchant/location/[id]/route';
import { PUT as STATUS } from '@/app/api/merchant/location/[id]/status/route';
import type { LocationRecord } from '@/lib/locations/record';

const t = setupTestDatabase();
const driver = process.env.DATABASE_URL ? 'postgres' : 'pglite';

let owner: TestMerchant;
let other: TestMerchant;

const valid = {
  locationName: 'Morning Light Café Soho',
  address: '120 Prince St',
  city: 'New York',
  state: 'NY',
  country: 'us',
  zipCode: '10012',
  phone: '(212) 555-0123',
  timezone: 'america/new_york',
  reviewLink: 'https://g.page/r/soho/review',
};

beforeAll(async () => {
  owner = await createMerchant(t.db);
  other = await createMerchant(t.db);
});

async function countFor(merchantId: number) {
  const [row] = await t.db.select({ n: count() }).from(locations).where(eq(locations.merchantId, merchantId));
  return Number(row.n);
}

function expectEnvelope(body: Record<string, unknown>) {
  expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg', 'requestId', 'respCode', 'respMsg']);
  expect(body.requestId).toMatch(/^[0-9a-f]{16}$/);
  expect(body.respCode).toBe(body.code);
  expect(body.respMsg).toBe(body.msg);
  expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+|Error:/);
}

describe(`location calls (${driver})`, () => {
  describe('POST /merchant/location', () => {
    it('creates a location, normalising country, phone (E.164), zip code and time zone', async () => {
      const res = await callApi<LocationRecord>(POST, { method: 'POST', path: '/merchant/location', token: owner.token, body: valid });
      expect(res.status).toBe(200);
      expectEnvelope(res.body);
      expect(res.body.code).toBe(200);
      expect(res.body.msg).toBe('Location added');
      expect(res.headers.get('x-request-id')).toBe(res.body.requestId);
      const record = res.body.data;
      expect(record).toMatchObject({
        locationName: 'Morning Light Café Soho',
        country: 'US',
        zipCode: '10012',
        phone: '+12125550123',
        timezone: 'America/New_York',
        reviewLink: 'https://g.page/r/soho/review',
        enabled: true,
        connected: false,
      });
      expect(record.locationId).toBeGreaterThan(0);
      expect(new Date(record.createTime).toISOString()).toBe(record.createTime);
      const [row] = await t.db.select().from(locations).where(eq(locations.id, record.locationId));
      expect(row.merchantId).toBe(owner.merchantId);
      expect(row.phone).toBe('+12125550123');
    });

    it('stores the usual written form of UK, Canadian and Japanese codes', async () => {
      const cases = [
        ['GB', 'sw1a1aa', 'SW1A 1AA', 'Europe/London'],
        ['CA', 'k1a0b1', 'K1A 0B1', 'America/Toronto'],
        ['JP', '1000001', '100-0001', 'Asia/Tokyo'],
      ];
      for (const [country, zipCode, stored, timezone] of cases) {
        const res = await callApi<LocationRecord>(POST, { method: 'POST', path: '/merchant/location', token: other.token, body: { ...valid, country, zipCode, timezone, phone: '' } });
        expect(res.status, country).toBe(200);
        expect(res.body.data.zipCode).toBe(stored);
        expect(res.body.data.phone).toBeNull();
      }
    });

    it('takes a Hong Kong location without a zip code, and reads a local number in the country', async () => {
      const body = { locationName: '晨光咖啡 中環店', address: '皇后大道中 88 號', city: '香港', state: '中西區', country: 'HK', phone: '+852 2877-1234', timezone: 'Asia/Hong_Kong' };
      const res = await callApi<LocationRecord>(POST, { method: 'POST', path: '/merchant/location', token: owner.token, body });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ zipCode: '', phone: '+85228771234', reviewLink: null });
      const cn = await callApi<LocationRecord>(POST, {
        method: 'POST',
        path: '/merchant/location',
        token: owner.token,
        body: { locationName: '晨光咖啡 徐汇店', address: '衡山路 10 号', city: '上海', state: '上海', country: 'CN', zipCode: '200031', phone: '021 6288 1234' },
      });
      expect(cn.status).toBe(200);
      expect(cn.body.data).toMatchObject({ phone: '+862162881234', timezone: 'Asia/Shanghai' });
    });

    it('answers 400 with a field error for each bad field, and writes nothing', async () => {
      const before = await countFor(owner.merchantId);
      const res = await callApi<{ fieldErrors: Record<string, string> }>(POST, {
        method: 'POST',
        path: '/merchant/location',
        token: owner.token,
        body: { locationName: '  ', address: '', country: 'US', zipCode: '1234', phone: '12-34', timezone: '+08:00', reviewLink: 'ftp://x.example' },
      });
      expect(res.status).toBe(400);
      expectEnvelope(res.body);
      expect(res.body.code).toBe(400);
      const errors = res.body.data.fieldErrors;
      expect(Object.keys(errors).sort()).toEqual(['address', 'city', 'locationName', 'phone', 'reviewLink', 'state', 'timezone', 'zipCode']);
      expect(errors.locationName).toBe('This field is required');
      expect(errors.zipCode).toBe('Enter a 5-digit ZIP code, such as 94103 or 94103-1234');
      expect(errors.phone).toBe('Enter a phone number of 7-20 digits (+, spaces, dashes and brackets are fine)');
      expect(errors.timezone).toBe('Choose a valid time zone');
      expect(errors.reviewLink).toBe('Enter a valid web address (http or https)');
      expect(res.body.msg).toContain('This field is required');
      expect(await countFor(owner.merchantId)).toBe(before);
    });

    it('refuses an unknown or missing country, each country\'s malformed zip code, a phone of 21 digits and wrong types', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ country: 'XX' }, 'country', 'Choose a country or region'],
        [{ country: 'HK', zipCode: '999078' }, 'zipCode', 'Hong Kong has no postal codes: leave this empty (or use 999077)'],
        [{ country: '' }, 'country', 'This field is required'],
        [{ country: 'CN', zipCode: '20004' }, 'zipCode', 'Enter a 6-digit postal code, such as 200040'],
        [{ country: 'TW', zipCode: '1000' }, 'zipCode', 'Enter a 3-, 5- or 6-digit postal code, such as 100 or 100012'],
        [{ country: 'GB', zipCode: '12345' }, 'zipCode', 'Enter a UK postcode, such as SW1A 1AA'],
        [{ country: 'JP', zipCode: '100-001' }, 'zipCode', 'Enter a 7-digit postal code, such as 100-0001'],
        [{ country: 'CA', zipCode: 'D1A 0B1' }, 'zipCode', 'Enter a Canadian postal code, such as K1A 0B1'],
        [{ country: 'AU', zipCode: '200' }, 'zipCode', 'Enter a 4-digit postcode, such as 2000'],
        [{ country: 'US', zipCode: '' }, 'zipCode', 'Enter a 5-digit ZIP code, such as 94103 or 94103-1234'],
        [{ phone: '+1 234 567 890 123 456 789 01' }, 'phone', 'Enter a phone number of 7-20 digits (+, spaces, dashes and brackets are fine)'],
        [{ phone: '555-CALL-NOW' }, 'phone', 'Enter a phone number of 7-20 digits (+, spaces, dashes and brackets are fine)'],
        [{ locationName: 42 }, 'locationName', 'Wrong type of value'],
        [{ enabled: 'maybe' }, 'enabled', 'Wrong type of value'],
        [{ locationName: 'x'.repeat(101) }, 'locationName', 'At most 100 characters'],
      ];
      const before = await countFor(owner.merchantId);
      for (const [patch, field, message] of cases) {
        const res = await callApi<{ fieldErrors: Record<string, string> }>(POST, { method: 'POST', path: '/merchant/location', token: owner.token, body: { ...valid, ...patch } });
        expect(res.status, JSON.stringify(patch)).toBe(400);
        expect(res.body.data.fieldErrors[field], JSON.stringify(patch)).toBe(message);
      }
      expect(await countFor(owner.merchantId)).toBe(before);
    });

    it('answers a malformed JSON body, an array and an empty body with the 400 envelope', async () => {
      const bad = await callApi(POST, { method: 'POST', path: '/merchant/location', token: owner.token, rawBody: '{"locationName": "x",', headers: { 'content-type': 'application/json' } });
      expect(bad.status).toBe(400);
      expectEnvelope(bad.body);
      expect(bad.body.msg).toBe('The request body is not valid JSON');
      expect(bad.body.data).toBeNull();
      const array = await callApi<{ fieldErrors: Record<string, string> }>(POST, { method: 'POST', path: '/merchant/location', token: owner.token, body: [valid] });
      expect(array.status).toBe(400);
      expect(array.body.data.fieldErrors._).toBeDefined();
      const empty = await callApi<{ fieldErrors: Record<string, string> }>(POST, { method: 'POST', path: '/merchant/location', token: owner.token, rawBody: '' });
      expect(empty.status).toBe(400);
      expect(empty.body.data.fieldErrors.locationName).toBe('This field is required');
    });
  });

  describe('GET /merchant/location/page', () => {
    let pager: TestMerchant;
    beforeAll(async () => {
      pager = await createMerchant(t.db);
      for (let i = 1; i <= 12; i++) {
        await createLocation(t.db, pager.merchantId, {
          name: `Store ${String(i).padStart(2, '0')}`,
          enabled: i % 3 !== 0,
          city: i === 7 ? 'Portland' : 'Springfield',
          phone: i === 5 ? '+14155550105' : null,
          createdAt: new Date(Date.UTC(2026, 0, i)),
        });
      }
    });

    it('pages newest first with total and records', async () => {
      const first = await callApi<{ total: number; records: LocationRecord[]; pageNum: number; pageSize: number }>(PAGE, { path: '/merchant/location/page?pageNum=1&pageSize=5', token: pager.token });
      expect(first.status).toBe(200);
      expect(first.body.data.total).toBe(12);
      expect(first.body.data.records.map((r) => r.locationName)).toEqual(['Store 12', 'Store 11', 'Store 10', 'Store 09', 'Store 08']);
      const last = await callApi<{ total: number; records: LocationRecord[] }>(PAGE, { path: '/merchant/location/page?pageNum=3&pageSize=5', token: pager.token });
      expect(last.body.data.records.map((r) => r.locationName)).toEqual(['Store 02', 'Store 01']);
      const beyond = await callApi<{ total: number; records: LocationRecord[] }>(PAGE, { path: '/merchant/location/page?pageNum=9&pageSize=5', token: pager.token });
      expect(beyond.body.data).toMatchObject({ total: 12, records: [] });
      const defaults = await callApi<{ pageNum: number; pageSize: number; records: unknown[] }>(PAGE, { path: '/merchant/location/page', token: pager.token });
      expect(defaults.body.data).toMatchObject({ pageNum: 1, pageSize: 10 });
      expect(defaults.body.data.records).toHaveLength(10);
    });

    it('filters enabled only (and disabled only), and by keyword', async () => {
      const enabled = await callApi<{ total: number; records: LocationRecord[] }>(PAGE, { path: '/merchant/location/page?pageSize=50&enabled=true', token: pager.token });
      expect(enabled.body.data.total).toBe(8);
      expect(enabled.body.data.records.every((r) => r.enabled)).toBe(true);
      const disabled = await callApi<{ total: number; records: LocationRecord[] }>(PAGE, { path: '/merchant/location/page?enabled=0', token: pager.token });
      expect(disabled.body.data.total).toBe(4);
      const all = await callApi<{ total: number }>(PAGE, { path: '/merchant/location/page?enabled=', token: pager.token });
      expect(all.body.data.total).toBe(12);
      const city = await callApi<{ total: number; records: LocationRecord[] }>(PAGE, { path: '/merchant/location/page?keyword=portl', token: pager.token });
      expect(city.body.data.records.map((r) => r.locationName)).toEqual(['Store 07']);
      const phone = await callApi<{ total: number; records: LocationRecord[] }>(PAGE, { path: `/merchant/location/page?keyword=${encodeURIComponent('555-0105')}`, token: pager.token });
      expect(phone.body.data.records.map((r) => r.locationName)).toEqual(['Store 05']);
      const wildcard = await callApi<{ total: number }>(PAGE, { path: '/merchant/location/page?keyword=%25', token: pager.token });
      expect(wildcard.body.data.total).toBe(0);
    });

    it('never shows another merchant’s locations', async () => {
      const res = await callApi<{ total: number; records: LocationRecord[] }>(PAGE, { path: '/merchant/location/page?keyword=Store', token: owner.token });
      expect(res.body.data.total).toBe(0);
    });

    it('answers 400 for a bad page size, page number or flag', async () => {
      for (const query of ['pageSize=1000', 'pageSize=0', 'pageNum=0', 'pageNum=abc', 'enabled=maybe', `keyword=${'k'.repeat(101)}`]) {
        const res = await callApi<{ fieldErrors: Record<string, string> }>(PAGE, { path: `/merchant/location/page?${query}`, token: pager.token });
        expect(res.status, query).toBe(400);
        expect(Object.keys(res.body.data.fieldErrors), query).toHaveLength(1);
      }
    });
  });

  describe('GET /merchant/location/enabled', () => {
    it('lists the enabled locations by name', async () => {
      const m = await createMerchant(t.db);
      await createLocation(t.db, m.merchantId, { name: 'Zeta' });
      await createLocation(t.db, m.merchantId, { name: 'Alpha' });
      await createLocation(t.db, m.merchantId, { name: 'Beta', enabled: false });
      const res = await callApi<LocationRecord[]>(ENABLED, { path: '/merchant/location/enabled', token: m.token });
      expect(res.status).toBe(200);
      expect(res.body.data.map((r) => r.locationName)).toEqual(['Alpha', 'Zeta']);
    });
  });

  describe('one location', () => {
    let mine: LocationRecord;
    let theirs: LocationRecord;
    beforeAll(async () => {
      mine = (await callApi<LocationRecord>(POST, { method: 'POST', path: '/merchant/location', token: owner.token, body: valid })).body.data;
      theirs = (await callApi<LocationRecord>(POST, { method: 'POST', path: '/merchant/location', token: other.token, body: { ...valid, locationName: 'Theirs' } })).body.data;
    });

    it('GET answers the location; another merchant’s id answers exactly like a missing one', async () => {
      const res = await callApi<LocationRecord>(GET_ONE, { path: `/merchant/location/${mine.locationId}`, token: owner.token, params: { id: String(mine.locationId) } });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(mine);
      const foreign = await callApi(GET_ONE, { path: `/merchant/location/${theirs.locationId}`, token: owner.token, params: { id: String(theirs.locationId) } });
      const missing = await callApi(GET_ONE, { path: '/merchant/location/2000000000', token: owner.token, params: { id: '2000000000' } });
      expect(foreign.status).toBe(404);
      expect(missing.status).toBe(404);
      expect({ ...foreign.body, requestId: '' }).toEqual({ ...missing.body, requestId: '' });
      expect(foreign.body.msg).toBe('The location does not exist');
      expect(foreign.body.data).toBeNull();
    });

    it('answers 400 for an id that is not a positive 32-bit integer', async () => {
      for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
        const res = await callApi(GET_ONE, { path: `/merchant/location/${id}`, token: owner.token, params: { id } });
        expect(res.status, id).toBe(400);
      }
    });

    it('PUT updates the given fields; left-out optional fields keep their value, null clears', async () => {
      const res = await callApi<LocationRecord>(PUT, {
        method: 'PUT',
        path: '/merchant/location',
        token: owner.token,
        body: { locationId: mine.locationId, locationName: 'Soho Bakery', address: '121 Prince St', city: 'New York', state: 'NY', country: 'US' },
      });
      expect(res.status).toBe(200);
      expect(res.body.msg).toBe('Location saved');
      expect(res.body.data).toMatchObject({ locationName: 'Soho Bakery', address: '121 Prince St', zipCode: '10012', phone: '+12125550123', reviewLink: valid.reviewLink, timezone: 'America/New_York' });
      expect(res.body.data.createTime).toBe(mine.createTime);
      expect(new Date(res.body.data.updateTime).getTime()).toBeGreaterThanOrEqual(new Date(mine.updateTime).getTime());
      const cleared = await callApi<LocationRecord>(PUT, {
        method: 'PUT',
        path: '/merchant/location',
        token: owner.token,
        body: { ...valid, locationId: String(mine.locationId), phone: null, reviewLink: '', zipCode: '10013-1234' },
      });
      expect(cleared.status).toBe(200);
      expect(cleared.body.data).toMatchObject({ phone: null, reviewLink: null, zipCode: '10013-1234' });
    });

    it('PUT checks the stored zip code against a new country', async () => {
      const res = await callApi<{ fieldErrors: Record<string, string> }>(PUT, {
        method: 'PUT',
        path: '/merchant/location',
        token: owner.token,
        body: { locationId: mine.locationId, locationName: 'Soho', address: '1 Rd', city: 'Sydney', state: 'NSW', country: 'AU' },
      });
      expect(res.status).toBe(400);
      expect(res.body.data.fieldErrors).toEqual({ zipCode: 'Enter a 4-digit postcode, such as 2000' });
      const [row] = await t.db.select().from(locations).where(eq(locations.id, mine.locationId));
      expect(row.country).toBe('US');
    });

    it('PUT answers 400 without locationId and 404 for another merchant’s location, leaving it untouched', async () => {
      const noId = await callApi<{ fieldErrors: Record<string, string> }>(PUT, { method: 'PUT', path: '/merchant/location', token: owner.token, body: valid });
      expect(noId.status).toBe(400);
      expect(noId.body.data.fieldErrors.locationId).toBe('This field is required');
      const foreign = await callApi(PUT, { method: 'PUT', path: '/merchant/location', token: owner.token, body: { ...valid, locationId: theirs.locationId, locationName: 'Hijacked' } });
      expect(foreign.status).toBe(404);
      const [row] = await t.db.select().from(locations).where(eq(locations.id, theirs.locationId));
      expect(row.name).toBe('Theirs');
    });

    it('PUT /{id}/status switches enabled with 1/0, true/false and enabled/disabled', async () => {
      const cases: [string, boolean][] = [['0', false], ['1', true], ['false', false], ['true', true], ['disabled', false], ['enabled', true]];
      for (const [status, enabled] of cases) {
        const res = await callApi<LocationRecord>(STATUS, { method: 'PUT', path: `/merchant/location/${mine.locationId}/status?status=${status}`, token: owner.token, params: { id: String(mine.locationId) } });
        expect(res.status, status).toBe(200);
        expect(res.body.data.enabled, status).toBe(enabled);
        const [row] = await t.db.select({ enabled: locations.enabled }).from(locations).where(eq(locations.id, mine.locationId));
        expect(row.enabled).toBe(enabled);
      }
      const bad = await callApi<{ fieldErrors: Record<string, string> }>(STATUS, { method: 'PUT', path: `/merchant/location/${mine.locationId}/status?status=maybe`, token: owner.token, params: { id: String(mine.locationId) } });
      expect(bad.status).toBe(400);
      expect(bad.body.data.fieldErrors.status).toBe('Not an allowed value');
      const missing = await callApi<{ fieldErrors: Record<string, string> }>(STATUS, { method: 'PUT', path: `/merchant/location/${mine.locationId}/status`, token: owner.token, params: { id: String(mine.locationId) } });
      expect(missing.status).toBe(400);
      const foreign = await callApi(STATUS, { method: 'PUT', path: `/merchant/location/${theirs.locationId}/status?status=0`, token: owner.token, params: { id: String(theirs.locationId) } });
      expect(foreign.status).toBe(404);
      const [row] = await t.db.select({ enabled: locations.enabled }).from(locations).where(eq(locations.id, theirs.locationId));
      expect(row.enabled).toBe(true);
    });

    it('DELETE answers 404 for another merchant’s location and leaves it', async () => {
      const foreign = await callApi(DELETE, { method: 'DELETE', path: `/merchant/location/${theirs.locationId}`, token: owner.token, params: { id: String(theirs.locationId) } });
      expect(foreign.status).toBe(404);
      const [row] = await t.db.select({ n: count() }).from(locations).where(eq(locations.id, theirs.locationId));
      expect(Number(row.n)).toBe(1);
    });

    it('DELETE removes the location; a second delete answers 404', async () => {
      const extra = await createLocation(t.db, owner.merchantId, { name: 'Pop-up' });
      const res = await callApi<{ locationId: number }>(DELETE, { method: 'DELETE', path: `/merchant/location/${extra.id}`, token: owner.token, params: { id: String(extra.id) } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 200, msg: 'Location deleted', data: { locationId: extra.id } });
      const again = await callApi(DELETE, { method: 'DELETE', path: `/merchant/location/${extra.id}`, token: owner.token, params: { id: String(extra.id) } });
      expect(again.status).toBe(404);
    });
  });

  describe('authentication', () => {
    const calls = () =>
      [
        () => callApi(PAGE, { path: '/merchant/location/page' }),
        () => callApi(ENABLED, { path: '/merchant/location/enabled' }),
        () => callApi(GET_ONE, { path: '/merchant/location/1', params: { id: '1' } }),
        () => callApi(POST, { method: 'POST', path: '/merchant/location', body: valid }),
        () => callApi(PUT, { method: 'PUT', path: '/merchant/location', body: { ...valid, locationId: 1 } }),
        () => callApi(STATUS, { method: 'PUT', path: '/merchant/location/1/status?status=0', params: { id: '1' } }),
        () => callApi(DELETE, { method: 'DELETE', path: '/merchant/location/1', params: { id: '1' } }),
      ] as const;

    it('answers 401 on every call without a token, before reading the body', async () => {
      for (const call of calls()) {
        const res = await call();
        expect(res.status).toBe(401);
        expectEnvelope(res.body);
        expect(res.body.msg).toBe('Your sign-in has expired, please sign in again');
      }
    });

    it('answers 401 for a garbage, an expired and a forged token, and for a deleted user', async () => {
      const { token: expired } = await signAccessToken(owner.userId, owner.merchantId, new Date(Date.now() - 60 * 60 * 1000));
      const forged = owner.token.slice(0, -4) + (owner.token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
      for (const token of ['garbage', 'a.b.c', expired, forged]) {
        const res = await callApi(PAGE, { path: '/merchant/location/page', token });
        expect(res.status, token.slice(0, 12)).toBe(401);
      }
      const gone = await createMerchant(t.db);
      await t.db.delete(users).where(eq(users.id, gone.userId));
      const res = await callApi(PAGE, { path: '/merchant/location/page', token: gone.token });
      expect(res.status).toBe(401);
    });

    it('writes nothing for an unauthenticated create', async () => {
      const before = await countFor(owner.merchantId);
      await callApi(POST, { method: 'POST', path: '/merchant/location', token: 'garbage', body: valid });
      expect(await countFor(owner.merchantId)).toBe(before);
    });
  });

  describe('Accept-Language', () => {
    it('answers msg and field errors in zh-CN, zh-HK and en-US, zh-CN when nothing is known', async () => {
      const cases: [string | undefined, string, string, string][] = [
        ['zh-CN', '门店不存在', '此项为必填项', '门店已添加'],
        ['zh-TW,zh;q=0.9', '分店不存在', '此項為必填', '已新增分店'],
        ['zh-HK', '分店不存在', '此項為必填', '已新增分店'],
        ['en-US,en;q=0.9', 'The location does not exist', 'This field is required', 'Location added'],
        ['fr-FR', 'The location does not exist', 'This field is required', 'Location added'],
        ['', '门店不存在', '此项为必填项', '门店已添加'],
      ];
      for (const [locale, notFoundMsg, required, created] of cases) {
        const headers = { 'accept-language': locale ?? '' };
        const missing = await callApi(GET_ONE, { path: '/merchant/location/2000000001', token: owner.token, params: { id: '2000000001' }, headers });
        expect(missing.body.msg, locale).toBe(notFoundMsg);
        const invalid = await callApi<{ fieldErrors: Record<string, string> }>(POST, { method: 'POST', path: '/merchant/location', token: owner.token, body: { ...valid, locationName: '' }, headers });
        expect(invalid.body.data.fieldErrors.locationName, locale).toBe(required);
        const ok = await callApi<LocationRecord>(POST, { method: 'POST', path: '/merchant/location', token: owner.token, body: valid, headers });
        expect(ok.body.msg, locale).toBe(created);
      }
      const zip = await callApi<{ fieldErrors: Record<string, string> }>(POST, { method: 'POST', path: '/merchant/location', token: owner.token, body: { ...valid, country: 'CN', zipCode: '12345' }, locale: 'zh-HK' });
      expect(zip.body.data.fieldErrors.zipCode).toBe('中國內地郵政編碼為 6 位數字，例如 200040');
    });
  });

  describe('a method a path does not serve', () => {
    it('answers the 405 envelope with Allow, in the caller’s language', async () => {
      const res = await callApi(DELETE_ROOT, { method: 'DELETE', path: '/merchant/location', token: owner.token, locale: 'zh-CN' });
      expect(res.status).toBe(405);
      expectEnvelope(res.body);
      expect(res.body.msg).toBe('请求方法错误');
      expect(res.headers.get('allow')).toBe('POST, PUT');
    });
  });

  describe('a location used by campaigns', () => {
    it('cannot be deleted; the refusal names the campaigns, in the caller’s language', async () => {
      const location = await createLocation(t.db, owner.merchantId, { name: 'Busy Store' });
      const names = ['春季回访', 'Summer review drive'];
      for (const name of names) {
        await t.db.execute(sqlInsertCampaign(owner.merchantId, location.id, name));
      }
      const en = await callApi<{ campaigns: { campaignId: number; campaignName: string }[] }>(DELETE, {
        method: 'DELETE',
        path: `/merchant/location/${location.id}`,
        token: owner.token,
        params: { id: String(location.id) },
      });
      expect(en.status).toBe(409);
      expectEnvelope(en.body);
      expect(en.body.msg).toContain('used by 2 campaigns');
      expect(en.body.msg).toContain('“Summer review drive”');
      expect(en.body.msg).toContain('“春季回访”');
      expect(en.body.data.campaigns.map((c) => c.campaignName).sort()).toEqual([...names].sort());
      const hk = await callApi(DELETE, { method: 'DELETE', path: `/merchant/location/${location.id}`, token: owner.token, params: { id: String(location.id) }, locale: 'zh-HK' });
      expect(hk.body.msg).toContain('「春季回访」');
      const [row] = await t.db.select({ n: count() }).from(locations).where(and(eq(locations.id, location.id), eq(locations.merchantId, owner.merchantId)));
      expect(Number(row.n)).toBe(1);
    });
  });
});

import { sql } from 'drizzle-orm';
function sqlInsertCampaign(merchantId: number, locationId: number, name: string) {
  return sql`insert into campaigns (merchant_id, name, channel, location_id) values (${merchantId}, ${name}, 0, ${locationId})`;
}
