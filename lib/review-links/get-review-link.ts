import { and, eq } from 'drizzle-orm';
import { reviewLinks } from '@/db/schema/review-links';
import type { ServiceContext } from '@/lib/context';
import { notFound } from '@/lib/errors/app-error';
import { recordColumns, scanCount, toRecord, type ReviewLinkRecord } from './record';

/** One code of this merchant with its scans, or 404. */
export async function getReviewLink(ctx: ServiceContext, id: number): Promise<ReviewLinkRecord> {
  const [row] = await ctx.db
    .select({ ...recordColumns, scans: scanCount })
    .from(reviewLinks)
    .where(and(eq(reviewLinks.merchantId, ctx.merchantId), eq(reviewLinks.id, id)))
    .limit(1);
  if (!row) throw notFound('reviewLinks.errors.notFound');
  return toRecord(row);
}
