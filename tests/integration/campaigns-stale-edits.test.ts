import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createLocation, createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import * as root from '@/app/api/campaign/route';
import * as one from '@/app/api/campaign/[id]/route';
import * as send from '@/app/api/campaign/[id]/send/route';
import { campaignSaveSchema } from '@/lib/campaigns/schema';
import { updateCampaign } from '@/lib/campaigns/save-campaign';
import { addContact, addTemplate } from './campaigns-fixtures';

// Found from outside: a campaign form opened before another user narrowed the draft to one
// recipient saved its stale values over theirs and sent to the whole location (33 instead of 1).
// `version` (what the record answers) now refuses an update of a newer draft.
const t = setupTestDatabase();
const driver = process.env.DATABASE_URL ? 'postgres' : 'pglite';

let m: TestMerchant;
let locationId: number;
let templateId: number;

type Campaign = Record<string, unknown> & { campaignId: number; version: number; campaignName: string; totalRecords: number };

beforeAll(async () => {
  m = await createMerchant(t.db);
  locationId = (await createLocation(t.db, m.merchantId)).id;
  // A shop in Hong Kong too: SMS go only to the countries of the merchant's locations (lib/sending-policy).
  await createLocation(t.db, m.merchantId, { name: 'Central Store', country: 'HK', timezone: 'Asia/Hong_Kong' });
  templateId = (await addTemplate(t.db, m.merchantId, 1)).id;
  for (let i = 0; i < 5; i++) await addContact(t.db, m.merchantId, locationId, { firstName: `M${i}`, phone: `+8529123450${i}`, smsOptIn: true });
});

const draft = (over: Record<string, unknown> = {}) => ({ campaignName: 'Spring', campaignChannel: 1, templateId, locationId, sendType: 0, ...over });
const read = async (id: number) => (await callApi<Campaign>(one.GET, { path: `/campaign/${id}`, token: m.token, params: { id: String(id) } })).body.data;
const put = (body: Record<string, unknown>) => callApi<{ campaignId: number; version: number }>(root.PUT, { method: 'PUT', path: '/campaign', token: m.token, body });

async function newDraft(): Promise<Campaign> {
  const res = await callApi<{ campaignId: number; version: number }>(root.POST, { method: 'POST', path: '/campaign', token: m.token, body: draft() });
  expect(res.body.data.version).toBe(1);
  return read(res.body.data.campaignId);
}

describe(`stale campaign edits (${driver})`, () => {
  it('PUT with a stale version answers 409 and writes nothing; the current one or none saves', async () => {
    const c = await newDraft();
    const saved = await put({ ...draft({ campaignName: 'Owner' }), campaignId: c.campaignId, version: c.version });
    expect(saved.status).toBe(200);
    expect(saved.body.data.version).toBe(c.version + 1);

    const stale = await put({ ...draft({ campaignName: 'Staff' }), campaignId: c.campaignId, version: c.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 409, msg: 'This was changed by someone else since you opened it. Reload to see the changes.', data: { stale: true } });
    expect(await read(c.campaignId)).toMatchObject({ campaignName: 'Owner', version: c.version + 1 });

    const unversioned = await put({ ...draft({ campaignName: 'Anyone' }), campaignId: c.campaignId });
    expect(unversioned.status).toBe(200);
    expect(await read(c.campaignId)).toMatchObject({ campaignName: 'Anyone', version: c.version + 2 });
  });

  it('a stale form does not widen a draft narrowed meanwhile, and its send never happens', async () => {
    const c = await newDraft();
    // The owner narrows the draft to one recipient while the staff's form is open on version 1.
    await put({ ...draft({ recipientName: 'Only One', recipientPhone: '+85291234500' }), campaignId: c.campaignId, version: c.version });
    // The staff's Send now saves first: refused, so the form stops before sending.
    const stale = await put({ ...draft(), campaignId: c.campaignId, version: c.version });
    expect(stale.status).toBe(409);
    const sent = await callApi<Campaign>(send.POST, { method: 'POST', path: '/x', token: m.token, params: { id: String(c.campaignId) } });
    expect(sent.body.data.totalRecords).toBe(1);
  });

  it('a campaign sent since the copy was read answers 409 to that copy', async () => {
    const c = await newDraft();
    await callApi(send.POST, { method: 'POST', path: '/x', token: m.token, params: { id: String(c.campaignId) } });
    const stale = await put({ ...draft(), campaignId: c.campaignId, version: c.version });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toMatch(/changed by someone else/);
  });

  it('the form\'s save (its schema, the service) answers the new version and refuses its old one', async () => {
    const c = await newDraft();
    const input = (name: string, version: number) => campaignSaveSchema.parse({ ...draft({ campaignName: name }), campaignId: c.campaignId, version });
    const saved = await updateCampaign(m.ctx, { ...input('Form', c.version), campaignId: c.campaignId });
    expect(saved.version).toBe(c.version + 1);
    await expect(updateCampaign(m.ctx, { ...input('Form again', c.version), campaignId: c.campaignId })).rejects.toMatchObject({ code: 'CONFLICT', messageKey: 'errors.staleEdit', options: { details: { stale: true } } });
    expect((await read(c.campaignId)).campaignName).toBe('Form');
  });

  it('a malformed version is refused beside the field', async () => {
    const c = await newDraft();
    const res = await put({ ...draft(), campaignId: c.campaignId, version: 'two' });
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ fieldErrors: { version: expect.any(String) } });
  });
});
