import { and, eq } from 'drizzle-orm';
import { users } from '@/db/schema/users';
import { AppError } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { clearPasswordFailures, reservePasswordAttempt } from '@/lib/rate-limit/password-attempts';
import { hashPassword, verifyPassword } from './password';
import type { ChangePasswordInput } from './password-schema';
import { endUserSessions, liveFamilyStart } from './sessions';
import { signAccessToken } from './tokens';

export interface KeptSession {
  /** The refresh token family of the session that asks (kept); null ends every session. */
  familyId: string | null;
  /** The requesting address, for the sign-in limit. */
  ip?: string;
}

/**
 * Settings → change password. The current password is checked under the sign-in limit (a wrong
 * one counts as a failed sign-in for the account and the address). The other sessions end; the
 * asking one stays and gets a new access token (its old one belongs to the ended epoch). A change
 * made meanwhile by another session wins; this one answers 409.
 */
export async function changePassword(ctx: ServiceContext, input: ChangePasswordInput, kept: KeptSession): Promise<{ accessToken: string; expiresAt: number } | null> {
  const now = ctx.now();
  const [row] = await ctx.db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, ctx.userId)).limit(1);
  if (!row) throw new AppError('UNAUTHORIZED');
  const attempt = await reservePasswordAttempt(ctx.db, row.email, kept.ip, now);
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', 'accounts.errors.currentPasswordWrong', { fieldErrors: { currentPassword: 'accounts.errors.currentPasswordWrong' } });
  }
  await attempt.release();
  await clearPasswordFailures(ctx.db, row.email, kept.ip);
  const passwordHash = await hashPassword(input.password);
  const keepFamily = kept.familyId && (await liveFamilyStart(ctx.db, ctx.userId, kept.familyId)) ? kept.familyId : null;
  const epoch = await ctx.db.transaction(async (tx) => {
    // Only over the password that was checked: two changes at once (two sessions) would both
    // answer "changed" while the later one ended the earlier one's session and set its password.
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
      .where(and(eq(users.id, ctx.userId), eq(users.passwordHash, row.passwordHash)))
      .returning({ id: users.id });
    if (!changed) throw new AppError('CONFLICT', 'accounts.errors.passwordChangedMeanwhile');
    return endUserSessions(tx, ctx.userId, now, keepFamily);
  });
  if (!keepFamily) return null;
  const access = await signAccessToken(ctx.userId, ctx.merchantId, now, { familyId: keepFamily, sessionEpoch: epoch });
  return { accessToken: access.token, expiresAt: access.expiresAt };
}

/** "Sign out everywhere": every session of the user ends, this one included. */
export async function signOutEverywhere(ctx: ServiceContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await endUserSessions(tx, ctx.userId, ctx.now());
  });
}
