import { and, count, eq } from 'drizzle-orm';
import { reviewLinks } from '@/db/schema/review-links';
import { users } from '@/db/schema/users';
import type { ServiceContext } from '@/lib/context';
import { withTx } from '@/lib/context';
import { AppError } from '@/lib/errors/app-error';
import { requireOwnLocation } from '@/lib/locations/own-location';
import { requireOwner } from '@/lib/team/require-owner';
import { newReviewCode } from './code';
import { getReviewLink } from './get-review-link';
import { MAX_LINKS_PER_LOCATION } from './limits';
import { requireOwnReviewLink } from './own-review-link';
import type { ReviewLinkRecord } from './record';
import type { CreateReviewLinkInput, SetReviewLinkEnabledInput } from './schema';

/**
 * A new code for a location: its own (no employee), a team member's (credited by the member's
 * name) or a free-text employee's. Printed codes are the owner's business, like the location itself.
 */
export async function createReviewLink(ctx: ServiceContext, input: CreateReviewLinkInput): Promise<ReviewLinkRecord> {
  await requireOwner(ctx);
  const id = await withTx(ctx, async (tx) => {
    await requireOwnLocation(tx.db, tx.merchantId, input.locationId, { field: 'locationId' });
    const employeeTag = input.memberUserId ? await memberName(tx, input.memberUserId) : (input.employeeTag ?? null);
    const [{ n }] = await tx.db.select({ n: count() }).from(reviewLinks).where(and(eq(reviewLinks.merchantId, tx.merchantId), eq(reviewLinks.locationId, input.locationId)));
    if (n >= MAX_LINKS_PER_LOCATION) throw new AppError('CONFLICT', 'reviewLinks.errors.tooMany', { values: { max: MAX_LINKS_PER_LOCATION } });
    const now = tx.now();
    const [row] = await tx.db
      .insert(reviewLinks)
      .values({ merchantId: tx.merchantId, locationId: input.locationId, memberUserId: input.memberUserId ?? null, employeeTag, code: newReviewCode(), createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: reviewLinks.id });
    // The only conflict a fresh 50-bit code meets in practice: this location already has a code for this employee.
    if (!row) throw new AppError('CONFLICT', 'reviewLinks.errors.duplicate', { fieldErrors: { [input.memberUserId ? 'memberUserId' : 'employeeTag']: 'reviewLinks.errors.duplicate' } });
    return row.id;
  });
  return getReviewLink(ctx, id);
}

/** Turns a code off (its scans land on the friendly "no longer in use" page) or back on. */
export async function setReviewLinkEnabled(ctx: ServiceContext, input: SetReviewLinkEnabledInput): Promise<ReviewLinkRecord> {
  await requireOwner(ctx);
  await requireOwnReviewLink(ctx.db, ctx.merchantId, input.id);
  await ctx.db
    .update(reviewLinks)
    .set({ enabled: input.enabled, updatedAt: ctx.now() })
    .where(and(eq(reviewLinks.id, input.id), eq(reviewLinks.merchantId, ctx.merchantId)));
  return getReviewLink(ctx, input.id);
}

/** A member of this merchant's team, by name (what reviews are tagged with); another merchant's user is "not found" beside the field. */
async function memberName(ctx: ServiceContext, userId: number): Promise<string> {
  const [row] = await ctx.db.select({ name: users.name }).from(users).where(and(eq(users.id, userId), eq(users.merchantId, ctx.merchantId))).limit(1);
  if (!row) throw new AppError('VALIDATION', 'reviewLinks.errors.memberNotFound', { fieldErrors: { memberUserId: 'reviewLinks.errors.memberNotFound' } });
  return row.name.slice(0, 50);
}
