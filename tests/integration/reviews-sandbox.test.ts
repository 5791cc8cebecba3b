import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { must } from '@/tests/fixtures/fake-google';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createLocation, createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';
import { reviews } from '@/db/schema/reviews';
import { reviewSources } from '@/db/schema/sources';
import { locations } from '@/db/schema/locations';
import { users } from '@/db/schema/users';
import { seedAll } from '@/lib/seed/run';
import { DEMO_EMAIL } from '@/lib/seed/demo-account';
import { sandboxApi } from '@/lib/gbp/sandbox';
import { cachedLocationTitle } from '@/lib/sources/cache';
import { POST as connectSandbox } from '@/app/api/sources/sandbox/connect/route';
import { GET as accountsRoute } from '@/app/api/sources/[id]/accounts/route';
import { GET as locationsRoute } from '@/app/api/sources/[id]/locations/route';
import { GET as reviewsRoute } from '@/app/api/sources/[id]/reviews/route';
import { POST as syncRoute } from '@/app/api/sources/[id]/sync/route';
import { POST as linkRoute } from '@/app/api/sources/locations/link/route';
import { PUT as replyPut } from '@/app/api/reviews/[id]/reply/route';

const t = setupTestDatabase();
let m: TestMerchant;
let sourceId: number;
let ours: number;

beforeAll(async () => {
  delete process.env.GOOGLE_CLIENT_ID;
  delete process.env.GOOGLE_CLIENT_SECRET;
  m = await createMerchant(t.db);
  ours = (await createLocation(t.db, m.merchantId, { name: '静安店' })).id;
});

