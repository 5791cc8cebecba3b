import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { campaigns } from '@/db/schema/campaigns';
import { reviews } from '@/db/schema/reviews';
import * as reviewsRoute from '@/app/api/reviews/route';
import * as reviewReport from '@/app/api/reviews/report/route';
import * as importRoute from '@/app/api/reviews/import/route';
import * as dashboardRoute from '@/app/api/dashboard/route';
import * as forecastRoute from '@/app/api/sending/forecast/route';
import * as campaignRoot from '@/app/api/campaign/route';
import * as campaignSend from '@/app/api/campaign/[id]/send/route';
import * as snapshotRoute from '@/app/api/campaign/members/snapshot/route';
import * as exportRoute from '@/app/api/member/export/route';
import { signAccessToken } from '@/lib/auth/tokens';
import { callApi } from '@/tests/fixtures/api';
import { createLocation, createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { addContact, addTemplate } from './campaigns-fixtures';

/** Dates at the edges of the calendar and of the day (found from outside). */
const t = setupTestDatabase();
const driver = process.env.DATABASE_URL ? 'postgres' : 'pglite';

let m: TestMerchant;
let locationId: number;
let templateId: number;

beforeAll(async () => {
  m = await createMerchant(t.db);
  // West of UTC: the end of 9999-12-31 there is in year 10000.
  locationId = (await createLocation(t.db, m.merchantId, { name: 'Edge Café', timezone: 'America/Los_Angeles', reviewLink: 'https://g.page/r/edge/review' })).id;
  templateId = (await addTemplate(t.db, m.merchantId, 0)).id;
  await addContact(t.db, m.merchantId, locationId, { firstName: 'Ada', lastName: 'Lee', email: 'ada@example.com', emailOptIn: true, emailOptInAt: new Date('2024-05-01T00:00:00Z') });
});

afterEach(() => vi.useRealTimers());

const draft = (over: Record<string, unknown> = {}) => ({ campaignName: 'Edges', campaignChannel: 0, templateId, locationId, sendType: 0, timezone: 'Asia/Shanghai', ...over });

async function importCsv(lines: string[]) {
  const form = new FormData();
  form.set('file', new File([['site,reviewer,rating,date', ...lines].join('\n')], 'reviews.csv'));
  const request = new Request('http://localhost/api/reviews/import', { method: 'POST', body: form, headers: { authorization: `Bearer ${m.token}`, 'accept-language': 'en-US' } });
  const res = await importRoute.POST(request, { params: Promise.resolve({}) });
  return (await res.json()).data as { inserted: number; failed: { row: number; messageKey: string; reason: string }[] };
}

describe(`time edges (${driver})`, () => {
  it('the reviews import fails rows whose date is not a real date up to tomorrow, never storing a rolled-over one', async () => {
    const bad = ['25/12/2026', '2026-13-01', '2026-02-30', '2026-03-08 10:00 PM', '2026-03-08 25:00', '2026-03-08 10:60', '0026-03-08', '1899-12-31', 'Mar 8, 2026'];
    const future = ['9999-12-31', '2099-01-01'];
    const answer = await importCsv([...bad, ...future].map((d, i) => `other,Bad ${i},4,${d}`));
    expect(answer.inserted).toBe(0);
    expect(answer.failed.map((f) => [f.row, f.messageKey])).toEqual([...bad.map((_, i) => [i + 2, 'reviews.errors.date']), ...future.map((_, i) => [bad.length + i + 2, 'reviews.errors.dateFuture'])]);
    expect(answer.failed[0].reason).toBe('Enter a real date as YYYY-MM-DD');
    expect(answer.failed.at(-1)?.reason).toBe('The review date cannot be in the future');
  });

  it('the reviews import reads an instant by its offset and a wall time in Asia/Shanghai', async () => {
    const answer = await importCsv(['other,Zulu,4,2026-03-08T22:30:00Z', 'other,Eastern,4,2026-03-08T22:30:00-05:00', 'other,Local,4,2026-03-08 22:30', 'other,Day,4,1900-01-01']);
    expect([answer.inserted, answer.failed]).toEqual([4, []]);
    const rows = await t.db.select({ name: reviews.reviewerName, at: reviews.createTime }).from(reviews).where(eq(reviews.merchantId, m.merchantId));
    const at = Object.fromEntries(rows.map((r) => [r.name, r.at.toISOString()]));
    expect(at).toEqual({ Zulu: '2026-03-08T22:30:00.000Z', Eastern: '2026-03-09T03:30:00.000Z', Local: '2026-03-08T14:30:00.000Z', Day: '1900-01-01T03:54:17.000Z' });
  });

  it('an end date of 9999-12-31 is a bound every read takes (it answered 500)', async () => {
    const list = await callApi<{ total: number }>(reviewsRoute.GET, { path: '/reviews?from=2026-01-01&to=9999-12-31', token: m.token });
    expect([list.status, list.body.data.total]).toEqual([200, 3]);
    const dashboard = await callApi(dashboardRoute.GET, { path: '/dashboard?period=custom&from=9999-01-01&to=9999-12-31', token: m.token });
    expect(dashboard.status).toBe(200);
    const filterConditions = { optInOnly: true, optInTimeRange: ['2020-01-01', '9999-12-31'], lastRequestRange: ['2020-01-01', '9999-12-31'] };
    const snapshot = await callApi<{ total: number }>(snapshotRoute.POST, { method: 'POST', path: '/campaign/members/snapshot', token: m.token, body: { locationId, campaignChannel: 0, filterConditions: { optInTimeRange: ['2020-01-01', '9999-12-31'] } } });
    expect([snapshot.status, snapshot.body.data.total]).toEqual([200, 1]);
    const forecast = await callApi(forecastRoute.POST, { method: 'POST', path: '/sending/forecast', token: m.token, body: draft({ filterConditions }) });
    expect(forecast.status).toBe(200);
    const saved = await callApi<{ campaignId: number }>(campaignRoot.POST, { method: 'POST', path: '/campaign', token: m.token, body: draft({ filterConditions: { optInTimeRange: ['2020-01-01', '9999-12-31'] } }) });
    expect(saved.status).toBe(200);
    const id = saved.body.data.campaignId;
    const sent = await callApi(campaignSend.POST, { method: 'POST', path: `/campaign/${id}/send`, token: m.token, params: { id: String(id) } });
    expect(sent.status).toBe(200);
    const [row] = await t.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id));
    expect(row.status).not.toBe(0);
  });

  it("a scheduled time's year is its wall time's, not UTC's; the instant ends where the database's ISO input does", async () => {
    const schedule = (sendType: 0 | 1, scheduledTime: string, timezone: string) => callApi<{ campaignId: number; fieldErrors: Record<string, string> }>(campaignRoot.POST, { method: 'POST', path: '/campaign', token: m.token, body: draft({ sendType, scheduledTime, timezone }) });
    // 1900-01-01 00:30 in Shanghai is 1899-12-31 in UTC: a real wall time of year 1900 (refused before).
    expect((await schedule(0, '1900-01-01 00:30', 'Asia/Shanghai')).status).toBe(200);
    const last = await schedule(1, '9999-12-31 15:59', 'America/Los_Angeles');
    expect(last.status).toBe(200);
    const [row] = await t.db.select({ at: campaigns.scheduledTime }).from(campaigns).where(eq(campaigns.id, last.body.data.campaignId));
    expect(row.at?.toISOString()).toBe('9999-12-31T23:59:00.000Z');
    // Later is year 10000 in UTC, which PostgreSQL cannot be sent as ISO text: refused beside the field, not a bare 400.
    const past = await schedule(1, '9999-12-31 23:59', 'America/Los_Angeles');
    expect([past.status, past.body.data.fieldErrors?.scheduledTime]).toEqual([400, 'This date is not valid']);
  });

  it('export files are named by the Asia/Shanghai day, the day their "Generated" time shows', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-03-08T20:30:00Z')); // 04:30 on 9 March in Shanghai
    const { token } = await signAccessToken(m.userId, m.merchantId, new Date());
    const report = await reviewReport.GET(new Request('http://localhost/api/reviews/report', { headers: { authorization: `Bearer ${token}` } }), { params: Promise.resolve({}) });
    expect(report.headers.get('content-disposition')).toContain('reviews-2026-03-09.xlsx');
    const file = await exportRoute.GET(new Request('http://localhost/api/member/export?format=csv', { headers: { authorization: `Bearer ${token}` } }), { params: Promise.resolve({}) });
    expect(file.status).toBe(200);
    expect(decodeURIComponent(file.headers.get('content-disposition') ?? '')).toContain('contacts-2026-03-09.csv');
    await file.body?.cancel();
  });
});

