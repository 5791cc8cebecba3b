import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { outbox } from '@/db/schema/outbox';
import { users } from '@/db/schema/users';
import { hashPassword } from '@/lib/auth/password';
import { DEMO_PASSWORD } from './demo-account';
import type { DemoMerchant } from './merchant';

/** A second demo sign-in of the same café, without post administration (permission demos). */
export const DEMO_STAFF_EMAIL = 'staff@starloop.app';

/**
 * The staff user and a few dev-mailbox messages (a phone code, a service e-mail link that was
 * already used), so /dev/mailbox is not empty on a fresh machine. Guarded by the staff user.
 */
export async function seedAccounts(db: Db, demo: DemoMerchant): Promise<void> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_STAFF_EMAIL)).limit(1);
  if (existing) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.insert(users).values({ merchantId: demo.merchantId, email: DEMO_STAFF_EMAIL, name: 'Chloe Wong 黄可欣', passwordHash, locale: 'zh-HK', permissions: [] });
    await tx.insert(outbox).values([
      {
        channel: 'email',
        merchantId: demo.merchantId,
        from: 'StarLoop <no-reply@starloop.local>',
        to: 'hello@morninglight.example',
        subject: '请验证 StarLoop 服务邮箱',
        text: '晨光咖啡 Morning Light Café 将使用此邮箱向会员发送邮件。点击链接完成验证：\n\n(该链接已使用)\n\n链接 24 小时内有效。',
        html: '<p>晨光咖啡 Morning Light Café 将使用此邮箱向会员发送邮件。</p><p>(该链接已使用)</p>',
        messageId: '<seed-verify@outbox.starloop>',
        createdAt: new Date('2026-10-02T02:58:00Z'),
      },
      {
        channel: 'sms',
        merchantId: demo.merchantId,
        to: '+862162881234',
        body: '【StarLoop】你的手机验证码是 482913，10 分钟内有效。',
        messageId: 'outbox-sms-seed-phone',
        createdAt: new Date('2026-10-02T03:05:00Z'),
      },
    ]);
  });
}
