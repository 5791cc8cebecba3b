import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { locations } from '@/db/schema/locations';
import { reviewLinks, reviewLinkScans } from '@/db/schema/review-links';
import { addressKey, reserveOnce } from '@/lib/rate-limit/rate-limit';
import { isReviewCodeShape } from './code';
import { SCAN_REPEAT_WINDOW_SECONDS } from './limits';

const SCAN_LIMIT = { bucket: 'reviewScan', max: 1, windowSeconds: SCAN_REPEAT_WINDOW_SECONDS };

export type ScanOutcome =
  /** The location's review link (an http(s) address), or our page of the location's review sites. */
  | { kind: 'redirect'; target: 'review-link'; url: string; counted: boolean }
  | { kind: 'redirect'; target: 'sites'; counted: boolean }
  /** Unknown, disabled, or its location disabled: the friendly page. */
  | { kind: 'unavailable' };

export interface ScanRequest {
  code: string;
  /** False for HEAD, prefetches and crawlers (./bots.ts): they get the redirect, uncounted. */
  countable: boolean;
  /** The client's address, for the repeat window only (never stored with the scan). */
  address: string | undefined;
  now: Date;
}

/** The active link of a code, with where it leads; null when it leads nowhere. */
export async function activeReviewLink(db: Db, rawCode: string) {
  const code = rawCode.trim().toUpperCase();
  if (!isReviewCodeShape(code)) return null;
  const [row] = await db
    .select({
      id: reviewLinks.id,
      merchantId: reviewLinks.merchantId,
      locationId: reviewLinks.locationId,
      employeeTag: reviewLinks.employeeTag,
      enabled: reviewLinks.enabled,
      locationEnabled: locations.enabled,
      locationName: locations.name,
      address: locations.address,
      city: locations.city,
      country: locations.country,
      reviewLink: locations.reviewLink,
    })
    .from(reviewLinks)
    .innerJoin(locations, and(eq(locations.id, reviewLinks.locationId), eq(locations.merchantId, reviewLinks.merchantId)))
    .where(eq(reviewLinks.code, code))
    .limit(1);
  return row && row.enabled && row.locationEnabled ? { ...row, code } : null;
}

/**
 * A scan of `/r/{code}`: where to send the customer, and the scan counted when it is a person's
 * first scan of this code from this address in SCAN_REPEAT_WINDOW_SECONDS. Nothing in it depends
 * on who scans or how they rated before: every scanner gets the same destination.
 */
export async function scanReviewLink(db: Db, request: ScanRequest): Promise<ScanOutcome> {
  const link = await activeReviewLink(db, request.code);
  if (!link) return { kind: 'unavailable' };
  let counted = false;
  if (request.countable) {
    const slot = await reserveOnce(db, SCAN_LIMIT, `${addressKey(request.address)}:${link.code}`, request.now);
    if (slot.wait === 0) {
      await db.insert(reviewLinkScans).values({ merchantId: link.merchantId, linkId: link.id, locationId: link.locationId, employeeTag: link.employeeTag, scannedAt: request.now });
      counted = true;
    }
  }
  const url = httpUrl(link.reviewLink);
  return url ? { kind: 'redirect', target: 'review-link', url, counted } : { kind: 'redirect', target: 'sites', counted };
}

/** A stored review link we may redirect to: http(s) only (never javascript: or data:). */
function httpUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
