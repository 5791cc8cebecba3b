import { and, eq } from 'drizzle-orm';
import { reviews } from '@/db/schema/reviews';
import type { ServiceContext } from '@/lib/context';
import { AppError, notFound } from '@/lib/errors/app-error';
import { apiFor, loadSource } from '@/lib/sources/connection';
import { providerCall } from '@/lib/sources/provider-errors';
import { REPLY_MAX_BYTES, utf8Bytes } from './schema';
import { loadReview } from './get-review';

/**
 * Posts (or edits) the owner's reply. A Google review's reply goes to Google first through
 * reviews.updateReply; only what Google accepted is stored. Other sites' replies are kept here
 * (the merchant posts them on that site).
 */
export async function saveReply(ctx: ServiceContext, id: number, comment: string) {
  const text = comment.trim();
  if (!text) throw new AppError('VALIDATION', 'reviews.errors.replyRequired', { fieldErrors: { comment: 'reviews.errors.replyRequired' } });
  if (utf8Bytes(text) > REPLY_MAX_BYTES) {
    throw new AppError('VALIDATION', 'reviews.errors.replyTooLong', { fieldErrors: { comment: 'reviews.errors.replyTooLong' }, values: { max: REPLY_MAX_BYTES } });
  }
  const review = await loadReview(ctx, id);
  if (!review) throw notFound('reviews.errors.notFound');
  let replyTime = ctx.now();
  let stored = text;
  if (review.site === 'google' && review.externalName) {
    const api = await providerApi(ctx, review.sourceId);
    const answer = await providerCall(() => api.updateReply(review.externalName as string, text));
    stored = answer.comment ?? text;
    replyTime = answer.updateTime ? new Date(answer.updateTime) : replyTime;
  }
  await ctx.db
    .update(reviews)
    .set({ replyComment: stored, replyTime, updatedAt: ctx.now() })
    .where(and(eq(reviews.id, review.id), eq(reviews.merchantId, ctx.merchantId)));
  return { id: review.id, replyComment: stored, replyTime };
}

export async function deleteReply(ctx: ServiceContext, id: number) {
  const review = await loadReview(ctx, id);
  if (!review) throw notFound('reviews.errors.notFound');
  if (review.replyComment !== null && review.site === 'google' && review.externalName) {
    const api = await providerApi(ctx, review.sourceId);
    await providerCall(() => api.deleteReply(review.externalName as string));
  }
  await ctx.db
    .update(reviews)
    .set({ replyComment: null, replyTime: null, updatedAt: ctx.now() })
    .where(and(eq(reviews.id, review.id), eq(reviews.merchantId, ctx.merchantId)));
  return { id: review.id };
}

async function providerApi(ctx: ServiceContext, sourceId: number | null) {
  if (!sourceId) throw new AppError('CONFLICT', 'reviews.errors.sourceDisconnected');
  const source = await loadSource(ctx.db, ctx.merchantId, sourceId).catch(() => null);
  if (!source || source.status !== 'connected') throw new AppError('CONFLICT', 'reviews.errors.sourceDisconnected');
  return apiFor(ctx.db, source, ctx.now);
}
