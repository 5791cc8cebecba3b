import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { reviews } from '@/db/schema/reviews';
import type { ServiceContext } from '@/lib/context';
import { notFound } from '@/lib/errors/app-error';
import type { z } from 'zod';
import type { employeeTagSchema, manualReviewSchema } from './schema';
import { detectLanguage } from '@/lib/i18n/detect-language';
import { requireOwnLocation } from '@/lib/locations/own-location';
import { dayStart } from './list-reviews';
import { loadReview } from './get-review';

/** A review from another site typed in by hand; noon of the given day in the merchant's zone. */
export async function addManualReview(ctx: ServiceContext, input: z.infer<typeof manualReviewSchema>) {
  if (input.locationId) await requireOwnLocation(ctx.db, ctx.merchantId, input.locationId);
  const at = new Date(dayStart(input.reviewDate).getTime() + 12 * 3_600_000);
  const [row] = await ctx.db
    .insert(reviews)
    .values({
      merchantId: ctx.merchantId,
      locationId: input.locationId ?? null,
      site: input.site,
      origin: 'manual',
      externalId: `manual-${crypto.randomUUID()}`,
      reviewerName: input.reviewerName,
      rating: input.rating,
      comment: input.comment,
      language: detectLanguage(input.comment || input.reviewerName),
      createTime: at,
      updateTime: at,
      employeeTag: input.employeeTag ?? null,
    })
    .returning({ id: reviews.id });
  return { id: row.id };
}

export async function setEmployeeTag(ctx: ServiceContext, id: number, input: z.infer<typeof employeeTagSchema>) {
  const review = await loadReview(ctx, id);
  if (!review) throw notFound('reviews.errors.notFound');
  await ctx.db
    .update(reviews)
    .set({ employeeTag: input.employeeTag, updatedAt: ctx.now() })
    .where(and(eq(reviews.id, review.id), eq(reviews.merchantId, ctx.merchantId)));
  return { id: review.id, employeeTag: input.employeeTag };
}

/** Deletes a hand-added or imported review; synced ones belong to the provider. */
export async function deleteManualReview(ctx: ServiceContext, id: number) {
  const review = await loadReview(ctx, id);
  if (!review || review.origin === 'sync') throw notFound('reviews.errors.notFound');
  await ctx.db.delete(reviews).where(and(eq(reviews.id, review.id), eq(reviews.merchantId, ctx.merchantId)));
  return { id: review.id };
}
