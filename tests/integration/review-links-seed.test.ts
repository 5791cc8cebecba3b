import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reviewLinkScans, reviewLinks } from '@/db/schema/review-links';
import { seedDemoLocations } from '@/lib/seed/locations';
import { seedDemoMerchant } from '@/lib/seed/merchant';
import { seedReviewLinks } from '@/lib/seed/review-links';
import { employeeFigures } from '@/lib/dashboard/employee-figures';
import { dashboardQuerySchema } from '@/lib/dashboard/schema';
import { setupTestDatabase } from '@/tests/fixtures/test-db';

const t = setupTestDatabase();

describe('demo review codes', () => {
  it('gives each busy demo location its code and its counter staff codes, with scans, once', async () => {
    const demo = await seedDemoMerchant(t.db);
    await seedDemoLocations(t.db, demo);
    await seedReviewLinks(t.db, demo);
    await seedReviewLinks(t.db, demo);
    const links = await t.db.select().from(reviewLinks).where(eq(reviewLinks.merchantId, demo.merchantId));
    expect(links).toHaveLength(7);
    expect(links.filter((l) => l.employeeTag === null)).toHaveLength(2);
    const [scans] = await t.db.select({ n: count() }).from(reviewLinkScans).where(eq(reviewLinkScans.merchantId, demo.merchantId));
    expect(Number(scans.n)).toBeGreaterThan(200);
    const ctx = { db: t.db, merchantId: demo.merchantId, userId: demo.userId, locale: 'zh-CN' as const, permissions: [], now: () => new Date() };
    const lines = await employeeFigures(ctx, dashboardQuerySchema.parse({ period: '90d' }));
    expect(lines.filter((l) => l.employee && l.scans > 0).length).toBeGreaterThanOrEqual(4);
  });
});
