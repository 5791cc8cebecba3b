import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { reviews } from '@/db/schema/reviews';
import { locations } from '@/db/schema/locations';
import type { ServiceContext } from '@/lib/context';
import { notFound } from '@/lib/errors/app-error';
import type { z } from 'zod';
import type { employeeTagSchema, manualReviewSchema } from './schema';
import { detectLanguage } from '@/lib/i18n/detect-language';
import { dayStart, loadReview } from './query';

/** A review from another site typed in by hand; noon of the given day in the merchant's zone. */
export async function addManualReview(ctx: ServiceContext, input: z.infer<typeof manualReviewSchema>) {
  if (input.locationId) await assertLocation(ctx, input.locationId);
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

export async function assertLocation(ctx: ServiceContext, locationId: number): Promise<void> {
  const [row] = await ctx.db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.merchantId, ctx.merchantId)))
    .limit(1);
  if (!row) throw notFound('reviews.errors.locationNotFound');
}
