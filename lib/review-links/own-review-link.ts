import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { reviewLinks } from '@/db/schema/review-links';
import { notFound } from '@/lib/errors/app-error';

export type ReviewLinkRow = typeof reviewLinks.$inferSelect;

/** The one "own review link or 404" check: another merchant's id answers like a missing one. */
export async function requireOwnReviewLink(db: Db, merchantId: number, id: number): Promise<ReviewLinkRow> {
  const [row] = await db.select().from(reviewLinks).where(and(eq(reviewLinks.id, id), eq(reviewLinks.merchantId, merchantId))).limit(1);
  if (!row) throw notFound('reviewLinks.errors.notFound');
  return row;
}
