import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { rateLimitHits } from '@/db/schema/auth-codes';
import { LOGIN_LIMIT, clearHits, reserveAll, tooManyRequests, type Limit } from './rate-limit';

/**
 * Wrong passwords, counted three ways (sign-in, the password change and the account deletion all
 * check a password: one rule, here):
 * - per account from one address: 5 in 15 minutes (a guesser at one address is stopped);
 * - per address: 5 in 15 minutes, whatever accounts it tries;
 * - per account from everywhere: 50 in 15 minutes (a guesser spread over many addresses is slowed).
 * Found from outside: the account was counted alone at 5, so five wrong passwords from anyone's
 * address locked its owner out of sign-in, the password change and the deletion for 15 minutes.
 * A stranger can now lock out only a whole account by 50 failures in the window, and the owner's
 * own address keeps its separate count until then.
 */
export const PASSWORD_LIMIT: Limit = LOGIN_LIMIT;
export const ACCOUNT_PASSWORD_LIMIT: Limit = { bucket: 'login-account', max: 50, windowSeconds: 15 * 60 };

const accountAt = (email: string, ip: string | null | undefined) => `acct:${email}@ip:${ip ?? 'unknown'}`;

/**
 * Counts one password attempt for the account, from the address; answers 429 (thrown) when one of
 * the limits is spent. `release()` takes the attempt back (the password was right).
 */
export async function reservePasswordAttempt(db: Db, email: string, ip: string | null | undefined, now: Date): Promise<{ release: () => Promise<void> }> {
  const attempt = await reserveAll(
    db,
    [
      { limit: PASSWORD_LIMIT, keys: ip ? [accountAt(email, ip), `ip:${ip}`] : [accountAt(email, ip)] },
      { limit: ACCOUNT_PASSWORD_LIMIT, keys: [`acct:${email}`] },
    ],
    now,
  );
  if (attempt.wait > 0) throw tooManyRequests(attempt.wait, 'accounts.errors.loginRateLimited');
  return { release: attempt.release };
}

/** A right password clears the account's counts (never the address's: one good account must not unlock an address). */
export async function clearPasswordFailures(db: Db, email: string, ip: string | null | undefined): Promise<void> {
  await clearHits(db, PASSWORD_LIMIT, accountAt(email, ip));
  await clearHits(db, ACCOUNT_PASSWORD_LIMIT, `acct:${email}`);
}

/**
 * Whoever could read the mailbox (a password reset) is the owner again: every count of the
 * account's failures ends, from every address, and the second step's (lib/auth/two-factor).
 */
export async function clearAccountFailures(db: Db, email: string): Promise<void> {
  await db
    .delete(rateLimitHits)
    .where(
      or(
        and(eq(rateLimitHits.bucket, PASSWORD_LIMIT.bucket), or(eq(rateLimitHits.key, `acct:${email}`), sql`starts_with(${rateLimitHits.key}, ${`acct:${email}@ip:`})`)),
        and(eq(rateLimitHits.bucket, ACCOUNT_PASSWORD_LIMIT.bucket), eq(rateLimitHits.key, `acct:${email}`)),
      ),
    );
}
