import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { merchants } from '@/db/schema/merchants';
import { activeReviewLink } from './scan';

export interface ReviewSitesView {
  merchantName: string;
  locationName: string;
  sites: { site: 'google' | 'tripadvisor' | 'dianping' | 'openrice'; url: string }[];
}

/**
 * The page a code leads to when its location has no review link connected: the review sites
 * where the location can be found, each searched by name and address (no site needs an account
 * link from us for this). The same list for everyone who scans: nothing asks for a rating first.
 * Null when the code is unknown or turned off (the friendly page).
 */
export async function reviewSitesForCode(db: Db, code: string): Promise<ReviewSitesView | null> {
  const link = await activeReviewLink(db, code);
  if (!link) return null;
  const [merchant] = await db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, link.merchantId)).limit(1);
  if (!merchant) return null;
  const row = { ...link, merchantName: merchant.name };
  const query = encodeURIComponent([row.merchantName, row.locationName, row.address, row.city].filter(Boolean).join(' '));
  const sites: ReviewSitesView['sites'] = [
    { site: 'google', url: `https://www.google.com/maps/search/?api=1&query=${query}` },
    { site: 'tripadvisor', url: `https://www.tripadvisor.com/Search?q=${query}` },
  ];
  if (row.country === 'CN') sites.push({ site: 'dianping', url: `https://www.dianping.com/search/keyword/0/0_${query}` });
  if (row.country === 'HK') sites.push({ site: 'openrice', url: `https://www.openrice.com/en/hongkong/restaurants?what=${query}` });
  return { merchantName: row.merchantName, locationName: row.locationName, sites };
}
