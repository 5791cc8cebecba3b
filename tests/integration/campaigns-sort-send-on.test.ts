import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createLocation, createMerchant } from '@/tests/fixtures/factories';
import { campaigns } from '@/db/schema/campaigns';
import * as root from '@/app/api/campaign/route';
import { addTemplate } from './campaigns-fixtures';

/**
 * "Time: newest first" ordered by creation while the list shows a "Send on" column: a request
 * scheduled for next week, made first, sat below one sent yesterday. The list now sorts by the
 * Send on column itself (the scheduled time of a schedule, else when sending started), requests
 * not sent yet last; and it says so ("Send on: newest first").
 */
const t = setupTestDatabase();
const DAY = 86_400_000;

describe(`the campaign list sorted by Send on (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('orders by the Send on column, newest or oldest first, with requests not sent yet last', async () => {
    const m = await createMerchant(t.db, { email: 'sort@latte.example' });
    const loc = (await createLocation(t.db, m.merchantId)).id;
    const tpl = (await addTemplate(t.db, m.merchantId, 0)).id;
    const make = async (name: string) => {
      const res = await callApi<{ campaignId: number }>(root.POST, { method: 'POST', path: '/campaign', token: m.token, body: { campaignName: name, campaignChannel: 0, templateId: tpl, locationId: loc } });
      return res.body.data.campaignId;
    };
    const now = Date.now();
    // Made first, sent in a week; made second, sent yesterday; made last, a draft.
    const nextWeek = await make('Scheduled next week');
    const yesterday = await make('Sent yesterday');
    await make('Draft');
    await t.db.update(campaigns).set({ status: 1, sendType: 1, scheduledTime: new Date(now + 7 * DAY), startTime: null }).where(eq(campaigns.id, nextWeek));
    await t.db.update(campaigns).set({ status: 5, sendType: 0, startTime: new Date(now - DAY), scheduledTime: new Date(now + 30 * DAY) }).where(eq(campaigns.id, yesterday));
    const names = async (sortOrder: 'asc' | 'desc') =>
      (await callApi<{ records: { campaignName: string }[] }>(root.GET, { path: `/campaign?pageNum=1&pageSize=10&searchConditions=${encodeURIComponent(JSON.stringify({ sortBy: 'sendTime', sortOrder }))}`, token: m.token })).body.data.records.map((r) => r.campaignName);
    expect(await names('desc')).toEqual(['Scheduled next week', 'Sent yesterday', 'Draft']);
    expect(await names('asc')).toEqual(['Sent yesterday', 'Scheduled next week', 'Draft']);
  });
});
