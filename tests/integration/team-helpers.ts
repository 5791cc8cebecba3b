import crypto from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { outbox } from '@/db/schema/outbox';
import { users } from '@/db/schema/users';
import { issueTokenPair } from '@/lib/auth/token-pairs';

/** A staff member of the merchant with a real signed-in pair (access and refresh token). */
export async function createStaff(db: Db, merchantId: number, options: { permissions?: string[] } = {}) {
  const suffix = crypto.randomBytes(4).toString('hex');
  const email = `staff-${suffix}@example.com`;
  const [user] = await db
    .insert(users)
    .values({ merchantId, email, name: `Staff ${suffix}`, passwordHash: 'x', role: 'staff', permissions: options.permissions ?? [] })
    .returning({ id: users.id });
  const pair = await issueTokenPair(db, user.id, merchantId, new Date(), crypto.randomUUID());
  return { userId: user.id, email, token: pair.accessToken, refreshToken: pair.refreshToken };
}

/** The token of the last invitation link mailed to the address. */
export async function invitationTokenSentTo(db: Db, to: string): Promise<string> {
  const [row] = await db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
  const token = /\/portal\/invite\?token=([A-Za-z0-9_-]+)/.exec(row?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation mailed to ${to}`);
  return token;
}
