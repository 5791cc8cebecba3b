import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createLocation, createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import * as root from '@/app/api/campaign/route';
import * as one from '@/app/api/campaign/[id]/route';
import * as send from '@/app/api/campaign/[id]/send/route';
import * as schedule from '@/app/api/campaign/[id]/schedule/route';
import * as snapshot from '@/app/api/campaign/members/snapshot/route';
import * as snapshotPage from '@/app/api/campaign/members/snapshot/[snapshotId]/route';
import * as emailPreview from '@/app/api/message/direct/email/preview/route';
import * as smsPreview from '@/app/api/message/direct/sms/preview/route';
import { addContact, addTemplate } from './campaigns-fixtures';

const t = setupTestDatabase();
const driver = process.env.DATABASE_URL ? 'postgres' : 'pglite';

let m: TestMerchant;
let other: TestMerchant;
let locationId: number;
let otherLocationId: number;
let emailTemplateId: number;
let smsTemplateId: number;
let commonSmsTemplateId: number;
let otherTemplateId: number;
let memberId: number;

const future = () => new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
const draft = (over: Record<string, unknown> = {}) => ({ campaignName: '  Spring review push  ', campaignChannel: 1, templateId: smsTemplateId, locationId, sendType: 0, timezone: 'Asia/Tokyo', ...over });

beforeAll(async () => {
  m = await createMerchant(t.db);
  other = await createMerchant(t.db);
  locationId = (await createLocation(t.db, m.merchantId, { name: 'Harbour Café', reviewLink: 'https://g.page/r/harbour/review' })).id;
  otherLocationId = (await createLocation(t.db, other.merchantId)).id;
  emailTemplateId = (await addTemplate(t.db, m.merchantId, 0)).id;
  smsTemplateId = (await addTemplate(t.db, m.merchantId, 1, { includeUnsubscribe: true })).id;
  commonSmsTemplateId = (await addTemplate(t.db, 0, 1, { name: 'Common SMS' })).id;
  otherTemplateId = (await addTemplate(t.db, other.merchantId, 1)).id;
  memberId = (await addContact(t.db, m.merchantId, locationId, { firstName: '小明', lastName: '王', email: 'ming@example.com', phone: '+8613800138000', emailOptIn: true, smsOptIn: true, gender: 'male' })).id;
  await addContact(t.db, m.merchantId, locationId, { firstName: 'Bea', lastName: 'Chan', phone: '+85291234567', smsOptIn: true, gender: 'female' });
  await addContact(t.db, m.merchantId, locationId, { firstName: 'Out', lastName: 'Opted', phone: '+85291234568', smsOptIn: false });
});

