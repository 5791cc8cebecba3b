import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { reviewLinks } from '@/db/schema/review-links';
import { newReviewCode } from '@/lib/review-links/code';
import type { DemoMerchant } from './merchant';

/** The demo staff who ask at the counter, per demo location (names the demo reviews credit too). */
const COUNTER_STAFF = [
  ['小王', 'Amy', '阿杰'],
  ['阿強', 'Kelvin'],
];

/**
 * Review QR codes on the demo locations (the location's own and one per counter employee) and
 * half a year of their scans, so the locations screen's codes and the dashboard's credit table
 * show figures at once. Idempotent: skipped when the demo merchant already has a code.
 */
export async function seedReviewLinks(db: Db, demo: DemoMerchant, now = new Date()): Promise<void> {
  const [existing] = await db.select({ id: reviewLinks.id }).from(reviewLinks).where(eq(reviewLinks.merchantId, demo.merchantId)).limit(1);
  if (existing) return;
  for (const [index, locationId] of demo.locationIds.slice(0, COUNTER_STAFF.length).entries()) {
    const employees: (string | null)[] = [null, ...COUNTER_STAFF[index]];
    for (const [position, employeeTag] of employees.entries()) {
      const [link] = await db.insert(reviewLinks).values({ merchantId: demo.merchantId, locationId, employeeTag, code: newReviewCode(), createdAt: new Date(now.getTime() - 200 * 86_400_000) }).returning({ id: reviewLinks.id });
      // Busy counters scan more; a steady spread over 180 days, a few a day at most (deterministic).
      const scans = 40 + ((index * 7 + position * 13) % 5) * 25;
      await db.execute(sql`
        insert into review_link_scans (merchant_id, link_id, location_id, employee_tag, scanned_at)
        select ${demo.merchantId}, ${link.id}, ${locationId}, ${employeeTag},
               ${now.toISOString()}::timestamptz - make_interval(secs => ((n * 7919 + ${position * 104729}) % (180 * 86400))::double precision)
        from generate_series(1, ${scans}) as n`);
    }
  }
}
