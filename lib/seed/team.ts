import crypto from 'node:crypto';
import type { Db } from '@/db/client';
import { teamInvitations } from '@/db/schema/team';
import { sha256 } from '@/lib/auth/tokens';
import { INVITATION_TTL_DAYS } from '@/lib/team/invitation-mail';
import type { DemoMerchant } from './merchant';

export const DEMO_INVITATION_EMAIL = 'new.barista@morninglight.example';

/**
 * One pending team invitation for the demo café (the staff user is already a member, seeded by
 * accounts.ts). Its token is random and thrown away: the owner can re-send or revoke it. Idempotent
 * through the (merchant, e-mail) unique key.
 */
export async function seedTeam(db: Db, demo: DemoMerchant): Promise<void> {
  const now = new Date();
  await db
    .insert(teamInvitations)
    .values({
      merchantId: demo.merchantId,
      email: DEMO_INVITATION_EMAIL,
      tokenHash: sha256(crypto.randomBytes(32).toString('base64url')),
      invitedBy: demo.userId,
      locale: 'zh-CN',
      sentAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000),
    })
    .onConflictDoNothing();
}
