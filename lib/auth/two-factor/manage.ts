import { eq } from 'drizzle-orm';
import { userTwoFactor } from '@/db/schema/two-factor';
import { users } from '@/db/schema/users';
import { AppError } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { verifyPassword } from '@/lib/auth/password';
import { LOGIN_LIMIT, clearHits, reserveAttempt, tooManyRequests } from '@/lib/rate-limit/rate-limit';
import { consumeSecondFactor, hasTwoFactor } from './consume-code';
import { codeWrong } from './enrol';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import type { ConfirmTwoFactorInput } from './schema';

/**
 * The current password and a code (app or recovery), checked under the sign-in limit: a wrong
 * one counts as a failed sign-in for the account and the address.
 */
async function confirmOwner(ctx: ServiceContext, input: ConfirmTwoFactorInput, ip: string | undefined): Promise<void> {
  const now = ctx.now();
  const [row] = await ctx.db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, ctx.userId)).limit(1);
  if (!row) throw new AppError('UNAUTHORIZED');
  if (!(await hasTwoFactor(ctx.db, ctx.userId))) throw new AppError('CONFLICT', 'twoFactor.errors.notOn');
  const accountKey = `acct:${row.email}`;
  const attempt = await reserveAttempt(ctx.db, LOGIN_LIMIT, ip ? [accountKey, `ip:${ip}`] : [accountKey], now);
  if (attempt.wait > 0) throw tooManyRequests(attempt.wait, 'accounts.errors.loginRateLimited');
  if (!(await verifyPassword(row.passwordHash, input.password))) {
    throw new AppError('BAD_REQUEST', 'accounts.errors.currentPasswordWrong', { fieldErrors: { password: 'accounts.errors.currentPasswordWrong' } });
  }
  if (!(await consumeSecondFactor(ctx.db, ctx.userId, input.code, now))) throw codeWrong();
  await attempt.release();
  await clearHits(ctx.db, LOGIN_LIMIT, accountKey);
}

/** Settings → turn off: sign-in asks for the password only again; the secret and codes are deleted. */
export async function disableTwoFactor(ctx: ServiceContext, input: ConfirmTwoFactorInput, ip?: string): Promise<null> {
  await confirmOwner(ctx, input, ip);
  await ctx.db.delete(userTwoFactor).where(eq(userTwoFactor.userId, ctx.userId));
  return null;
}

/** Settings → new recovery codes: the old ones stop working; the new ten are shown once. */
export async function regenerateRecoveryCodes(ctx: ServiceContext, input: ConfirmTwoFactorInput, ip?: string): Promise<{ recoveryCodes: string[] }> {
  await confirmOwner(ctx, input, ip);
  const recoveryCodes = newRecoveryCodes();
  await ctx.db.update(userTwoFactor).set({ recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode), updatedAt: ctx.now() }).where(eq(userTwoFactor.userId, ctx.userId));
  return { recoveryCodes };
}