describe(`campaign calls (${driver})`, () => {
  it('POST /campaign creates a draft and answers its id; the name is trimmed', async () => {
    const res = await callApi<{ campaignId: number; id: number }>(root.POST, { method: 'POST', path: '/campaign', token: m.token, body: draft() });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    const id = res.body.data.campaignId;
    expect(res.body.data.id).toBe(id);
    const got = await callApi<Record<string, unknown>>(one.GET, { path: `/campaign/${id}`, token: m.token, params: { id: String(id) } });
    expect(got.body.data).toMatchObject({ campaignId: id, campaignName: 'Spring review push', status: 0, campaignChannel: 1, sendType: 0, timezone: 'Asia/Tokyo', locationName: 'Harbour Café', templateName: 'Review SMS', delivered: '-', allowedActions: ['send', 'edit', 'delete', 'details'] });
    expect(JSON.parse(String(got.body.data.filterConditions))).toMatchObject({ optInOnly: true, tags: [] });
  });

  it('refuses bad input with field messages, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [draft({ campaignName: '   ' }), 'campaignName'],
      [draft({ campaignName: 'x'.repeat(101) }), 'campaignName'],
      [draft({ templateId: '' }), 'templateId'],
      [draft({ locationId: null }), 'locationId'],
      [draft({ campaignChannel: 2 }), 'campaignChannel'],
      [draft({ timezone: 'Mars/Base' }), 'timezone'],
      [draft({ sendType: 1, scheduledTime: null }), 'scheduledTime'],
      [draft({ isBatchSend: 1, deliveryWindow: '' }), 'deliveryWindow'],
      [draft({ avoidHours: '22:00-7:00' }), 'avoidHours'],
      [draft({ filterConditions: '{"silentDays": 4000}' }), 'filterConditions.silentDays'],
      [draft({ filterConditions: 'not json' }), 'filterConditions'],
    ];
    for (const [body, field] of cases) {
      const res = await callApi<{ fieldErrors: Record<string, string> }>(root.POST, { method: 'POST', path: '/campaign', token: m.token, body });
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.data.fieldErrors), field).toContain(field);
    }
    const past = await callApi(root.POST, { method: 'POST', path: '/campaign', token: m.token, body: draft({ sendType: 1, scheduledTime: '2020-01-01 10:00' }) });
    expect(past.status).toBe(400);
    expect(past.body.msg).toBe('The send time cannot be in the past');
    const wrongChannel = await callApi(root.POST, { method: 'POST', path: '/campaign', token: m.token, body: draft({ templateId: emailTemplateId }) });
    expect(wrongChannel.status).toBe(400);
    const badJson = await callApi(root.POST, { method: 'POST', path: '/campaign', token: m.token, rawBody: '{oops', headers: { 'content-type': 'application/json' } });
    expect(badJson.status).toBe(400);
    const anonymous = await callApi(root.POST, { method: 'POST', path: '/campaign', body: draft() });
    expect(anonymous.status).toBe(401);
  });

  it('accepts a wall-clock scheduled time in the campaign zone, and a common template', async () => {
    const when = new Date(Date.now() + 2 * 24 * 3600 * 1000);
    const local = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo', dateStyle: 'short', timeStyle: 'short' }).format(when);
    const res = await callApi<{ campaignId: number }>(root.POST, { method: 'POST', path: '/campaign', token: m.token, body: draft({ sendType: 1, scheduledTime: local, templateId: commonSmsTemplateId }) });
    expect(res.status).toBe(200);
    const got = await callApi<{ scheduledTime: string; allowedActions: string[] }>(one.GET, { path: '/campaign/x', token: m.token, params: { id: String(res.body.data.campaignId) } });
    expect(Math.abs(new Date(got.body.data.scheduledTime).getTime() - when.getTime())).toBeLessThan(60_000);
    expect(got.body.data.allowedActions).toEqual(['schedule', 'edit', 'delete', 'details']);
  });

  it('PUT /campaign updates a draft; refuses an unknown or foreign id with 404', async () => {
    const { body } = await callApi<{ campaignId: number }>(root.POST, { method: 'POST', path: '/campaign', token: m.token, body: draft() });
    const id = body.data.campaignId;
    const put = await callApi(root.PUT, { method: 'PUT', path: '/campaign', token: m.token, body: { ...draft({ campaignName: 'Renamed', avoidHours: '22:00-08:00,12:00-13:00' }), campaignId: id } });
    expect(put.status).toBe(200);
    const got = await callApi<{ campaignName: string; avoidHours: string; version: number }>(one.GET, { path: '/campaign/x', token: m.token, params: { id: String(id) } });
    expect(got.body.data).toMatchObject({ campaignName: 'Renamed', avoidHours: '22:00-08:00,12:00-13:00', version: 2 });
    const foreign = await callApi(root.PUT, { method: 'PUT', path: '/campaign', token: other.token, body: { ...draft({ locationId: otherLocationId, templateId: otherTemplateId }), campaignId: id } });
    expect(foreign.status).toBe(404);
    const missing = await callApi(root.PUT, { method: 'PUT', path: '/campaign', token: m.token, body: { ...draft(), campaignId: 999999 } });
    expect(missing.status).toBe(404);
    const noId = await callApi(root.PUT, { method: 'PUT', path: '/campaign', token: m.token, body: draft() });
    expect(noId.status).toBe(400);
  });

  it("another merchant's campaign, template, location or snapshot answers 404", async () => {
    const { body } = await callApi<{ campaignId: number }>(root.POST, { method: 'POST', path: '/campaign', token: m.token, body: draft() });
    const id = String(body.data.campaignId);
    expect((await callApi(one.GET, { path: '/campaign/x', token: other.token, params: { id } })).status).toBe(404);
    expect((await callApi(one.DELETE, { method: 'DELETE', path: '/campaign/x', token: other.token, params: { id } })).status).toBe(404);
    expect((await callApi(send.POST, { method: 'POST', path: '/campaign/x/send', token: other.token, params: { id } })).status).toBe(404);
    expect((await callApi(root.POST, { method: 'POST', path: '/campaign', token: m.token, body: draft({ templateId: otherTemplateId }) })).status).toBe(404);
    expect((await callApi(root.POST, { method: 'POST', path: '/campaign', token: m.token, body: draft({ locationId: otherLocationId }) })).status).toBe(404);
    const snap = await callApi<{ snapshotId: number }>(snapshot.POST, { method: 'POST', path: '/campaign/members/snapshot', token: m.token, body: { locationId, campaignChannel: 1, filterConditions: '{}' } });
    const sid = String(snap.body.data.snapshotId);
    expect((await callApi(snapshotPage.GET, { path: `/campaign/members/snapshot/${sid}`, token: other.token, params: { snapshotId: sid } })).status).toBe(404);
    expect((await callApi(snapshot.POST, { method: 'POST', path: '/campaign/members/snapshot', token: other.token, body: { locationId, campaignChannel: 1 } })).status).toBe(404);
    expect((await callApi(smsPreview.POST, { method: 'POST', path: '/message/direct/sms/preview', token: other.token, body: { memberId, templateId: smsTemplateId, locationId } })).status).toBe(404);
    expect((await callApi(root.POST, { method: 'POST', path: '/campaign', token: m.token, body: draft({ snapshotId: 999999 }) })).status).toBe(404);
  });

  it('GET /campaign pages with searchConditions (channel, status, keyword, sort)', async () => {
    const fresh = await createMerchant(t.db);
    const loc = (await createLocation(t.db, fresh.merchantId)).id;
    const sms = (await addTemplate(t.db, fresh.merchantId, 1)).id;
    const email = (await addTemplate(t.db, fresh.merchantId, 0)).id;
    for (let i = 0; i < 12; i++) {
      await callApi(root.POST, { method: 'POST', path: '/campaign', token: fresh.token, body: { campaignName: `Request ${String(i).padStart(2, '0')}`, campaignChannel: i % 3 === 0 ? 0 : 1, templateId: i % 3 === 0 ? email : sms, locationId: loc } });
    }
    const list = (q: Record<string, unknown>, pageNum = 1, pageSize = 10) =>
      callApi<{ total: number; records: { campaignName: string; campaignChannel: number }[] }>(root.GET, { path: `/campaign?pageNum=${pageNum}&pageSize=${pageSize}&searchConditions=${encodeURIComponent(JSON.stringify(q))}`, token: fresh.token });
    const first = await list({});
    expect(first.body.data.total).toBe(12);
    expect(first.body.data.records).toHaveLength(10);
    expect(first.body.data.records[0].campaignName).toBe('Request 11');
    expect((await list({}, 2)).body.data.records).toHaveLength(2);
    expect((await list({ sortOrder: 'asc' })).body.data.records[0].campaignName).toBe('Request 00');
    expect((await list({ campaignChannel: 0 })).body.data.total).toBe(4);
    expect((await list({ campaignChannel: 1, status: 0 })).body.data.total).toBe(8);
    expect((await list({ status: 2 })).body.data.total).toBe(0);
    expect((await list({ keyword: 'request 1' })).body.data.total).toBe(2);
    expect((await list({ keyword: '100%_' })).body.data.total).toBe(0);
    // Statements are prepared per filter shape: the same shape with other values answers its own.
    expect((await list({ campaignChannel: 1 })).body.data.total).toBe(8);
    expect((await list({ keyword: 'request 0' })).body.data.total).toBe(10);
    expect((await list({ sortOrder: 'asc' }, 2)).body.data.records.map((r) => r.campaignName)).toEqual(['Request 10', 'Request 11']);
    const bad = await callApi(root.GET, { path: '/campaign?searchConditions=%7Bbad', token: fresh.token });
    expect(bad.status).toBe(400);
    const badPage = await callApi(root.GET, { path: '/campaign?pageNum=0', token: fresh.token });
    expect(badPage.status).toBe(400);
  });

  it('snapshot: builds from filters, pages members with spec fields, refuses bad input', async () => {
    const res = await callApi<{ snapshotId: number; id: number }>(snapshot.POST, { method: 'POST', path: '/campaign/members/snapshot', token: m.token, body: { locationId, campaignChannel: 1, filterConditions: JSON.stringify({ optInOnly: true }) } });
    expect(res.status).toBe(200);
    const sid = res.body.data.snapshotId;
    expect(res.body.data.id).toBe(sid);
    const page = await callApi<{ total: number; records: Record<string, unknown>[] }>(snapshotPage.GET, { path: `/campaign/members/snapshot/${sid}?pageNum=1&pageSize=1`, token: m.token, params: { snapshotId: String(sid) } });
    expect(page.body.data.total).toBe(2);
    expect(page.body.data.records).toHaveLength(1);
    expect(page.body.data.records[0]).toEqual({ memberId, id: memberId, firstName: '小明', lastName: '王', gender: 1, email: 'ming@example.com', phone: '+8613800138000' });
    expect((await callApi(snapshot.POST, { method: 'POST', path: '/campaign/members/snapshot', token: m.token, body: { campaignChannel: 1 } })).status).toBe(400);
    expect((await callApi(snapshot.POST, { method: 'POST', path: '/campaign/members/snapshot', token: m.token, body: { locationId, campaignChannel: 1, filterConditions: { silentDays: -1 } } })).status).toBe(400);
    expect((await callApi(snapshotPage.GET, { path: '/campaign/members/snapshot/abc', token: m.token, params: { snapshotId: 'abc' } })).status).toBe(400);
    expect((await callApi(snapshotPage.GET, { path: '/campaign/members/snapshot/999999', token: m.token, params: { snapshotId: '999999' } })).status).toBe(404);
  });

  it('message preview renders for the member with the location review link', async () => {
    const sms = await callApi<Record<string, unknown>>(smsPreview.POST, { method: 'POST', path: '/message/direct/sms/preview', token: m.token, locale: 'zh-CN', body: { memberId, templateId: smsTemplateId, variables: {}, locationId } });
    expect(sms.status).toBe(200);
    expect(sms.body.data).toMatchObject({
      templateId: smsTemplateId,
      templateName: 'Review SMS',
      subject: '',
      content: 'Hi 小明, review us: https://g.page/r/harbour/review 回复TD退订',
      memberName: '王小明',
      memberEmail: 'ming@example.com',
      memberPhone: '+8613800138000',
    });
    const vars = sms.body.data.variables as Record<string, string>;
    expect(vars.reviewLink).toBe('https://g.page/r/harbour/review');
    expect(vars.fullName).toBe('王小明');
    expect(vars.unsubscribeLink).toMatch(/\/u\/.+action=optout&channel=sms/);
    const email = await callApi<Record<string, string>>(emailPreview.POST, { method: 'POST', path: '/message/direct/email/preview', token: m.token, body: { memberId, templateId: emailTemplateId, variables: {}, location: 'Harbour Café' } });
    expect(email.status).toBe(200);
    expect(email.body.data.subject).toBe('Hi 小明');
    expect(email.body.data.content).toContain('href="https://g.page/r/harbour/review"');
    // Wrong channel, missing member, missing template, unknown location label.
    expect((await callApi(emailPreview.POST, { method: 'POST', path: '/x', token: m.token, body: { memberId, templateId: smsTemplateId, location: 'Harbour Café' } })).status).toBe(400);
    expect((await callApi(smsPreview.POST, { method: 'POST', path: '/x', token: m.token, body: { memberId: 999999, templateId: smsTemplateId, locationId } })).status).toBe(404);
    expect((await callApi(smsPreview.POST, { method: 'POST', path: '/x', token: m.token, body: { memberId, templateId: 999999, locationId } })).status).toBe(404);
    expect((await callApi(emailPreview.POST, { method: 'POST', path: '/x', token: m.token, body: { memberId, templateId: emailTemplateId, location: 'Nowhere' } })).status).toBe(404);
    const noMember = await callApi(smsPreview.POST, { method: 'POST', path: '/x', token: m.token, body: { templateId: smsTemplateId, locationId } });
    expect(noMember.status).toBe(400);
    expect(noMember.body.msg).toContain('No members for preview');
  });

  it('DELETE /campaign/{id} removes a draft; schedule refuses a time that has passed', async () => {
    const { body } = await callApi<{ campaignId: number }>(root.POST, { method: 'POST', path: '/campaign', token: m.token, body: draft({ sendType: 1, scheduledTime: future() }) });
    const id = String(body.data.campaignId);
    const scheduled = await callApi(schedule.POST, { method: 'POST', path: '/x', token: m.token, params: { id } });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.msg).toBe('The request is scheduled');
    expect((await callApi(one.DELETE, { method: 'DELETE', path: '/x', token: m.token, params: { id } })).status).toBe(400);
    const d = await callApi<{ campaignId: number }>(root.POST, { method: 'POST', path: '/campaign', token: m.token, body: draft() });
    const did = String(d.body.data.campaignId);
    expect((await callApi(one.DELETE, { method: 'DELETE', path: '/x', token: m.token, params: { id: did } })).status).toBe(200);
    expect((await callApi(one.GET, { path: '/x', token: m.token, params: { id: did } })).status).toBe(404);
  });
});
