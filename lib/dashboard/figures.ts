import { and, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { reviews } from '@/db/schema/reviews';
import { contacts, consentEvents } from '@/db/schema/contacts';
import { reviewSources } from '@/db/schema/sources';
import type { ServiceContext } from '@/lib/context';
import { DEFAULT_TIME_ZONE } from '@/lib/time/format';
import { requireOwnLocation } from '@/lib/locations/own-location';
import { ts } from '@/db/timestamp';
import { onReplica } from '@/lib/db/replica';
import { channelSendingQuery, requestsSentQuery, requestsSentSql, type DeliveryScope } from '@/lib/sending/delivery-figures';
import type { DashboardQuery } from './schema';
import { resolvePeriod, type Period } from './period';

/** Reviews received within this many days of a review request count towards it. */
export const REQUEST_WINDOW_DAYS = 14;

export interface ChannelFigures {
  sent: number;
  failed: number;
  deliveryRate: number | null; // percent of finished deliveries that were sent
  optIn: number;
  optOut: number;
}

/** Every figure of /dashboard for one location (or all) and one period: a replica's when configured. */
export async function dashboardFigures(primaryCtx: ServiceContext, q: DashboardQuery) {
  const ctx = await onReplica(primaryCtx);
  // Another merchant's location answers like a missing one.
  if (q.locationId) await requireOwnLocation(ctx.db, ctx.merchantId, q.locationId);
  const period = resolvePeriod(q, ctx.now());
  const [reviewFigures, trend, members, email, sms, requests, sources] = await Promise.all([
    reviewTotals(ctx, q.locationId, period),
    reviewTrend(ctx, q.locationId, period),
    memberFigures(ctx, q.locationId, period),
    channelFigures(ctx, q.locationId, period, 0),
    channelFigures(ctx, q.locationId, period, 1),
    requestToReview(ctx, q.locationId, period),
    ctx.db.select({ status: reviewSources.status }).from(reviewSources).where(eq(reviewSources.merchantId, ctx.merchantId)),
  ]);
  return {
    period: { from: period.from.toISOString(), to: period.to.toISOString(), key: q.period },
    locationId: q.locationId ?? null,
    profileConnected: sources.some((s) => s.status === 'connected'),
    reviews: reviewFigures,
    trend,
    members,
    email,
    sms,
    requestToReview: requests,
  };
}

function reviewWhere(ctx: ServiceContext, locationId: number | undefined, period: Period, extra?: SQL): SQL {
  return and(
    eq(reviews.merchantId, ctx.merchantId),
    locationId ? eq(reviews.locationId, locationId) : undefined,
    gte(reviews.createTime, period.from),
    lt(reviews.createTime, period.to),
    extra,
  ) as SQL;
}

/**
 * Total and average of the business profile's reviews (site google: only a profile sync writes
 * it, hand entry and import refuse it), of every site, and by star. Reviews synced before a
 * disconnect still count, as /reviews?site=google still lists them; `profileConnected` says
 * whether the profile is connected now (the page then shows the connect hint).
 */
async function reviewTotals(ctx: ServiceContext, locationId: number | undefined, period: Period) {
  const [row] = await ctx.db
    .select({
      total: sql<number>`count(*) filter (where ${reviews.site} = 'google')`.mapWith(Number),
      average: sql<string | null>`round(avg(${reviews.rating}) filter (where ${reviews.site} = 'google'), 2)`,
      allTotal: count(),
      allAverage: sql<string | null>`round(avg(${reviews.rating}), 2)`,
      positive: sql<number>`count(*) filter (where ${reviews.rating} >= 4)`.mapWith(Number),
      negative: sql<number>`count(*) filter (where ${reviews.rating} <= 2)`.mapWith(Number),
      needsResponse: sql<number>`count(*) filter (where ${reviews.replyComment} is null and ${reviews.rating} <= 3)`.mapWith(Number),
      r1: sql<number>`count(*) filter (where ${reviews.rating} = 1)`.mapWith(Number),
      r2: sql<number>`count(*) filter (where ${reviews.rating} = 2)`.mapWith(Number),
      r3: sql<number>`count(*) filter (where ${reviews.rating} = 3)`.mapWith(Number),
      r4: sql<number>`count(*) filter (where ${reviews.rating} = 4)`.mapWith(Number),
      r5: sql<number>`count(*) filter (where ${reviews.rating} = 5)`.mapWith(Number),
    })
    .from(reviews)
    .where(reviewWhere(ctx, locationId, period));
  return {
    total: row.total,
    average: row.average === null ? null : Number(row.average),
    allSites: { total: row.allTotal, average: row.allAverage === null ? null : Number(row.allAverage) },
    positive: row.positive,
    negative: row.negative,
    needsResponse: row.needsResponse,
    // Reviews of every site by star rating, 1★ first (the dashboard's rating chart).
    byRating: [row.r1, row.r2, row.r3, row.r4, row.r5],
  };
}

/** Reviews per month (all sites), every month of the period present even when empty. */
async function reviewTrend(ctx: ServiceContext, locationId: number | undefined, period: Period) {
  // The zone is a constant of ours, inlined so SELECT and GROUP BY are the same expression.
  const month = sql<string>`to_char(${reviews.createTime} at time zone ${sql.raw(`'${DEFAULT_TIME_ZONE.replace(/'/g, '')}'`)}, 'YYYY-MM')`;
  const rows = await ctx.db
    .select({
      month,
      total: count(),
      google: sql<number>`count(*) filter (where ${reviews.site} = 'google')`.mapWith(Number),
      average: sql<string>`round(avg(${reviews.rating}), 2)`,
      positive: sql<number>`count(*) filter (where ${reviews.rating} >= 4)`.mapWith(Number),
      negative: sql<number>`count(*) filter (where ${reviews.rating} <= 2)`.mapWith(Number),
    })
    .from(reviews)
    .where(reviewWhere(ctx, locationId, period))
    .groupBy(month);
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return period.months.map((m) => {
    const r = byMonth.get(m);
    return { month: m, total: r?.total ?? 0, google: r?.google ?? 0, average: r ? Number(r.average) : null, positive: r?.positive ?? 0, negative: r?.negative ?? 0 };
  });
}

