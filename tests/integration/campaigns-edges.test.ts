import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { campaigns } from '@/db/schema/campaigns';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createLocation, createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import * as root from '@/app/api/campaign/route';
import * as one from '@/app/api/campaign/[id]/route';
import * as pauseRoute from '@/app/api/campaign/[id]/pause/route';
import * as sendRoute from '@/app/api/campaign/[id]/send/route';
import * as stopRoute from '@/app/api/campaign/[id]/stop/route';
import * as snapshot from '@/app/api/campaign/members/snapshot/route';
import * as snapshotPage from '@/app/api/campaign/members/snapshot/[snapshotId]/route';
import { addContact, addTemplate } from './campaigns-fixtures';

/** Edges of the campaign calls: edits after drafting, malformed ids, recipients, page sizes, time spans. */
const t = setupTestDatabase();
const driver = process.env.DATABASE_URL ? 'postgres' : 'pglite';
let m: TestMerchant;
let locationId: number;
let smsTemplateId: number;
let emailTemplateId: number;

const draft = (over: Record<string, unknown> = {}) => ({ campaignName: 'Edge request', campaignChannel: 1, templateId: smsTemplateId, locationId, sendType: 0, timezone: 'Europe/London', ...over });
const create = (body: Record<string, unknown>) => callApi<{ campaignId: number }>(root.POST, { method: 'POST', path: '/campaign', token: m.token, body });
const fieldsOf = (res: { body: { data: unknown } }) => Object.keys((res.body.data as { fieldErrors?: object } | null)?.fieldErrors ?? {});

beforeAll(async () => {
  m = await createMerchant(t.db);
  locationId = (await createLocation(t.db, m.merchantId, { reviewLink: 'https://g.page/r/edge/review' })).id;
  // A shop in London too: SMS go only to the countries of the merchant's locations (lib/sending-policy).
  await createLocation(t.db, m.merchantId, { name: 'London Store', country: 'GB', timezone: 'Europe/London' });
  smsTemplateId = (await addTemplate(t.db, m.merchantId, 1)).id;
  emailTemplateId = (await addTemplate(t.db, m.merchantId, 0)).id;
  for (let i = 0; i < 55; i++) await addContact(t.db, m.merchantId, locationId, { firstName: `M${i}`, phone: `+4477009${String(i).padStart(5, '0')}`, smsOptIn: true });
});

