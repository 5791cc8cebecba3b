import type { ServiceContext } from '@/lib/context';
import { STAR_VALUES, type GbpReview } from '@/lib/gbp/types';
import { locationOptions } from '@/lib/locations/options';
import { apiFor, loadSource } from './connection';
import { providerCall } from './provider-errors';
import { cacheAccounts, cacheLocations } from './cache';

/** Level 1 of /sources: the accounts of a source (name, id), read live and cached. */
export async function browseAccounts(ctx: ServiceContext, sourceId: number, pageToken?: string) {
  const source = await loadSource(ctx.db, ctx.merchantId, sourceId);
  const page = await providerCall(() => apiFor(ctx.db, source, ctx.now).listAccounts(pageToken));
  await cacheAccounts(ctx.db, ctx.merchantId, sourceId, page.items, ctx.now());
  return { items: page.items.map((a) => ({ id: a.name, name: a.accountName, type: a.type ?? null })), nextPageToken: page.nextPageToken ?? null };
}

/** Level 2: an account's locations (name, address), cached with their link to our locations. */
export async function browseLocations(ctx: ServiceContext, sourceId: number, account: string, pageToken?: string) {
  const source = await loadSource(ctx.db, ctx.merchantId, sourceId);
  const page = await providerCall(() => apiFor(ctx.db, source, ctx.now).listLocations(account, pageToken));
  const rows = await cacheLocations(ctx.db, ctx.merchantId, sourceId, account, page.items, ctx.now());
  const linkedNames = await linkedLocationNames(ctx, rows.map((r) => r.locationId).filter((id): id is number => id !== null));
  return {
    items: rows.map((r) => ({
      id: r.externalId,
      sourceLocationId: r.id,
      name: r.title,
      address: r.address,
      placeId: r.placeId,
      reviewUri: r.newReviewUri,
      linkedLocationId: r.locationId,
      linkedLocationName: r.locationId ? (linkedNames.get(r.locationId) ?? null) : null,
    })),
    nextPageToken: page.nextPageToken ?? null,
  };
}

/** Level 3: a location's reviews (reviewer, rating, comment, time), 50 a page as Google pages them. */
export async function browseReviews(ctx: ServiceContext, sourceId: number, account: string, location: string, pageToken?: string) {
  const source = await loadSource(ctx.db, ctx.merchantId, sourceId);
  const page = await providerCall(() => apiFor(ctx.db, source, ctx.now).listReviews(account, location, pageToken));
  return {
    items: page.items.map(toReviewView),
    nextPageToken: page.nextPageToken ?? null,
    averageRating: page.averageRating ?? null,
    totalReviewCount: page.totalReviewCount ?? null,
  };
}

function toReviewView(r: GbpReview) {
  return {
    id: r.reviewId,
    reviewer: r.reviewer.displayName ?? '',
    rating: STAR_VALUES[r.starRating] ?? 0,
    comment: r.comment ?? '',
    createTime: r.createTime,
    reply: r.reviewReply?.comment ?? null,
  };
}

async function linkedLocationNames(ctx: ServiceContext, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await locationOptions(ctx);
  return new Map(rows.filter((r) => ids.includes(r.id)).map((r) => [r.id, r.name]));
}
