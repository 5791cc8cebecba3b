import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { reviewSources, sourceLocations } from '@/db/schema/sources';
import { reviews } from '@/db/schema/reviews';
import { logError } from '@/lib/observability/log-error';
import { newRequestId } from '@/lib/observability/request-id';
import { STAR_VALUES, RevokedGrantError, type BusinessProfileApi, type GbpReview } from '@/lib/gbp/types';
import { detectLanguage } from '@/lib/i18n/detect-language';
import { apiFor, loadSource, type SourceRow } from './connection';
import { cacheAccounts, cacheLocations } from './cache';
import { toAppError } from './provider-errors';

export interface SyncResult {
  sourceId: number;
  accounts: number;
  locations: number;
  linkedLocations: number;
  fetched: number;
  inserted: number;
  updated: number;
  unchanged: number;
}

interface SyncOptions {
  now?: () => Date;
}

/**
 * Fetches the reviews of every linked location of one source: accounts.list, then locations.list
 * (readMask) per account to refresh the cache, then v4 reviews.list 50 a page per linked location.
 * Rows are upserted by (merchant, site, external id); a row whose provider fields did not change is
 * left alone, so a second sync writes nothing.
 */
export async function syncSource(db: Db, merchantId: number, sourceId: number, options: SyncOptions = {}): Promise<SyncResult> {
  const now = options.now ?? (() => new Date());
  const source = await loadSource(db, merchantId, sourceId);
  const result: SyncResult = { sourceId, accounts: 0, locations: 0, linkedLocations: 0, fetched: 0, inserted: 0, updated: 0, unchanged: 0 };
  try {
    const api = apiFor(db, source, now);
    for await (const account of pages((token) => api.listAccounts(token))) {
      result.accounts++;
      await cacheAccounts(db, merchantId, sourceId, [account], now());
      const batch = [];
      for await (const location of pages((token) => api.listLocations(account.name, token))) batch.push(location);
      result.locations += batch.length;
      await cacheLocations(db, merchantId, sourceId, account.name, batch, now());
    }
    const linked = await db
      .select()
      .from(sourceLocations)
      .where(and(eq(sourceLocations.merchantId, merchantId), eq(sourceLocations.sourceId, sourceId), isNotNull(sourceLocations.locationId)));
    result.linkedLocations = linked.length;
    for (const link of linked) {
      await syncLocationReviews(db, api, source, link.accountExternalId, link.externalId, link.locationId as number, result, now);
    }
    await db.update(reviewSources).set({ lastSyncAt: now(), lastSyncError: null, updatedAt: now() }).where(eq(reviewSources.id, sourceId));
    return result;
  } catch (error) {
    if (!(error instanceof RevokedGrantError) && source.status === 'connected') {
      await db
        .update(reviewSources)
        .set({ lastSyncError: error instanceof Error ? error.message.slice(0, 200) : 'sync failed', updatedAt: now() })
        .where(eq(reviewSources.id, sourceId));
    }
    throw toAppError(error);
  }
}

async function syncLocationReviews(db: Db, api: BusinessProfileApi, source: SourceRow, account: string, location: string, locationId: number, result: SyncResult, now: () => Date) {
  // The sandbox forgets replies posted to it when the process restarts; ours are kept then.
  const providerOwnsReplies = source.provider === 'google';
  for await (const batch of reviewPages(api, account, location)) {
    result.fetched += batch.length;
    const wanted = batch.map((r) => toRow(r, source, locationId));
    const existing = await db
      .select()
      .from(reviews)
      .where(and(eq(reviews.merchantId, source.merchantId), eq(reviews.site, 'google'), inArray(reviews.externalId, wanted.map((w) => w.externalId))));
    const byId = new Map(existing.map((e) => [e.externalId, e]));
    const inserts = [];
    for (const row of wanted) {
      const old = byId.get(row.externalId);
      if (!old) {
        inserts.push(row);
        continue;
      }
      const next = providerOwnsReplies || row.replyComment !== null ? row : { ...row, replyComment: old.replyComment, replyTime: old.replyTime };
      if (sameProviderFields(old, next)) {
        result.unchanged++;
        continue;
      }
      await db
        .update(reviews)
        .set({
          locationId: next.locationId,
          sourceId: next.sourceId,
          externalName: next.externalName,
          reviewerName: next.reviewerName,
          reviewerPhotoUrl: next.reviewerPhotoUrl,
          rating: next.rating,
          comment: next.comment,
          language: next.language,
          updateTime: next.updateTime,
          replyComment: next.replyComment,
          replyTime: next.replyTime,
          updatedAt: now(),
        })
        .where(eq(reviews.id, old.id));
      result.updated++;
    }
    if (inserts.length) {
      const added = await db.insert(reviews).values(inserts).onConflictDoNothing().returning({ id: reviews.id });
      result.inserted += added.length;
      result.unchanged += inserts.length - added.length;
    }
  }
}

