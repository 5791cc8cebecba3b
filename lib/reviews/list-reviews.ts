import { and, count, desc, eq, gte, ilike, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { reviews } from '@/db/schema/reviews';
import { locations } from '@/db/schema/locations';
import type { ServiceContext } from '@/lib/context';
import { DEFAULT_TIME_ZONE } from '@/lib/time/format';
import { nextDay, startOfDayIn } from '@/lib/time/calendar';
import type { ReviewFilters } from './schema';
import { containsPattern } from '@/db/like';

export type ReviewRow = Awaited<ReturnType<typeof listReviews>>['records'][number];

/** Start of a calendar day in the reviews' zone (inclusive) as an instant: startOfDayIn with its default. */
export function dayStart(day: string, timeZone = DEFAULT_TIME_ZONE): Date {
  return startOfDayIn(day, timeZone);
}

/** The where-clause of the review filters; every part is served by a (merchant_id, ...) index. */
export function reviewConditions(ctx: ServiceContext, f: Partial<ReviewFilters>, options: { ignoreRating?: boolean } = {}): SQL {
  const parts: (SQL | undefined)[] = [eq(reviews.merchantId, ctx.merchantId)];
  if (f.q) {
    const like = containsPattern(f.q);
    parts.push(or(ilike(reviews.comment, like), ilike(reviews.reviewerName, like), ilike(reviews.replyComment, like)));
  }
  if (f.from) parts.push(gte(reviews.createTime, dayStart(f.from)));
  if (f.to) parts.push(lt(reviews.createTime, dayStart(nextDay(f.to))));
  if (!options.ignoreRating) {
    if (f.minRating) parts.push(gte(reviews.rating, f.minRating));
    if (f.maxRating) parts.push(lte(reviews.rating, f.maxRating));
  }
  if (f.site) parts.push(eq(reviews.site, f.site));
  if (f.tag === 'tagged') parts.push(isNotNull(reviews.employeeTag));
  if (f.tag === 'untagged') parts.push(isNull(reviews.employeeTag));
  if (f.employee) parts.push(eq(reviews.employeeTag, f.employee));
  if (f.view === 'needsResponse') parts.push(and(isNull(reviews.replyComment), lte(reviews.rating, 3)));
  if (f.locationId) parts.push(eq(reviews.locationId, f.locationId));
  return and(...parts) as SQL;
}

/** What a review shows in the report; the list adds where it came from and whether it needs an answer. */
const reportColumns = {
  id: reviews.id,
  site: reviews.site,
  locationName: locations.name,
  reviewerName: reviews.reviewerName,
  rating: reviews.rating,
  comment: reviews.comment,
  language: reviews.language,
  createTime: reviews.createTime,
  replyComment: reviews.replyComment,
  replyTime: reviews.replyTime,
  employeeTag: reviews.employeeTag,
};

/** One page of the filtered reviews, newest first, with the total and the summary counts. */
export async function listReviews(ctx: ServiceContext, f: ReviewFilters) {
  const where = reviewConditions(ctx, f);
  const [records, [summary]] = await Promise.all([
    ctx.db
      .select({ ...reportColumns, origin: reviews.origin, locationId: reviews.locationId, needsResponse: reviews.needsResponse })
      .from(reviews)
      .leftJoin(locations, eq(locations.id, reviews.locationId))
      .where(where)
      .orderBy(desc(reviews.createTime), desc(reviews.id))
      .limit(f.pageSize)
      .offset((f.pageNum - 1) * f.pageSize),
    ctx.db
      .select({
        total: count(),
        positive: sql<number>`count(*) filter (where ${reviews.rating} >= 4)`.mapWith(Number),
        negative: sql<number>`count(*) filter (where ${reviews.rating} <= 2)`.mapWith(Number),
        needsResponse: sql<number>`count(*) filter (where ${reviews.replyComment} is null and ${reviews.rating} <= 3)`.mapWith(Number),
        average: sql<string | null>`round(avg(${reviews.rating})::numeric, 2)`,
      })
      .from(reviews)
      .where(where),
  ]);
  return {
    records,
    total: summary.total,
    pageNum: f.pageNum,
    pageSize: f.pageSize,
    summary: { positive: summary.positive, negative: summary.negative, needsResponse: summary.needsResponse, average: summary.average === null ? null : Number(summary.average) },
  };
}

/** Every filtered review (for the report), capped so a report stays a report. */
export async function allFilteredReviews(ctx: ServiceContext, f: Partial<ReviewFilters>, cap = 10_000) {
  return ctx.db
    .select(reportColumns)
    .from(reviews)
    .leftJoin(locations, eq(locations.id, reviews.locationId))
    .where(reviewConditions(ctx, f))
    .orderBy(desc(reviews.createTime), desc(reviews.id))
    .limit(cap);
}
