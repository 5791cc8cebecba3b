import { describe, expect, it, beforeAll } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createLocation, createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { callApi } from '@/tests/fixtures/api';
import { reviews } from '@/db/schema/reviews';
import { contacts, consentEvents } from '@/db/schema/contacts';
import { campaigns } from '@/db/schema/campaigns';
import { deliveries } from '@/db/schema/sending';
import { eq, sql } from 'drizzle-orm';
import { reviewSources } from '@/db/schema/sources';
import { dashboardFigures } from '@/lib/dashboard/figures';
import { reviewsAfterRequestsQuery } from '@/lib/dashboard/request-to-review';
import { channelSendingQuery, requestsSentQuery } from '@/lib/sending/delivery-figures';
import { dashboardQuerySchema } from '@/lib/dashboard/schema';
import { resolvePeriod } from '@/lib/dashboard/period';
import { GET as dashboardRoute } from '@/app/api/dashboard/route';

const t = setupTestDatabase();
let m: TestMerchant;
let other: TestMerchant;
let l1: number;
let l2: number;
// Noon on 15 June 2026 in Shanghai.
const NOW = new Date('2026-06-15T04:00:00Z');
const at = (iso: string) => new Date(iso);

async function figures(query: Record<string, string> = {}) {
  return dashboardFigures({ ...m.ctx, now: () => NOW }, dashboardQuerySchema.parse(query));
}

beforeAll(async () => {
  m = await createMerchant(t.db);
  other = await createMerchant(t.db);
  l1 = (await createLocation(t.db, m.merchantId, { name: 'L1' })).id;
  l2 = (await createLocation(t.db, m.merchantId, { name: 'L2' })).id;
  const review = (n: string, site: 'google' | 'dianping', locationId: number, rating: number, time: string) => ({
    merchantId: m.merchantId, locationId, site, externalId: n, reviewerName: n, rating, createTime: at(time), updateTime: at(time),
  });
  await t.db.insert(reviews).values([
    review('a', 'google', l1, 5, '2026-06-01T02:00:00Z'),
    review('b', 'google', l1, 4, '2026-06-10T02:00:00Z'),
    review('c', 'google', l2, 1, '2026-05-20T02:00:00Z'),
    review('d', 'dianping', l1, 3, '2026-05-05T02:00:00Z'),
    review('e', 'google', l1, 2, '2025-06-20T02:00:00Z'), // before the 12 months
    review('f', 'google', l1, 5, '2025-06-30T17:00:00Z'), // 1 July 2025, 01:00 in Shanghai: inside
    review('g', 'google', l2, 5, '2026-06-16T01:00:00Z'), // tomorrow in Shanghai: outside
  ]);
  await t.db.insert(reviews).values({ merchantId: other.merchantId, site: 'google', externalId: 'x', reviewerName: 'x', rating: 1, createTime: at('2026-06-01T00:00:00Z'), updateTime: at('2026-06-01T00:00:00Z') });
  const [c1, c2, c3] = await t.db
    .insert(contacts)
    .values([
      { merchantId: m.merchantId, locationId: l1, firstName: 'A', email: 'a@example.com', optToken: 'tok-a', createdAt: at('2026-01-01T00:00:00Z') },
      { merchantId: m.merchantId, locationId: l1, firstName: 'B', email: 'b@example.com', optToken: 'tok-b', createdAt: at('2026-06-01T00:00:00Z') },
      { merchantId: m.merchantId, locationId: l2, firstName: 'C', email: 'c@example.com', optToken: 'tok-c', createdAt: at('2025-01-01T00:00:00Z') },
    ])
    .returning({ id: contacts.id });
  await t.db.insert(contacts).values({ merchantId: other.merchantId, firstName: 'Z', email: 'z@example.com', optToken: 'tok-z' });
  await t.db.insert(consentEvents).values([
    { merchantId: m.merchantId, contactId: c1.id, channel: 'email', action: 'optin', source: 'manual', createdAt: at('2026-03-01T00:00:00Z') },
    { merchantId: m.merchantId, contactId: c2.id, channel: 'email', action: 'optin', source: 'manual', createdAt: at('2026-06-02T00:00:00Z') },
    { merchantId: m.merchantId, contactId: c3.id, channel: 'email', action: 'optout', source: 'public-page', createdAt: at('2026-04-01T00:00:00Z') },
    { merchantId: m.merchantId, contactId: c1.id, channel: 'sms', action: 'optin', source: 'manual', createdAt: at('2026-02-01T00:00:00Z') },
    { merchantId: m.merchantId, contactId: c1.id, channel: 'sms', action: 'optout', source: 'sms-reply', createdAt: at('2025-05-01T00:00:00Z') },
  ]);
  const [camp1, camp2, camp3] = await t.db
    .insert(campaigns)
    .values([
      { merchantId: m.merchantId, name: 'Review email', campaignType: 0, channel: 0, status: 5, locationId: l1 },
      { merchantId: m.merchantId, name: 'Promo SMS', campaignType: 1, channel: 1, status: 5, locationId: l2 },
      { merchantId: m.merchantId, name: 'Review SMS', campaignType: 0, channel: 1, status: 5, locationId: l1 },
    ])
    .returning({ id: campaigns.id });
  const delivery = (campaignId: number, contactId: number, channel: number, status: 'sent' | 'failed', time: string) => ({
    merchantId: m.merchantId, campaignId, contactId, channel, toAddress: 'x', status, queuedAt: at(time), sentAt: status === 'sent' ? at(time) : null,
  });
  await t.db.insert(deliveries).values([
    delivery(camp1.id, c1.id, 0, 'sent', '2026-05-25T02:00:00Z'),
    delivery(camp1.id, c2.id, 0, 'sent', '2026-05-25T02:00:00Z'),
    delivery(camp1.id, c3.id, 0, 'failed', '2026-05-25T02:00:00Z'),
    delivery(camp2.id, c1.id, 1, 'sent', '2026-06-01T02:00:00Z'),
    delivery(camp2.id, c3.id, 1, 'failed', '2026-06-01T02:00:00Z'),
    delivery(camp3.id, c2.id, 1, 'sent', '2025-06-01T02:00:00Z'),
    delivery(camp3.id, c1.id, 1, 'sent', '2026-06-05T02:00:00Z'),
  ]);
});

