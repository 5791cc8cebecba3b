import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import type { ServiceContext } from '@/lib/context';
import { sourceAccounts, sourceLocations } from '@/db/schema/sources';
import { formatAddress, type GbpAccount, type GbpLocation } from '@/lib/gbp/types';

/** Keeps the last listed accounts of a source (names change at the provider). */
export async function cacheAccounts(db: Db, merchantId: number, sourceId: number, accounts: GbpAccount[], now: Date): Promise<void> {
  if (!accounts.length) return;
  await db
    .insert(sourceAccounts)
    .values(accounts.map((a) => ({ merchantId, sourceId, externalId: a.name, name: a.accountName, type: a.type ?? null, fetchedAt: now })))
    .onConflictDoUpdate({ target: [sourceAccounts.sourceId, sourceAccounts.externalId], set: { name: sql`excluded.name`, type: sql`excluded.type`, fetchedAt: sql`excluded.fetched_at` } });
}

/** Keeps the last listed locations of an account; a row's link to our location is never touched here. */
export async function cacheLocations(db: Db, merchantId: number, sourceId: number, account: string, items: GbpLocation[], now: Date) {
  if (!items.length) return [];
  return db
    .insert(sourceLocations)
    .values(
      items.map((l) => ({
        merchantId,
        sourceId,
        accountExternalId: account,
        externalId: l.name,
        title: l.title,
        address: formatAddress(l),
        placeId: l.metadata?.placeId ?? null,
        newReviewUri: l.metadata?.newReviewUri ?? null,
        fetchedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [sourceLocations.sourceId, sourceLocations.externalId],
      set: {
        accountExternalId: sql`excluded.account_external_id`,
        title: sql`excluded.title`,
        address: sql`excluded.address`,
        placeId: sql`excluded.place_id`,
        newReviewUri: sql`excluded.new_review_uri`,
        fetchedAt: sql`excluded.fetched_at`,
      },
    })
    .returning();
}

/** A provider location's name as last listed (null: never listed here), so a page need not ask the provider again. */
export async function cachedLocationTitle(ctx: ServiceContext, sourceId: number, externalId: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ title: sourceLocations.title })
    .from(sourceLocations)
    .where(and(eq(sourceLocations.merchantId, ctx.merchantId), eq(sourceLocations.sourceId, sourceId), eq(sourceLocations.externalId, externalId)))
    .limit(1);
  return row?.title ?? null;
}
