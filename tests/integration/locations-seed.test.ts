import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { locations } from '@/db/schema/locations';
import { seedDemoLocations } from '@/lib/seed/locations';
import { seedDemoMerchant } from '@/lib/seed/merchant';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { listEnabledLocations, listLocations } from '@/lib/locations/list-locations';

const t = setupTestDatabase();

describe('demo locations', () => {
  it('gives the demo merchant three locations, the pop-up disabled, once', async () => {
    const demo = await seedDemoMerchant(t.db);
    await seedDemoLocations(t.db, demo);
    await seedDemoLocations(t.db, demo);
    const rows = await t.db.select().from(locations).where(eq(locations.merchantId, demo.merchantId));
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => !r.enabled).map((r) => r.name)).toEqual(['晨光咖啡 西岸快闪店']);
    const ctx = { db: t.db, merchantId: demo.merchantId, userId: demo.userId, locale: 'zh-CN' as const, permissions: [], now: () => new Date() };
    const page = await listLocations(ctx, { pageNum: 1, pageSize: 10 });
    expect(page.total).toBe(3);
    expect(page.records.find((r) => r.country === 'CN' && r.enabled)?.connected).toBe(true);
    expect((await listEnabledLocations(ctx)).map((r) => r.locationName)).toHaveLength(2);
  });
});
