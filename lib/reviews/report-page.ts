import { desc, sql } from 'drizzle-orm';
import { reviews } from '@/db/schema/reviews';
import type { ServiceContext } from '@/lib/context';
import { onReplica } from '@/lib/db/replica';
import { allFilteredReviews, reviewConditions } from './list-reviews';
import { summarise } from './report';
import { reportRowLimit } from './report-limit';
import type { ReviewFilters } from './schema';

/**
 * The printable report: figures and charts of every filtered review, and the newest `rowLimit` of
 * them listed. `total` > `rows.length` means the list stops there (the page says so and links the
 * .xlsx, which has the rest); paging a printed report would only print one page of it.
 */
export async function reviewReport(primaryCtx: ServiceContext, filters: Partial<ReviewFilters>, rowLimit = reportRowLimit()) {
  // A report reads from the replica when one is configured (lib/db/replica.ts).
  const ctx = await onReplica(primaryCtx);
  const [everyReview, rows] = await Promise.all([
    // Only what the figures need, for all of them: four narrow columns (a reply as '' or null), no join.
    ctx.db
      .select({ rating: reviews.rating, site: reviews.site, createTime: reviews.createTime, replyComment: sql<string | null>`case when ${reviews.replyComment} is null then null else '' end` })
      .from(reviews)
      .where(reviewConditions(ctx, filters))
      .orderBy(desc(reviews.createTime), desc(reviews.id)),
    allFilteredReviews(ctx, filters, rowLimit),
  ]);
  return { summary: summarise(everyReview), rows, total: everyReview.length, capped: everyReview.length > rows.length };
}