describe(`sandbox source (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('connects without configuration, and not when Google is configured', async () => {
    const answer = await callApi<{ sourceId: number }>(connectSandbox, { method: 'POST', path: '/sources/sandbox/connect', token: m.token });
    expect(answer.status).toBe(200);
    sourceId = answer.body.data.sourceId;
    Object.assign(process.env, { GOOGLE_CLIENT_ID: 'x', GOOGLE_CLIENT_SECRET: 'y' });
    try {
      expect((await callApi(connectSandbox, { method: 'POST', path: '/sources/sandbox/connect', token: m.token })).status).toBe(409);
    } finally {
      delete process.env.GOOGLE_CLIENT_ID;
      delete process.env.GOOGLE_CLIENT_SECRET;
    }
  });

  it('drills down accounts → locations → reviews with Google’s paging', async () => {
    const params = { id: String(sourceId) };
    const accounts = await callApi<{ items: { id: string; name: string }[] }>(accountsRoute, { path: '/sources/x/accounts', token: m.token, params });
    expect(accounts.body.data.items).toHaveLength(2);
    const account = accounts.body.data.items[0].id;
    const locs = await callApi<{ items: { id: string; name: string; address: string; sourceLocationId: number }[] }>(locationsRoute, { path: `/sources/x/locations?account=${account}`, token: m.token, params });
    expect(locs.body.data.items.map((l) => l.name)).toEqual(['晨光咖啡 静安店', 'Morning Light Café Central', '晨光咖啡 徐汇滨江店']);
    expect(locs.body.data.items[0].address).toContain('南京西路');
    const location = locs.body.data.items[0].id;
    // The reviews level names the location from the cache the locations level filled; another merchant reads nothing there.
    expect(await cachedLocationTitle(m.ctx, sourceId, location)).toBe('晨光咖啡 静安店');
    expect(await cachedLocationTitle((await createMerchant(t.db)).ctx, sourceId, location)).toBeNull();
    const first = await callApi<{ items: { rating: number; reviewer: string }[]; nextPageToken: string; totalReviewCount: number }>(reviewsRoute, { path: `/sources/x/reviews?account=${account}&location=${location}`, token: m.token, params });
    expect(first.body.data.items).toHaveLength(50);
    expect(first.body.data.nextPageToken).toBe('50');
    expect(first.body.data.totalReviewCount).toBe(160);
    const last = await callApi<{ items: unknown[]; nextPageToken: string | null }>(reviewsRoute, { path: `/sources/x/reviews?account=${account}&location=${location}&pageToken=150`, token: m.token, params });
    expect(last.body.data.items).toHaveLength(10);
    expect(last.body.data.nextPageToken).toBeNull();
    // Mostly four and five stars.
    const all = await sandboxApi().listReviews(account, location);
    expect(all.averageRating).toBeGreaterThan(3.8);
    const linked = await callApi(linkRoute, { method: 'POST', path: '/sources/locations/link', token: m.token, body: { sourceLocationId: locs.body.data.items[0].sourceLocationId, locationId: ours } });
    expect(linked.status).toBe(200);
    const [loc] = await t.db.select().from(locations).where(eq(locations.id, ours));
    expect(loc).toMatchObject({ connected: true, reviewLink: 'https://search.google.com/local/writereview?placeid=ChIJsandboxJingan01' });
  });

  it('syncs the linked location once; a second sync changes nothing; replies reach the sandbox', async () => {
    const params = { id: String(sourceId) };
    const first = await callApi<{ inserted: number }>(syncRoute, { method: 'POST', path: '/sources/x/sync', token: m.token, params });
    expect(first.body.data.inserted).toBe(160);
    const again = await callApi<{ inserted: number; updated: number; unchanged: number }>(syncRoute, { method: 'POST', path: '/sources/x/sync', token: m.token, params });
    expect(again.body.data).toMatchObject({ inserted: 0, updated: 0, unchanged: 160 });
    const [open] = await t.db.select().from(reviews).where(and(eq(reviews.merchantId, m.merchantId), sql`${reviews.replyComment} is null`)).limit(1);
    const answer = await callApi(replyPut, { method: 'PUT', path: '/reviews/x/reply', token: m.token, params: { id: String(open.id) }, body: { comment: '谢谢您的反馈！' } });
    expect(answer.status).toBe(200);
    const [account, location] = [must(open.externalName).split('/').slice(0, 2).join('/'), must(open.externalName).split('/').slice(2, 4).join('/')];
    const all = [];
    let token: string | undefined;
    do {
      const page = await sandboxApi().listReviews(account, location, token);
      all.push(...page.items);
      token = page.nextPageToken;
    } while (token);
    expect(all.find((r) => r.reviewId === open.externalId)?.reviewReply?.comment).toBe('谢谢您的反馈！');
    const third = await callApi<{ updated: number }>(syncRoute, { method: 'POST', path: '/sources/x/sync', token: m.token, params });
    expect(third.body.data.updated).toBe(0);
  });
});

describe('demo seed', () => {
  it('gives the demo merchant a connected sandbox and a year of reviews, once', async () => {
    await seedAll(t.db);
    const [demo] = await t.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
    const count = () => t.db.execute<{ site: string; n: number }>(sql`select site, count(*)::int as n from reviews where merchant_id = ${demo.merchantId} group by site order by site`);
    const before = await count();
    expect(Object.fromEntries(before.map((r) => [r.site, r.n]))).toEqual({ dianping: 96, google: 270, openrice: 64, other: 8, tripadvisor: 40 });
    await seedAll(t.db);
    expect(await count()).toEqual(before);
    const [source] = await t.db.select().from(reviewSources).where(eq(reviewSources.merchantId, demo.merchantId));
    expect(source).toMatchObject({ provider: 'sandbox', status: 'connected' });
    const locs = await t.db.select().from(locations).where(eq(locations.merchantId, demo.merchantId));
    const linked = locs.filter((l) => ['晨光咖啡 静安店', 'Morning Light Café Central'].includes(l.name));
    expect(linked.map((l) => l.connected)).toEqual([true, true]);
    const [mix] = await t.db.execute<{ high: number; low: number; answered_low: number; needs: number; tagged: number; zh: number; en: number; months: number }>(
      sql`select count(*) filter (where rating >= 4)::int as high, count(*) filter (where rating <= 2)::int as low,
        count(*) filter (where rating <= 2 and reply_comment is not null)::int as answered_low, count(*) filter (where needs_response)::int as needs,
        count(*) filter (where employee_tag is not null)::int as tagged, count(*) filter (where language like 'zh%')::int as zh, count(*) filter (where language = 'en-US')::int as en,
        count(distinct to_char(create_time, 'YYYY-MM'))::int as months
        from reviews where merchant_id = ${demo.merchantId}`,
    );
    expect(mix.high / 478).toBeGreaterThan(0.7);
    expect(mix.answered_low).toBeGreaterThan(mix.low / 2);
    expect(mix.needs).toBeGreaterThan(0);
    expect(mix.needs).toBeLessThan(60);
    expect(mix.tagged).toBeGreaterThan(10);
    expect(mix.zh).toBeGreaterThan(100);
    expect(mix.en).toBeGreaterThan(50);
    expect(mix.months).toBeGreaterThanOrEqual(12);
  });
});
