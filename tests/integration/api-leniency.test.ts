import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { templates } from '@/db/schema/templates';
import * as templateList from '@/app/api/campaign/template/route';
import * as templateOne from '@/app/api/campaign/template/[id]/route';
import { POST as createLocation } from '@/app/api/merchant/location/route';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { setupTestDatabase } from '@/tests/fixtures/test-db';

/** Issue 23, point 5: isDefault takes 0/1 as the spec writes its flags; a Hong Kong location takes 999077. */
const t = setupTestDatabase();
let owner: TestMerchant;

beforeAll(async () => {
  owner = await createMerchant(t.db);
});

const sms = { templateName: 'Flag test', type: 1, content: 'Hi {{firstName}} {{googleReviewLink}}', scene: 'subsequent' };
const createTemplate = (body: unknown) => callApi<{ templateId: number; fieldErrors?: Record<string, string> }>(templateList.POST, { method: 'POST', path: '/campaign/template', token: owner.token, body });
const storedDefault = async (id: number) => (await t.db.select({ isDefault: templates.isDefault }).from(templates).where(eq(templates.id, id)))[0].isDefault;

describe(`API leniency (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('takes isDefault as 1/0 or true/false on create and update', async () => {
    for (const [given, stored] of [[1, true], [0, false], [true, true], [false, false]] as const) {
      const res = await createTemplate({ ...sms, isDefault: given });
      expect(res.status, String(given)).toBe(200);
      expect(await storedDefault(res.body.data.templateId), String(given)).toBe(stored);
    }
    const made = await createTemplate({ ...sms, isDefault: 0 });
    const id = made.body.data.templateId;
    const put = await callApi(templateOne.PUT, { method: 'PUT', path: `/campaign/template/${id}`, token: owner.token, params: { id: String(id) }, body: { ...sms, isDefault: 1 } });
    expect(put.status).toBe(200);
    expect(await storedDefault(id)).toBe(true);
  });

  it('refuses any other isDefault with the catalogue {code, msg} and the field message', async () => {
    for (const given of [2, -1, '1', 'yes', 'true', 0.5]) {
      const res = await createTemplate({ ...sms, isDefault: given });
      expect(res.status, JSON.stringify(given)).toBe(400);
      expect(res.body.code).toBe(400);
      expect(res.body.msg).toBeTruthy();
      expect(res.body.data.fieldErrors?.isDefault, JSON.stringify(given)).toBe('Not an allowed value');
    }
  });

  it('takes a Hong Kong location with 999077 or an empty zip code, and refuses other codes', async () => {
    const hk = { locationName: '晨光咖啡 中環店', address: '皇后大道中 88 號', city: '香港', state: '中西區', country: 'HK', phone: '+852 2877-1234', timezone: 'Asia/Hong_Kong' };
    for (const [zipCode, stored] of [['999077', '999077'], ['', ''], [undefined, '']] as const) {
      const res = await callApi<{ zipCode: string }>(createLocation, { method: 'POST', path: '/merchant/location', token: owner.token, body: { ...hk, zipCode } });
      expect(res.status, String(zipCode)).toBe(200);
      expect(res.body.data.zipCode).toBe(stored);
    }
    for (const zipCode of ['999078', '000000', '999 077']) {
      const res = await callApi<{ fieldErrors: Record<string, string> }>(createLocation, { method: 'POST', path: '/merchant/location', token: owner.token, body: { ...hk, zipCode } });
      expect(res.status, zipCode).toBe(400);
      expect(res.body.code).toBe(400);
      expect(res.body.data.fieldErrors.zipCode).toBe('Hong Kong has no postal codes: leave this empty (or use 999077)');
    }
    const zh = await callApi<{ fieldErrors: Record<string, string> }>(createLocation, { method: 'POST', path: '/merchant/location', token: owner.token, body: { ...hk, zipCode: '12345' }, locale: 'zh-HK' });
    expect(zh.body.data.fieldErrors.zipCode).toBe('香港沒有郵政編碼：請留空（或填 999077）');
  });
});