describe(`campaign call edges (${driver})`, () => {
  it('PUT /campaign refuses a campaign that is no longer a draft, and leaves it unchanged', async () => {
    const id = (await create(draft())).body.data.campaignId;
    expect((await callApi(sendRoute.POST, { method: 'POST', path: '/x', token: m.token, params: { id: String(id) } })).status).toBe(200);
    for (const status of [2, 3, 5]) {
      await t.db.update(campaigns).set({ status }).where(eq(campaigns.id, id));
      const put = await callApi(root.PUT, { method: 'PUT', path: '/campaign', token: m.token, body: { ...draft({ campaignName: 'Changed after sending' }), campaignId: id } });
      expect(put.status).toBe(400);
      expect(put.body.msg).not.toBe('');
      const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
      expect([row.name, row.status]).toEqual(['Edge request', status]);
    }
  });

  it('answers 400, never 404 or 500, for malformed ids on GET, DELETE and the status actions', async () => {
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999', '1e3x', '']) {
      const params = { id: bad };
      expect((await callApi(one.GET, { path: `/campaign/${bad}`, token: m.token, params })).status, `GET ${bad}`).toBe(400);
      expect((await callApi(one.DELETE, { method: 'DELETE', path: `/campaign/${bad}`, token: m.token, params })).status, `DELETE ${bad}`).toBe(400);
      expect((await callApi(pauseRoute.POST, { method: 'POST', path: `/campaign/${bad}/pause`, token: m.token, params })).status, `pause ${bad}`).toBe(400);
      expect((await callApi(stopRoute.POST, { method: 'POST', path: `/campaign/${bad}/stop`, token: m.token, params })).status, `stop ${bad}`).toBe(400);
    }
    expect((await callApi(root.PUT, { method: 'PUT', path: '/campaign', token: m.token, body: { ...draft(), campaignId: 'abc' } })).status).toBe(400);
    expect((await callApi(root.PUT, { method: 'PUT', path: '/campaign', token: m.token, body: { ...draft(), campaignId: 99999999999 } })).status).toBe(400);
  });

  it('refuses a bad single recipient with a field error, on both channels', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [draft({ campaignChannel: 0, templateId: emailTemplateId, recipientEmail: 'not-an-email' }), 'recipientEmail'],
      [draft({ campaignChannel: 0, templateId: emailTemplateId, recipientEmail: `${'a'.repeat(250)}@example.com` }), 'recipientEmail'],
      [draft({ recipientPhone: '12345' }), 'recipientPhone'],
      [draft({ recipientPhone: '+44 7700 900abc' }), 'recipientPhone'],
      // A name alone, or an address of the other channel, is no recipient for this channel.
      [draft({ recipientName: 'Ann', recipientEmail: 'ann@example.com' }), 'recipientPhone'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    }
    const snap = await callApi(snapshot.POST, { method: 'POST', path: '/campaign/members/snapshot', token: m.token, body: { locationId, campaignChannel: 1, recipientPhone: 'call me' } });
    expect(snap.status).toBe(400);
    // A real UK mobile: Ofcom's drama range (07700 900xxx) is no number (lib/phone/read.ts).
    const ok = await create(draft({ recipientName: 'Ann Lee', recipientPhone: '+44 7400 123456' }));
    expect(ok.status).toBe(200);
  });

  it('pages a snapshot with sizes 1-100 and refuses sizes and pages outside it', async () => {
    const res = await callApi<{ snapshotId: number }>(snapshot.POST, { method: 'POST', path: '/campaign/members/snapshot', token: m.token, body: { locationId, campaignChannel: 1, filterConditions: '{}' } });
    const sid = String(res.body.data.snapshotId);
    const page = (q: string) => callApi<{ total: number; records: unknown[] }>(snapshotPage.GET, { path: `/campaign/members/snapshot/${sid}?${q}`, token: m.token, params: { snapshotId: sid } });
    expect((await page('')).body.data.records).toHaveLength(20);
    for (const size of [10, 20, 50]) expect((await page(`pageNum=1&pageSize=${size}`)).body.data.records).toHaveLength(size);
    expect((await page('pageNum=2&pageSize=50')).body.data).toMatchObject({ total: 55, records: expect.any(Array) });
    expect((await page('pageNum=2&pageSize=50')).body.data.records).toHaveLength(5);
    expect((await page('pageNum=9&pageSize=50')).body.data.records).toHaveLength(0);
    for (const bad of ['pageSize=0', 'pageSize=101', 'pageSize=1000000', 'pageSize=abc', 'pageSize=2.5', 'pageNum=0', 'pageNum=-1']) {
      expect((await page(bad)).status, bad).toBe(400);
    }
  });

  it('refuses a delivery window or quiet-hour range over 24 hours, and accepts ones crossing midnight', async () => {
    for (const deliveryWindow of ['20:00-44:00', '09:00-24:30', '08:00-08:00-09:00']) {
      const res = await create(draft({ isBatchSend: 1, deliveryWindow }));
      expect(res.status, deliveryWindow).toBe(400);
      expect(fieldsOf(res)).toContain('deliveryWindow');
    }
    for (const avoidHours of ['22:00-32:00', '12:00-13:00,23:00-25:00']) {
      const res = await create(draft({ avoidHours }));
      expect(res.status, avoidHours).toBe(400);
      expect(fieldsOf(res)).toContain('avoidHours');
    }
    const night = await create(draft({ isBatchSend: 1, deliveryWindow: '22:00-06:00', avoidHours: '23:30-00:30' }));
    expect(night.status).toBe(200);
    const got = await callApi<{ deliveryWindow: string; avoidHours: string }>(one.GET, { path: '/x', token: m.token, params: { id: String(night.body.data.campaignId) } });
    expect(got.body.data).toMatchObject({ deliveryWindow: '22:00-06:00', avoidHours: '23:30-00:30' });
    // Exactly 24 hours (an end equal to the start) is the longest span allowed.
    expect((await create(draft({ isBatchSend: 1, deliveryWindow: '06:00-06:00' }))).status).toBe(200);
  });
});
