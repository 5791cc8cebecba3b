import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { reviews } from '@/db/schema/reviews';
import { reviewSources, sourceLocations } from '@/db/schema/sources';
import { demoReviews, type DemoLanguage } from '@/lib/gbp/demo-reviews';
import { SANDBOX_LOCATIONS } from '@/lib/gbp/sandbox';
import { phraseReply } from '@/lib/reply-phrases';
import { setLocationConnection } from '@/lib/sources/connection';
import { cacheAccounts, cacheLocations } from '@/lib/sources/cache';
import { sandboxApi } from '@/lib/gbp/sandbox';
import { syncSource } from '@/lib/sources/sync';
import type { DemoMerchant } from './merchant';

const STAFF_NAMES = ['小王', '阿杰', '莉莉', 'Amy', 'Leo', 'Jason', '阿欣', 'Kelvin', '阿強'];

/**
 * The demo café's reviews: the sandbox business profile connected and linked to both demo
 * locations and synced (a year of Google reviews through the real sync), plus a year of reviews
 * from Dianping, OpenRice, TripAdvisor and elsewhere inserted in bulk. Idempotent: skipped when the
 * demo merchant already has a review source.
 */
export async function seedReviews(db: Db, demo: DemoMerchant, now = new Date()): Promise<void> {
  const [existing] = await db.select({ id: reviewSources.id }).from(reviewSources).where(eq(reviewSources.merchantId, demo.merchantId)).limit(1);
  if (existing || demo.locationIds.length < 2) return;
  const [jingan, central] = demo.locationIds;
  const [source] = await db
    .insert(reviewSources)
    .values({ merchantId: demo.merchantId, provider: 'sandbox', status: 'connected', scopes: ['https://www.googleapis.com/auth/business.manage'], connectedAt: new Date(now.getTime() - 200 * 86_400_000) })
    .returning({ id: reviewSources.id });
  const api = sandboxApi();
  const accounts = await api.listAccounts();
  await cacheAccounts(db, demo.merchantId, source.id, accounts.items, now);
  for (const account of accounts.items) {
    const page = await api.listLocations(account.name);
    await cacheLocations(db, demo.merchantId, source.id, account.name, page.items, now);
  }
  for (const [index, locationId] of [jingan, central].entries()) {
    const sandbox = SANDBOX_LOCATIONS[index];
    await db
      .update(sourceLocations)
      .set({ locationId, linkedAt: now })
      .where(and(eq(sourceLocations.sourceId, source.id), eq(sourceLocations.externalId, sandbox.name)));
    await setLocationConnection(db, demo.merchantId, locationId, { connected: true, reviewLink: sandbox.metadata?.newReviewUri ?? null });
  }
  await syncSource(db, demo.merchantId, source.id, { now: () => now });
  for (const name of STAFF_NAMES) {
    await db.execute(sql`update reviews set employee_tag = ${name} where merchant_id = ${demo.merchantId} and site = 'google' and employee_tag is null and comment like ${`%${name}%`}`);
  }
  await insertOtherSites(db, demo.merchantId, jingan, central, now);
}

/** Reviews from the other sites, in one multi-row INSERT per site (raw SQL: bulk rows). */
async function insertOtherSites(db: Db, merchantId: number, jingan: number, central: number, now: Date): Promise<void> {
  const plan: { site: 'dianping' | 'openrice' | 'tripadvisor' | 'other'; locationId: number; seed: number; count: number; languages: DemoLanguage[] }[] = [
    { site: 'dianping', locationId: jingan, seed: 101, count: 96, languages: ['zh-CN'] },
    { site: 'openrice', locationId: central, seed: 202, count: 64, languages: ['zh-HK', 'zh-HK', 'en-US'] },
    { site: 'tripadvisor', locationId: jingan, seed: 303, count: 18, languages: ['en-US'] },
    { site: 'tripadvisor', locationId: central, seed: 304, count: 22, languages: ['en-US', 'zh-HK'] },
    { site: 'other', locationId: jingan, seed: 405, count: 8, languages: ['zh-CN', 'en-US'] },
  ];
  for (const p of plan) {
    const rows = demoReviews(p.seed, p.count, now, p.languages).map((r, i) => {
      const externalId = `demo-${p.site}-${p.seed}-${i + 1}`;
      const recent = i >= p.count - 6;
      // Low ratings were answered except the newest ones; about a third of the good ones too.
      const answered = r.rating <= 2 ? !recent : r.rating >= 4 ? i % 3 === 1 : r.rating === 3 && !recent && i % 2 === 0;
      const reply = answered ? phraseReply({ rating: r.rating, language: r.language, reviewerName: r.reviewerName, seed: externalId }) : null;
      const replyTime = answered ? new Date(r.createTime.getTime() + 26 * 3_600_000) : null;
      // ISO text, cast: postgres.js cannot bind a Date inside a raw sql fragment.
      return sql`(${merchantId}, ${p.locationId}, ${p.site}, 'import', ${externalId}, ${r.reviewerName}, ${r.rating}, ${r.comment}, ${r.language}, ${r.createTime.toISOString()}::timestamptz, ${r.createTime.toISOString()}::timestamptz, ${reply}, ${replyTime?.toISOString() ?? null}::timestamptz, ${r.staff})`;
    });
    await db.execute(sql`
      insert into ${reviews} (merchant_id, location_id, site, origin, external_id, reviewer_name, rating, comment, language, create_time, update_time, reply_comment, reply_time, employee_tag)
      values ${sql.join(rows, sql`, `)}
      on conflict (merchant_id, site, external_id) do nothing`);
  }
}
