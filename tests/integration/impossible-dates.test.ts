import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '@/db/schema/campaigns';
import * as reviewsRoute from '@/app/api/reviews/route';
import * as reviewReport from '@/app/api/reviews/report/route';
import * as dashboardRoute from '@/app/api/dashboard/route';
import * as forecastRoute from '@/app/api/sending/forecast/route';
import * as campaignRoot from '@/app/api/campaign/route';
import * as campaignOne from '@/app/api/campaign/[id]/route';
import * as campaignSend from '@/app/api/campaign/[id]/send/route';
import * as snapshotRoute from '@/app/api/campaign/members/snapshot/route';
import { callApi } from '@/tests/fixtures/api';
import { createLocation, createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { addContact, addTemplate } from './campaigns-fixtures';

/**
 * Dates that are well shaped but do not exist (found from outside: each answered 500, and a draft
 * saved with one could never be sent). Every date field answers 400 with its field's message.
 */
const t = setupTestDatabase();
const driver = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const IMPOSSIBLE = ['2026-02-29', '2026-02-30', '2026-11-31', '2026-13-01', '2026-00-10', '2026-01-00', '0000-01-01'];

let m: TestMerchant;
let locationId: number;
let templateId: number;

beforeAll(async () => {
  m = await createMerchant(t.db);
  locationId = (await createLocation(t.db, m.merchantId, { name: 'Calendar Café', reviewLink: 'https://g.page/r/cal/review' })).id;
  templateId = (await addTemplate(t.db, m.merchantId, 0)).id;
  await addContact(t.db, m.merchantId, locationId, { firstName: 'Ada', lastName: 'Lee', email: 'ada@example.com', emailOptIn: true });
});

const draft = (over: Record<string, unknown> = {}) => ({ campaignName: 'Calendar', campaignChannel: 0, templateId, locationId, sendType: 0, timezone: 'Asia/Shanghai', ...over });

describe(`impossible dates (${driver})`, () => {
  it('review list, report and dashboard refuse them as a field error', async () => {
    for (const day of IMPOSSIBLE) {
      const list = await callApi<{ fieldErrors: Record<string, string> }>(reviewsRoute.GET, { path: `/reviews?from=${day}`, token: m.token });
      expect([list.status, list.body.code, list.body.data.fieldErrors?.from], day).toEqual([400, 400, 'Enter a real date as YYYY-MM-DD']);
      const report = await callApi<{ fieldErrors: Record<string, string> }>(reviewReport.GET, { path: `/reviews/report?to=${day}`, token: m.token });
      expect([report.status, report.body.data.fieldErrors?.to], day).toEqual([400, 'Enter a real date as YYYY-MM-DD']);
      const dashboard = await callApi<{ fieldErrors: Record<string, string> }>(dashboardRoute.GET, { path: `/dashboard?period=custom&from=${day}&to=2026-12-01`, token: m.token });
      expect([dashboard.status, dashboard.body.data.fieldErrors?.from], day).toEqual([400, 'Enter a real date as YYYY-MM-DD']);
    }
    const leap = await callApi(reviewsRoute.GET, { path: '/reviews?from=2028-02-29&to=2028-03-01', token: m.token });
    expect(leap.status).toBe(200);
  });

  it("the dashboard's custom period covers at most ten years, all of whose months the trend shows (found from outside)", async () => {
    const long = await callApi<{ fieldErrors: Record<string, string> }>(dashboardRoute.GET, { path: '/dashboard?period=custom&from=2006-01-01&to=2026-01-01', token: m.token });
    expect([long.status, long.body.data.fieldErrors?.to]).toEqual([400, 'A custom period covers at most 10 years']);
    const ten = await callApi<{ trend: { month: string }[] }>(dashboardRoute.GET, { path: '/dashboard?period=custom&from=2016-02-01&to=2026-01-31', token: m.token });
    expect(ten.status).toBe(200);
    expect([ten.body.data.trend.length, ten.body.data.trend[0].month, ten.body.data.trend.at(-1)?.month]).toEqual([120, '2016-02', '2026-01']);
  });

  it('a typed-in review needs a real day, not in the future', async () => {
    const review = (reviewDate: string) => ({ site: 'other', reviewerName: 'QA', rating: 4, comment: 'x', reviewDate, locationId });
    for (const day of [...IMPOSSIBLE, '2099-01-01', '9999-12-31']) {
      const res = await callApi<{ fieldErrors: Record<string, string> }>(reviewsRoute.POST, { method: 'POST', path: '/reviews', token: m.token, body: review(day) });
      expect([res.status, Boolean(res.body.data.fieldErrors?.reviewDate)], day).toEqual([400, true]);
    }
    const ok = await callApi(reviewsRoute.POST, { method: 'POST', path: '/reviews', token: m.token, body: review('2024-02-29') });
    expect(ok.status).toBe(200);
  });

  it('campaign filter ranges refuse them on save, forecast and snapshot', async () => {
    for (const day of IMPOSSIBLE) {
      const filterConditions = { optInTimeRange: [day, '2026-12-01'] };
      const saved = await callApi<{ fieldErrors: Record<string, string> }>(campaignRoot.POST, { method: 'POST', path: '/campaign', token: m.token, body: draft({ filterConditions }) });
      expect(saved.status, day).toBe(400);
      expect(Object.keys(saved.body.data.fieldErrors ?? {}).join(), day).toContain('optInTimeRange');
      const forecast = await callApi(forecastRoute.POST, { method: 'POST', path: '/sending/forecast', token: m.token, body: draft({ filterConditions }) });
      expect(forecast.status, day).toBe(400);
      const snapshot = await callApi(snapshotRoute.POST, { method: 'POST', path: '/campaign/members/snapshot', token: m.token, body: { locationId, campaignChannel: 0, filterConditions: { lastRequestRange: [day, null] } } });
      expect(snapshot.status, day).toBe(400);
    }
  });

  it('a draft saved with such a range before the check answers 400 on send, and stays a draft', async () => {
    const made = await callApi<{ campaignId: number }>(campaignRoot.POST, { method: 'POST', path: '/campaign', token: m.token, body: draft({ filterConditions: { optInTimeRange: ['2026-01-01', '2026-12-01'] } }) });
    const id = made.body.data.campaignId;
    await t.db
      .update(campaigns)
      .set({ filterConditions: sql`jsonb_set(filter_conditions, '{optInTimeRange}', '{"start": "2026-02-30", "end": null}'::jsonb)` })
      .where(eq(campaigns.id, id));
    const sent = await callApi(campaignSend.POST, { method: 'POST', path: `/campaign/${id}/send`, token: m.token, params: { id: String(id) } });
    expect([sent.status, sent.body.code, sent.body.msg]).toEqual([400, 400, 'This date is not valid']);
    const got = await callApi<{ status: number }>(campaignOne.GET, { path: `/campaign/${id}`, token: m.token, params: { id: String(id) } });
    expect(got.body.data.status).toBe(0);
  });

  it('scheduled times: only an instant with its offset or a real wall time in the campaign zone', async () => {
    const schedule = (scheduledTime: string, timezone = 'Asia/Shanghai') => callApi<{ campaignId: number; fieldErrors: Record<string, string> }>(campaignRoot.POST, { method: 'POST', path: '/campaign', token: m.token, body: draft({ sendType: 1, scheduledTime, timezone }) });
    for (const text of ['2027-01-01 24:00', '2027/01/01 10:00', '2027-01-01', '2027-02-29 10:00', '2027-01-01 10:60', '+275760-09-13T00:00:00Z', 'Jan 1 2027 10:00']) {
      const res = await schedule(text);
      expect([res.status, res.body.data.fieldErrors?.scheduledTime], text).toEqual([400, 'This date is not valid']);
    }
    const stored = async (text: string, zone: string) => {
      const res = await schedule(text, zone);
      expect(res.status, text).toBe(200);
      const [row] = await t.db.select({ at: campaigns.scheduledTime }).from(campaigns).where(eq(campaigns.id, res.body.data.campaignId));
      return row.at?.toISOString();
    };
    expect(await stored('2027-01-01 10:00', 'Asia/Shanghai')).toBe('2027-01-01T02:00:00.000Z');
    expect(await stored('2027-01-01T10:00:00+09:00', 'Asia/Shanghai')).toBe('2027-01-01T01:00:00.000Z');
    // 02:30 does not exist in New York that morning: it is read as 03:30 EDT, after the jump.
    expect(await stored('2027-03-14 02:30', 'America/New_York')).toBe('2027-03-14T07:30:00.000Z');
    // 01:30 happens twice in the autumn: the first one (EDT).
    expect(await stored('2027-11-07 01:30', 'America/New_York')).toBe('2027-11-07T05:30:00.000Z');
  });
});
