import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { locations } from '@/db/schema/locations';
import type { DemoMerchant } from './merchant';

const POP_UP_NAME = '晨光咖啡 西岸快闪店';

/**
 * A third demo location, disabled: last summer's pop-up store by the river, closed since. It shows
 * the enabled-only filter and the enable switch doing something. Guarded by its own check.
 */
export async function seedDemoLocations(db: Db, demo: DemoMerchant): Promise<void> {
  const [existing] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.merchantId, demo.merchantId), eq(locations.name, POP_UP_NAME)))
    .limit(1);
  if (existing) return;
  await db.insert(locations).values({
    merchantId: demo.merchantId,
    name: POP_UP_NAME,
    address: '龙腾大道 2555 号 西岸美术馆南侧',
    city: '上海',
    state: '上海',
    country: 'CN',
    zipCode: '200232',
    phone: '+862164261888',
    timezone: 'Asia/Shanghai',
    reviewLink: null,
    enabled: false,
    connected: false,
    createdAt: new Date('2026-07-05T02:00:00Z'),
    updatedAt: new Date('2026-09-30T10:00:00Z'),
  });
}
