import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { merchants } from '@/db/schema/merchants';
import { users } from '@/db/schema/users';
import { locations } from '@/db/schema/locations';
import { hashPassword } from '@/lib/auth/password';
import { DEMO_EMAIL, DEMO_MERCHANT_NAME, DEMO_PASSWORD } from './demo-account';

export interface DemoMerchant {
  merchantId: number;
  userId: number;
  locationIds: number[];
}

/** The demo merchant, its user and two locations; returns the existing ones on a second run. */
export async function seedDemoMerchant(db: Db): Promise<DemoMerchant & { created: boolean }> {
  const [existing] = await db.select({ id: users.id, merchantId: users.merchantId }).from(users).where(eq(users.email, DEMO_EMAIL)).limit(1);
  if (existing) {
    const rows = await db.select({ id: locations.id }).from(locations).where(eq(locations.merchantId, existing.merchantId)).orderBy(locations.id);
    return { merchantId: existing.merchantId, userId: existing.id, locationIds: rows.map((r) => r.id), created: false };
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const [merchant] = await tx
      .insert(merchants)
      .values({
        name: DEMO_MERCHANT_NAME,
        address: '上海市静安区南京西路 1266 号',
        phone: '+862162881234',
        phoneVerified: true,
        serviceEmail: 'hello@morninglight.example',
        emailVerificationStatus: 'Success',
        lastVerificationTime: new Date('2026-10-02T03:00:00Z'),
        subscriptionStatus: 'standard',
      })
      .returning({ id: merchants.id });
    const [user] = await tx
      .insert(users)
      .values({ merchantId: merchant.id, email: DEMO_EMAIL, name: '林晓晨', passwordHash, role: 'owner', permissions: ['post:admin:manage'] })
      .returning({ id: users.id });
    const rows = await tx
      .insert(locations)
      .values([
        {
          merchantId: merchant.id,
          name: '晨光咖啡 静安店',
          address: '南京西路 1266 号 恒隆广场 B1',
          city: '上海',
          state: '上海',
          country: 'CN',
          zipCode: '200040',
          phone: '+862162881234',
          timezone: 'Asia/Shanghai',
          reviewLink: 'https://g.page/r/morning-light-jingan/review',
          connected: true,
          createdAt: new Date('2026-03-01T02:00:00Z'),
        },
        {
          merchantId: merchant.id,
          name: 'Morning Light Café Central',
          address: '88 Queensway, Pacific Place L1',
          city: 'Hong Kong',
          state: 'Hong Kong Island',
          country: 'HK',
          zipCode: '',
          phone: '+85228771234',
          timezone: 'Asia/Hong_Kong',
          reviewLink: 'https://g.page/r/morning-light-central/review',
          connected: false,
          createdAt: new Date('2026-06-15T02:00:00Z'),
        },
      ])
      .returning({ id: locations.id });
    return { merchantId: merchant.id, userId: user.id, locationIds: rows.map((r) => r.id), created: true };
  });
}
