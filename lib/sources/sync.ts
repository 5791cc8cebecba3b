import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
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
import { AppError } from '@/lib/errors/app-error';

export interface SyncResult {
  sourceId: number;
  accounts: number;
  locations: number;
  linkedLocations: number;
  fetched: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Reviews gone from Google (deleted by their author or by Google): removed here too. */
  removed: number;
  /** Reviews Google gives without a star rating (STAR_RATING_UNSPECIFIED): not stored, as no figure can count them. */
  unrated: number;
  /** Linked locations Google would not list reviews of (the account lost them, say); the others were synced. */
  failedLocations: { locationId: number; locationName: string }[];
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
  const result: SyncResult = { sourceId, accounts: 0, locations: 0, linkedLocations: 0, fetched: 0, inserted: 0, updated: 0, unchanged: 0, removed: 0, unrated: 0, failedLocations: [] };
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
    // One location Google no longer answers for must not hold back the others (found from outside:
    // a 404 on one stopped every location's reviews). A failure that is the whole source's
    // (revoked, quota) still stops the sync; so does every location failing.
    let firstFailure: unknown = null;
    for (const link of linked) {
      try {
        await syncLocationReviews(db, api, source, link.accountExternalId, link.externalId, link.locationId as number, result, now);
      } catch (error) {
        if (isSourceWide(error)) throw error;
        firstFailure ??= error;
        result.failedLocations.push({ locationId: link.locationId as number, locationName: link.title });
      }
    }
    if (firstFailure && result.failedLocations.length === linked.length) throw firstFailure;
    const partial = result.failedLocations.length ? `${result.failedLocations.length} linked location(s) could not be read: ${result.failedLocations.map((f) => f.locationName).join(', ')}`.slice(0, 200) : null;
    await db.update(reviewSources).set({ lastSyncAt: now(), lastSyncError: partial, updatedAt: now() }).where(eq(reviewSources.id, sourceId));
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

/** A failure that holds for every location of the source: the grant revoked, the quota spent. */
function isSourceWide(error: unknown): boolean {
  const known = toAppError(error);
  return error instanceof RevokedGrantError || (known instanceof AppError && known.code === 'TOO_MANY_REQUESTS');
}

async function syncLocationReviews(db: Db, api: BusinessProfileApi, source: SourceRow, account: string, location: string, locationId: number, result: SyncResult, now: () => Date) {
  // The sandbox forgets replies posted to it when the process restarts; ours are kept then.
  const providerOwnsReplies = source.provider === 'google';
  const seen: string[] = [];
  for await (const batch of reviewPages(api, account, location)) {
    result.fetched += batch.length;
    const rated = batch.filter((r) => STAR_VALUES[r.starRating]);
    result.unrated += batch.length - rated.length;
    seen.push(...batch.map((r) => r.reviewId));
    const wanted = rated.map((r) => toRow(r, source, locationId));
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
  result.removed += await removeGoneReviews(db, source, `${account}/${location}/reviews/`, seen);
}

/**
 * After every page of a location was read: its synced reviews Google no longer lists were deleted
 * there (by their author, or by Google), and go here too (found from outside: they stayed in the
 * list, the averages and the dashboard for good, and could be neither answered nor deleted). A
 * location that answers no review at all removes nothing: an empty answer is likelier a glitch
 * than every review gone at once.
 */
async function removeGoneReviews(db: Db, source: SourceRow, namePrefix: string, seen: string[]): Promise<number> {
  if (!seen.length) return 0;
  const gone = await db.execute<{ id: number }>(
    sql`delete from reviews where merchant_id = ${source.merchantId} and site = 'google' and origin = 'sync'
        and starts_with(external_name, ${namePrefix})
        and external_id not in (${sql.join(seen.map((id) => sql`${id}`), sql`, `)})
        returning id`,
  );
  return gone.length;
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
    language: detectLanguage(originalText(comment)),
    createTime: new Date(r.createTime),
    updateTime: new Date(r.updateTime),
    replyComment: r.reviewReply?.comment ?? null,
    replyTime: r.reviewReply ? new Date(r.reviewReply.updateTime) : null,
  };
}

/**
 * The reviewer's own words of a comment Google translated: "(Translated by Google) …\n\n(Original)\n…"
 * keeps them after "(Original)"; "…\n\n(Translated by Google)\n…" before the marker. The language
 * (and so the reply draft's) is the reviewer's, not the translation's (found from outside).
 */
function originalText(comment: string): string {
  const after = /\(Original\)\s*\n([\s\S]+)$/.exec(comment);
  if (after && /^\s*\(Translated by Google\)/.test(comment)) return after[1];
  const before = /^([\s\S]+?)\n\s*\n\(Translated by Google\)/.exec(comment);
  return before ? before[1] : comment;
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
