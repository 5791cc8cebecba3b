import { eq } from 'drizzle-orm';
import { users } from '@/db/schema/users';
import { AppError } from '@/lib/errors/app-error';
import type { PublicContext } from '@/lib/context';
import { signInUser } from '@/lib/auth/login';
import { type SignedInUser } from '@/lib/auth/signed-in-user';
import { type TokenPair } from '@/lib/auth/token-pairs';
import { LOGIN_LIMIT, clearHits, reserveAttempt, tooManyRequests } from '@/lib/rate-limit/rate-limit';
import { verifyChallenge } from './challenge';
import { consumeSecondFactor } from './consume-code';
import type { TwoFactorLoginInput } from './schema';

/**
 * The sign-in's second step (POST /user/login/twoFactor and the browser's second screen): the
 * challenge from the password step and a code from the app (a later step than the last used) or
 * an unused recovery code. A wrong code counts against the sign-in limit of the account and the
 * address, like a wrong password; a right one clears the account's count and answers the pair.
 */
export async function completeTwoFactorLogin(ctx: PublicContext, input: TwoFactorLoginInput): Promise<TokenPair & { user: SignedInUser }> {
  const now = ctx.now();
  const challenge = verifyChallenge(input.challenge, now);
  if (!challenge) throw new AppError('UNAUTHORIZED', 'twoFactor.errors.challengeExpired');
  const [row] = await ctx.db.select({ id: users.id, email: users.email, merchantId: users.merchantId, sessionEpoch: users.sessionEpoch }).from(users).where(eq(users.id, challenge.userId)).limit(1);
  // A password change or "sign out everywhere" since the password step voids the challenge.
  if (!row || row.sessionEpoch !== challenge.sessionEpoch) throw new AppError('UNAUTHORIZED', 'twoFactor.errors.challengeExpired');
  const accountKey = `acct:${row.email}`;
  const attempt = await reserveAttempt(ctx.db, LOGIN_LIMIT, ctx.ip ? [accountKey, `ip:${ctx.ip}`] : [accountKey], now);
  if (attempt.wait > 0) throw tooManyRequests(attempt.wait, 'accounts.errors.loginRateLimited');
  if (!(await consumeSecondFactor(ctx.db, row.id, input.code, now))) {
    throw new AppError('LOGIN_ERROR', 'twoFactor.errors.codeWrong', { fieldErrors: { code: 'twoFactor.errors.codeWrong' } });
  }
  await attempt.release();
  await clearHits(ctx.db, LOGIN_LIMIT, accountKey);
  return signInUser(ctx.db, { userId: row.id, merchantId: row.merchantId, sessionEpoch: row.sessionEpoch }, ctx.now());
}
