import { and, eq } from 'drizzle-orm';
import { reviewSources, sourceLocations } from '@/db/schema/sources';
import type { ServiceContext } from '@/lib/context';
import { AppError, notFound } from '@/lib/errors/app-error';
import { requireOwnLocation } from '@/lib/locations/own-location';
import { setLocationConnection } from './connection';

/**
 * Links a provider location to one of our locations: one each way (a previous link of either side
 * is released), our location becomes `connected` and its review link is the provider's
 * write-a-review address, which {{googleReviewLink}} renders.
 */
export async function linkLocation(ctx: ServiceContext, input: { sourceLocationId: number; locationId: number }) {
  return ctx.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ row: sourceLocations, status: reviewSources.status })
      .from(sourceLocations)
      .innerJoin(reviewSources, eq(reviewSources.id, sourceLocations.sourceId))
      .where(and(eq(sourceLocations.id, input.sourceLocationId), eq(sourceLocations.merchantId, ctx.merchantId)))
      .limit(1);
    if (!target) throw notFound('sources.errors.locationNotFound');
    const ours = await requireOwnLocation(tx, ctx.merchantId, input.locationId);
    if (target.status !== 'connected') throw new AppError('CONFLICT', 'sources.errors.notConnected');
    // Release whatever either side was linked to before.
    const previous = target.row.locationId;
    if (previous && previous !== ours.id) await setLocationConnection(tx, ctx.merchantId, previous, { connected: false });
    await tx
      .update(sourceLocations)
      .set({ locationId: null, linkedAt: null })
      .where(and(eq(sourceLocations.merchantId, ctx.merchantId), eq(sourceLocations.locationId, ours.id)));
    await tx.update(sourceLocations).set({ locationId: ours.id, linkedAt: ctx.now() }).where(eq(sourceLocations.id, target.row.id));
    const reviewLink = target.row.newReviewUri ?? (target.row.placeId ? `https://search.google.com/local/writereview?placeid=${encodeURIComponent(target.row.placeId)}` : undefined);
    await setLocationConnection(tx, ctx.merchantId, ours.id, { connected: true, reviewLink });
    return { sourceLocationId: target.row.id, locationId: ours.id, reviewLink: reviewLink ?? null };
  });
}

/** Unlinks; our location is no longer connected (its review link stays: the merchant may use it). */
export async function unlinkLocation(ctx: ServiceContext, input: { sourceLocationId: number }) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sourceLocations)
      .where(and(eq(sourceLocations.id, input.sourceLocationId), eq(sourceLocations.merchantId, ctx.merchantId)))
      .limit(1);
    if (!row) throw notFound('sources.errors.locationNotFound');
    if (row.locationId) await setLocationConnection(tx, ctx.merchantId, row.locationId, { connected: false });
    await tx.update(sourceLocations).set({ locationId: null, linkedAt: null }).where(eq(sourceLocations.id, row.id));
    return { sourceLocationId: row.id };
  });
}