async function memberFigures(ctx: ServiceContext, locationId: number | undefined, period: Period) {
  // postgres.js cannot bind a Date inside a raw sql fragment: pass ISO text and cast.
  const from = period.from.toISOString();
  const to = period.to.toISOString();
  const [row] = await ctx.db
    .select({
      total: sql<number>`count(*) filter (where ${contacts.createdAt} < ${to}::timestamptz)`.mapWith(Number),
      added: sql<number>`count(*) filter (where ${contacts.createdAt} >= ${from}::timestamptz and ${contacts.createdAt} < ${to}::timestamptz)`.mapWith(Number),
    })
    .from(contacts)
    .where(and(eq(contacts.merchantId, ctx.merchantId), locationId ? eq(contacts.locationId, locationId) : undefined));
  return { total: row.total, added: row.added };
}

/**
 * Sending of one channel: deliveries queued in the period (sent, failed; the rate is sent of the
 * finished ones) and consent changes in the period. Deliveries come from their (merchant, channel,
 * queued) index, campaigns by their merchant index, consent events by (merchant, time).
 */
async function channelFigures(ctx: ServiceContext, locationId: number | undefined, period: Period, channel: 0 | 1): Promise<ChannelFigures> {
  const [sending] = await channelSendingQuery(ctx.db, deliveryScope(ctx, locationId, period), channel);
  const channelName = channel === 0 ? 'email' : 'sms';
  const [consent] = await ctx.db
    .select({
      optIn: sql<number>`count(*) filter (where ${consentEvents.action} = 'optin')`.mapWith(Number),
      optOut: sql<number>`count(*) filter (where ${consentEvents.action} = 'optout')`.mapWith(Number),
    })
    .from(consentEvents)
    .innerJoin(contacts, eq(contacts.id, consentEvents.contactId))
    .where(
      and(
        eq(consentEvents.merchantId, ctx.merchantId),
        eq(consentEvents.channel, channelName),
        gte(consentEvents.createdAt, period.from),
        lt(consentEvents.createdAt, period.to),
        locationId ? eq(contacts.locationId, locationId) : undefined,
      ),
    );
  const finished = sending.sent + sending.failed;
  return {
    sent: sending.sent,
    failed: sending.failed,
    deliveryRate: finished ? Math.round((sending.sent / finished) * 1000) / 10 : null,
    optIn: consent.optIn,
    optOut: consent.optOut,
  };
}

/**
 * One pass instead of a range join (reviews x deliveries grows as their product): the requests
 * and the reviews of the merchant, merged and sorted by location and time; each review sees the
 * latest request of its location at or before it (a running max) and counts when that request
 * is less than 14 days older. A review counts once however many requests preceded it. The
 * requests come from deliveries_merchant_sent_idx, the reviews from reviews_merchant_time_idx.
 */
export function reviewsAfterRequestsQuery(ctx: ServiceContext, locationId: number | undefined, period: Period): SQL {
  const reviewLocation = locationId ? sql`and r.location_id = ${locationId}` : sql``;
  return sql`with req as (
          ${requestsSentSql(deliveryScope(ctx, locationId, period))}
        ), ev as (
          select location_id, t, false as is_review, t as req_t from req
          union all
          select r.location_id, r.create_time, true, null::timestamptz from reviews r
          where r.merchant_id = ${ctx.merchantId} and r.location_id is not null ${reviewLocation}
            and r.create_time >= ${ts(period.from)} and r.create_time < ${ts(period.to)} + make_interval(days => ${REQUEST_WINDOW_DAYS})
        ), marked as (
          select is_review, t, max(req_t) over (partition by location_id order by t, is_review rows unbounded preceding) as last_req from ev
        )
        select count(*)::int as n from marked where is_review and last_req is not null and t < last_req + make_interval(days => ${REQUEST_WINDOW_DAYS})`;
}

/**
 * Reviews received within 14 days after a review request was sent to the same location, per 100
 * requests sent in the period. A review counts once even if several requests preceded it.
 */
async function requestToReview(ctx: ServiceContext, locationId: number | undefined, period: Period) {
  const [sent] = await requestsSentQuery(ctx.db, deliveryScope(ctx, locationId, period));
  if (!sent.n) return { requests: 0, reviews: 0, per100: null as number | null, windowDays: REQUEST_WINDOW_DAYS };
  const [received] = await ctx.db.execute<{ n: number }>(reviewsAfterRequestsQuery(ctx, locationId, period));
  return { requests: sent.n, reviews: Number(received.n), per100: Math.round((Number(received.n) / sent.n) * 1000) / 10, windowDays: REQUEST_WINDOW_DAYS };
}

function deliveryScope(ctx: ServiceContext, locationId: number | undefined, period: Period): DeliveryScope {
  return { merchantId: ctx.merchantId, locationId, from: period.from, to: period.to };
}
