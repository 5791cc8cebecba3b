import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { contactDays, consentDays, reviewDays } from '@/db/schema/dashboard';
import { reviewSources } from '@/db/schema/sources';
import type { ServiceContext } from '@/lib/context';
import { requireOwnLocation } from '@/lib/locations/own-location';
import { onReplica } from '@/lib/db/replica';
import { channelSendingQuery, requestsSentQuery, type DeliveryScope } from '@/lib/sending/delivery-figures';
import type { DashboardQuery } from './schema';
import { resolvePeriod, type Period } from './period';
import { REQUEST_WINDOW_DAYS, reviewsAfterRequestsQuery } from './request-to-review';

export { REQUEST_WINDOW_DAYS };


export interface ChannelFigures {
  sent: number;
  failed: number;
  deliveryRate: number | null; // percent of finished deliveries that were sent
  optIn: number;
  optOut: number;
}

/**
 * Every figure of /dashboard for one location (or all) and one period: a replica's when
 * configured. Each reads a daily rollup (db/schema/dashboard.ts), so a year of a million-contact
 * merchant is a few thousand rows per figure (bench/dashboard.ts, bench/RESULTS.md issue 22).
 */
export async function dashboardFigures(primaryCtx: ServiceContext, q: DashboardQuery) {
  const ctx = await onReplica(primaryCtx);
  // Another merchant's location answers like a missing one.
  if (q.locationId) await requireOwnLocation(ctx.db, ctx.merchantId, q.locationId);
  const period = resolvePeriod(q, ctx.now());
  const [reviewRows, members, email, sms, requests, sources] = await Promise.all([
    reviewDayRows(ctx, q.locationId, period),
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
    reviews: reviewTotals(reviewRows),
    trend: reviewTrend(reviewRows, period),
    members,
    email,
    sms,
    requestToReview: requests,
  };
}

interface ReviewDayRow extends Record<string, unknown> {
  month: string;
  google: boolean;
  rating: number;
  reviews: number;
  needsResponse: number;
}

/**
 * The period's reviews by month, google or not, and star, from review_days (a row per location,
 * day, site kind and star, kept by the reviews' triggers, migration 0028): the totals and the
 * trend both come from these few rows.
 */
export async function reviewDayRows(ctx: ServiceContext, locationId: number | undefined, period: Period): Promise<ReviewDayRow[]> {
  const month = sql<string>`to_char(${reviewDays.day}, 'YYYY-MM')`;
  return ctx.db
    .select({
      month,
      google: reviewDays.google,
      rating: reviewDays.rating,
      reviews: sql<number>`sum(${reviewDays.reviews})`.mapWith(Number),
      needsResponse: sql<number>`sum(${reviewDays.needsResponse})`.mapWith(Number),
    })
    .from(reviewDays)
    .where(
      and(
        eq(reviewDays.merchantId, ctx.merchantId),
        locationId ? eq(reviewDays.locationId, locationId) : undefined,
        gte(reviewDays.day, period.fromDay),
        lt(reviewDays.day, period.toDay),
      ),
    )
    .groupBy(month, reviewDays.google, reviewDays.rating);
}

/** Count, star sum and the rest of a set of review-day rows. */
function tally(rows: ReviewDayRow[]) {
  const t = { total: 0, stars: 0, positive: 0, negative: 0, needsResponse: 0, byRating: [0, 0, 0, 0, 0] };
  for (const r of rows) {
    t.total += r.reviews;
    t.stars += r.rating * r.reviews;
    if (r.rating >= 4) t.positive += r.reviews;
    if (r.rating <= 2) t.negative += r.reviews;
    t.needsResponse += r.needsResponse;
    t.byRating[r.rating - 1] += r.reviews;
  }
  return t;
}

/** The mean rounded to 2 places, half up, in integers (as PostgreSQL's round(avg(x), 2)). */
function average(stars: number, count: number): number | null {
  return count ? Math.floor((stars * 200 + count) / (2 * count)) / 100 : null;
}

/**
 * Total and average of the business profile's reviews (site google: only a profile sync writes
 * it, hand entry and import refuse it), of every site, and by star. Reviews synced before a
 * disconnect still count, as /reviews?site=google still lists them; `profileConnected` says
 * whether the profile is connected now (the page then shows the connect hint).
 */
function reviewTotals(rows: ReviewDayRow[]) {
  const all = tally(rows);
  const google = tally(rows.filter((r) => r.google));
  return {
    total: google.total,
    average: average(google.stars, google.total),
    allSites: { total: all.total, average: average(all.stars, all.total) },
    positive: all.positive,
    negative: all.negative,
    needsResponse: all.needsResponse,
    // Reviews of every site by star rating, 1★ first (the dashboard's rating chart).
    byRating: all.byRating,
  };
}

/** Reviews per month (all sites), every month of the period present even when empty. */
function reviewTrend(rows: ReviewDayRow[], period: Period) {
  return period.months.map((month) => {
    const of = rows.filter((r) => r.month === month);
    const all = tally(of);
    return {
      month,
      total: all.total,
      google: tally(of.filter((r) => r.google)).total,
      average: average(all.stars, all.total),
      positive: all.positive,
      negative: all.negative,
    };
  });
}

/** Members at the end of the period and added in it, from contact_days (by day of creation). */
export async function memberFigures(ctx: ServiceContext, locationId: number | undefined, period: Period) {
  const [row] = await ctx.db
    .select({
      total: sql<number>`coalesce(sum(${contactDays.contacts}) filter (where ${contactDays.day} < ${period.toDay}::date), 0)`.mapWith(Number),
      added: sql<number>`coalesce(sum(${contactDays.contacts}) filter (where ${contactDays.day} >= ${period.fromDay}::date and ${contactDays.day} < ${period.toDay}::date), 0)`.mapWith(Number),
    })
    .from(contactDays)
    .where(and(eq(contactDays.merchantId, ctx.merchantId), locationId ? eq(contactDays.locationId, locationId) : undefined));
  return { total: row.total, added: row.added };
}

/**
 * Sending of one channel: deliveries queued in the period (sent, failed; the rate is sent of the
 * finished ones) and consent changes in the period, of the contacts of the location when given.
 * Both from their daily rollups (delivery_days, consent_days).
 */
export async function channelFigures(ctx: ServiceContext, locationId: number | undefined, period: Period, channel: 0 | 1): Promise<ChannelFigures> {
  const [[sending], [consent]] = await Promise.all([
    channelSendingQuery(ctx.db, deliveryScope(ctx, locationId, period), channel),
    ctx.db
      .select({
        optIn: sql<number>`coalesce(sum(${consentDays.optIn}), 0)`.mapWith(Number),
        optOut: sql<number>`coalesce(sum(${consentDays.optOut}), 0)`.mapWith(Number),
      })
      .from(consentDays)
      .where(
        and(
          eq(consentDays.merchantId, ctx.merchantId),
          eq(consentDays.channel, channel),
          gte(consentDays.day, period.fromDay),
          lt(consentDays.day, period.toDay),
          locationId ? eq(consentDays.locationId, locationId) : undefined,
        ),
      ),
  ]);
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
 * Reviews received within 14 days after a review request was sent to the same location, per 100
 * requests sent in the period. A review counts once even if several requests preceded it.
 */
export async function requestToReview(ctx: ServiceContext, locationId: number | undefined, period: Period) {
  const scope = deliveryScope(ctx, locationId, period);
  const [sent] = await requestsSentQuery(ctx.db, scope);
  if (!sent.n) return { requests: 0, reviews: 0, per100: null as number | null, windowDays: REQUEST_WINDOW_DAYS };
  const [received] = await ctx.db.execute<{ n: number }>(reviewsAfterRequestsQuery(ctx, scope));
  return { requests: sent.n, reviews: Number(received.n), per100: Math.round((Number(received.n) / sent.n) * 1000) / 10, windowDays: REQUEST_WINDOW_DAYS };
}

function deliveryScope(ctx: ServiceContext, locationId: number | undefined, period: Period): DeliveryScope {
  return { merchantId: ctx.merchantId, locationId, fromDay: period.fromDay, toDay: period.toDay };
}
