import { and, eq } from 'drizzle-orm';
import { reviews } from '@/db/schema/reviews';
import type { ServiceContext } from '@/lib/context';

/** One review of the merchant, or null (callers answer 404: another merchant's id reads as missing). */
export async function loadReview(ctx: ServiceContext, id: number) {
  const [row] = await ctx.db
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, id), eq(reviews.merchantId, ctx.merchantId)))
    .limit(1);
  return row ?? null;
}
