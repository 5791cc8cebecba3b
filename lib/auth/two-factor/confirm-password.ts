import { eq } from 'drizzle-orm';
import { users } from '@/db/schema/users';
import { AppError } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { clearPasswordFailures, reservePasswordAttempt } from '@/lib/rate-limit/password-attempts';
import { verifyPassword } from '@/lib/auth/password';

/**
 * The current password before turning the second step on: a stolen session (a cookie, an access
 * token) must not enrol an authenticator of its own and lock the owner out. Checked under the
 * sign-in limit, as every password check is; a wrong one shows beside `field`.
 */
export async function confirmCurrentPassword(ctx: ServiceContext, password: string, ip: string | undefined, field = 'password'): Promise<void> {
  const [row] = await ctx.db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, ctx.userId)).limit(1);
  if (!row) throw new AppError('UNAUTHORIZED');
  const attempt = await reservePasswordAttempt(ctx.db, row.email, ip, ctx.now());
  if (!(await verifyPassword(row.passwordHash, password))) {
    throw new AppError('BAD_REQUEST', 'accounts.errors.currentPasswordWrong', { fieldErrors: { [field]: 'accounts.errors.currentPasswordWrong' } });
  }
  await attempt.release();
  await clearPasswordFailures(ctx.db, row.email, ip);
}