describe(`dashboard figures (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('resolves periods in the merchant’s zone', () => {
    expect(resolvePeriod({ period: '12m' }, NOW)).toMatchObject({ from: at('2025-06-30T16:00:00Z'), to: at('2026-06-15T16:00:00Z') });
    expect(resolvePeriod({ period: '12m' }, NOW).months).toHaveLength(12);
    expect(resolvePeriod({ period: '30d' }, NOW).from).toEqual(at('2026-05-16T16:00:00Z'));
    expect(resolvePeriod({ period: 'custom', from: '2026-05-01', to: '2026-05-31' }, NOW)).toMatchObject({ from: at('2026-04-30T16:00:00Z'), to: at('2026-05-31T16:00:00Z'), months: ['2026-05'] });
  });

  it('counts reviews of the business profile and of every site (12 months, all locations)', async () => {
    const f = await figures();
    expect(f.reviews).toEqual({ total: 4, average: 3.75, allSites: { total: 5, average: 3.6 }, positive: 3, negative: 1, needsResponse: 2, byRating: [1, 0, 1, 1, 2] });
    expect(f.members).toEqual({ total: 3, added: 2 });
    expect(f.email).toEqual({ sent: 2, failed: 1, deliveryRate: 66.7, optIn: 2, optOut: 1 });
    expect(f.sms).toEqual({ sent: 2, failed: 1, deliveryRate: 66.7, optIn: 1, optOut: 0 });
    expect(f.requestToReview).toEqual({ requests: 3, reviews: 2, per100: 66.7, windowDays: 14 });
  });

  it('draws every month of the period, empty ones too', async () => {
    const f = await figures();
    expect(f.trend.map((p) => p.month)).toEqual(['2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06']);
    const byMonth = Object.fromEntries(f.trend.map((p) => [p.month, [p.total, p.average]]));
    expect(byMonth['2025-07']).toEqual([1, 5]);
    expect(byMonth['2026-05']).toEqual([2, 2]);
    expect(byMonth['2026-06']).toEqual([2, 4.5]);
    expect(byMonth['2025-12']).toEqual([0, null]);
  });

  it('narrows to one location and a shorter period', async () => {
    const one = await figures({ locationId: String(l1) });
    expect(one.reviews).toMatchObject({ total: 3, average: 4.67, allSites: { total: 4, average: 4.25 }, byRating: [0, 0, 1, 1, 2] });
    expect(one.members).toEqual({ total: 2, added: 2 });
    expect(one.email).toMatchObject({ sent: 2, failed: 1, optIn: 2, optOut: 0 });
    expect(one.sms).toMatchObject({ sent: 1, failed: 0, deliveryRate: 100, optIn: 1 });
    expect(one.requestToReview).toMatchObject({ requests: 3, reviews: 2 });
    const two = await figures({ locationId: String(l2) });
    expect(two.requestToReview).toEqual({ requests: 0, reviews: 0, per100: null, windowDays: 14 });
    const month = await figures({ period: '30d' });
    expect(month.reviews).toMatchObject({ total: 3, average: 3.33, allSites: { total: 3 } });
    expect(month.trend.map((p) => p.month)).toEqual(['2026-05', '2026-06']);
  });

  it('counts a review within 14 days of a request at its location: bounds, ties, other locations', async () => {
    const x = await createMerchant(t.db);
    const [lx, ly] = [(await createLocation(t.db, x.merchantId, { name: 'X' })).id, (await createLocation(t.db, x.merchantId, { name: 'Y' })).id];
    const people = await t.db
      .insert(contacts)
      .values([1, 2].map((i) => ({ merchantId: x.merchantId, locationId: lx, firstName: `Q${i}`, email: `q${i}@example.com`, optToken: `tok-q${i}` })))
      .returning({ id: contacts.id });
    const [camp] = await t.db.insert(campaigns).values({ merchantId: x.merchantId, name: 'Ask', campaignType: 0, channel: 0, status: 5, locationId: lx }).returning({ id: campaigns.id });
    const t0 = Date.parse('2026-03-01T02:00:00Z');
    const day = 86_400_000;
    const sentAt = [new Date(t0), new Date(t0 + 20 * day)];
    await t.db.insert(deliveries).values(sentAt.map((s, i) => ({ merchantId: x.merchantId, campaignId: camp.id, contactId: people[i].id, channel: 0, toAddress: 'x', status: 'sent' as const, queuedAt: s, sentAt: s })));
    const review = (n: string, locationId: number, time: number) => ({ merchantId: x.merchantId, locationId, site: 'google' as const, externalId: n, reviewerName: n, rating: 5, createTime: new Date(time), updateTime: new Date(time) });
    await t.db.insert(reviews).values([
      review('same-instant', lx, t0), // counts (ties count)
      review('just-inside', lx, t0 + 14 * day - 60_000), // counts
      review('day-14', lx, t0 + 14 * day), // 14 days after: outside
      review('after-second', lx, t0 + 21 * day), // one day after the second request: counts
      review('before', lx, t0 - 3_600_000), // before any request
      review('other-location', ly, t0 + 3_600_000), // no request went to Y
    ]);
    const f = await dashboardFigures({ ...x.ctx, now: () => NOW }, dashboardQuerySchema.parse({ period: 'custom', from: '2026-01-01', to: '2026-05-31' }));
    expect(f.requestToReview).toEqual({ requests: 2, reviews: 3, per100: 150, windowDays: 14 });
    const onlyY = await dashboardFigures({ ...x.ctx, now: () => NOW }, dashboardQuerySchema.parse({ period: 'custom', from: '2026-01-01', to: '2026-05-31', locationId: String(ly) }));
    expect(onlyY.requestToReview).toMatchObject({ requests: 0, reviews: 0, per100: null });
  });

  it('answers over the API, 404 for another merchant’s location, 400 for a bad period', async () => {
    const ok = await callApi<{ reviews: { allSites: { total: number } } }>(dashboardRoute, { path: '/dashboard?period=custom&from=2020-01-01&to=2029-12-31', token: m.token });
    expect(ok.status).toBe(200);
    expect(ok.body.data.reviews.allSites.total).toBe(7);
    const foreign = await callApi(dashboardRoute, { path: `/dashboard?locationId=${l1}`, token: other.token });
    expect(foreign.status).toBe(404);
    expect((await callApi(dashboardRoute, { path: '/dashboard?period=custom', token: m.token })).status).toBe(400);
    expect((await callApi(dashboardRoute, { path: '/dashboard?period=week', token: m.token })).status).toBe(400);
  });

  it('reads the daily rollups, never the deliveries, contacts or consent events themselves', async () => {
    const period = resolvePeriod({ period: '12m' }, NOW);
    const ctx = { ...m.ctx, now: () => NOW };
    const plan = async (query: Parameters<typeof sql>[1]) => {
      const rows = await t.db.execute<Record<string, string>>(sql`explain ${query}`);
      return rows.map((r) => Object.values(r).join(' ')).join('\n');
    };
    for (const locationId of [undefined, l1]) {
      const scope = { merchantId: ctx.merchantId, locationId, fromDay: period.fromDay, toDay: period.toDay };
      for (const query of [channelSendingQuery(ctx.db, scope, 0), requestsSentQuery(ctx.db, scope), reviewsAfterRequestsQuery(ctx, scope)]) {
        const text = await plan(query);
        expect(text).toMatch(/delivery_days|sent_days/);
        expect(text).not.toMatch(/on deliveries |on contacts |on contact_consent_events /);
      }
    }
  });

  it('counts the profile’s synced reviews whether it is connected now or not, and says which', async () => {
    // Only a profile sync writes site google, so these are the profile's reviews; a disconnect
    // keeps them (as /reviews?site=google does) and the page shows the connect hint.
    const none = await figures();
    expect(none.profileConnected).toBe(false);
    expect(none.reviews).toMatchObject({ total: 4, average: 3.75 });
    const [source] = await t.db.insert(reviewSources).values({ merchantId: m.merchantId, provider: 'sandbox' }).returning({ id: reviewSources.id });
    const connected = await figures();
    expect(connected.profileConnected).toBe(true);
    expect(connected.reviews).toEqual(none.reviews);
    await t.db.update(reviewSources).set({ status: 'disconnected' }).where(eq(reviewSources.id, source.id));
    const after = await figures();
    expect(after.profileConnected).toBe(false);
    expect(after.reviews).toEqual(none.reviews);
    // Another merchant's connection says nothing about this one.
    await t.db.insert(reviewSources).values({ merchantId: other.merchantId, provider: 'sandbox' });
    expect((await figures()).profileConnected).toBe(false);
  });
});