type ReviewInsert = typeof reviews.$inferInsert & { externalId: string; replyComment: string | null; replyTime: Date | null };

function toRow(r: GbpReview, source: SourceRow, locationId: number): ReviewInsert {
  const comment = r.comment ?? '';
  return {
    merchantId: source.merchantId,
    locationId,
    sourceId: source.id,
    site: 'google',
    origin: 'sync',
    externalId: r.reviewId,
    externalName: r.name,
    reviewerName: r.reviewer.displayName?.trim() || (r.reviewer.isAnonymous ? 'Anonymous' : 'Google user'),
    reviewerPhotoUrl: r.reviewer.profilePhotoUrl ?? null,
    rating: STAR_VALUES[r.starRating] || 0,
    comment,
    language: detectLanguage(comment),
    createTime: new Date(r.createTime),
    updateTime: new Date(r.updateTime),
    replyComment: r.reviewReply?.comment ?? null,
    replyTime: r.reviewReply ? new Date(r.reviewReply.updateTime) : null,
  };
}

function sameProviderFields(old: typeof reviews.$inferSelect, next: ReviewInsert): boolean {
  return (
    old.locationId === next.locationId &&
    old.sourceId === next.sourceId &&
    old.externalName === next.externalName &&
    old.reviewerName === next.reviewerName &&
    old.reviewerPhotoUrl === next.reviewerPhotoUrl &&
    old.rating === next.rating &&
    old.comment === next.comment &&
    old.updateTime.getTime() === (next.updateTime as Date).getTime() &&
    old.replyComment === next.replyComment &&
    (old.replyTime?.getTime() ?? null) === (next.replyTime?.getTime() ?? null)
  );
}

async function* pages<T>(fetchPage: (token?: string) => Promise<{ items: T[]; nextPageToken?: string }>): AsyncGenerator<T> {
  let token: string | undefined;
  do {
    const page = await fetchPage(token);
    yield* page.items;
    token = page.nextPageToken;
  } while (token);
}

async function* reviewPages(api: BusinessProfileApi, account: string, location: string): AsyncGenerator<GbpReview[]> {
  let token: string | undefined;
  do {
    const page = await api.listReviews(account, location, token);
    if (page.items.length) yield page.items;
    token = page.nextPageToken;
  } while (token);
}

/**
 * The cron's work: every connected source, one after another (they share the quota bucket). A
 * failing source is recorded and skipped; a revoked one is marked and the merchant sees a banner.
 */
export async function syncAllSources(db: Db, options: SyncOptions = {}) {
  const sources = await db.select({ id: reviewSources.id, merchantId: reviewSources.merchantId }).from(reviewSources).where(eq(reviewSources.status, 'connected')).orderBy(reviewSources.id);
  const outcomes: { sourceId: number; ok: boolean; result?: SyncResult; error?: string }[] = [];
  for (const s of sources) {
    try {
      outcomes.push({ sourceId: s.id, ok: true, result: await syncSource(db, s.merchantId, s.id, options) });
    } catch (error) {
      const key = (error as { messageKey?: string }).messageKey;
      if (!key) logError(newRequestId(), error);
      outcomes.push({ sourceId: s.id, ok: false, error: key ?? 'sync failed' });
    }
  }
  return { sources: outcomes.length, ok: outcomes.filter((o) => o.ok).length, outcomes };
}
