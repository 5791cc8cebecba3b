import { and, asc, eq, sql } from 'drizzle-orm';
import { reviewLinks } from '@/db/schema/review-links';
import type { ServiceContext } from '@/lib/context';
import { requireOwnLocation } from '@/lib/locations/own-location';
import { recordColumns, scanCount, toRecord, type ReviewLinkRecord } from './record';
import type { ListReviewLinksQuery } from './schema';

/** A location's codes, the location's own first, each with its scans counted so far. */
export async function listReviewLinks(ctx: ServiceContext, query: ListReviewLinksQuery): Promise<ReviewLinkRecord[]> {
  await requireOwnLocation(ctx.db, ctx.merchantId, query.locationId);
  const rows = await ctx.db
    .select({ ...recordColumns, scans: scanCount })
    .from(reviewLinks)
    .where(and(eq(reviewLinks.merchantId, ctx.merchantId), eq(reviewLinks.locationId, query.locationId)))
    .orderBy(sql`${reviewLinks.employeeTag} is not null`, asc(reviewLinks.employeeTag), asc(reviewLinks.id));
  return rows.map(toRecord);
}
