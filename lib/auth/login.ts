import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema/users';
import { AppError } from '@/lib/errors/app-error';
import type { PublicContext } from '@/lib/context';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './password';
import type { LoginInput } from './schema';
import { clearPasswordFailures, reservePasswordAttempt } from '@/lib/rate-limit/password-attempts';
import { signChallenge } from '@/lib/auth/two-factor/challenge';
import { hasTwoFactor } from '@/lib/auth/two-factor/consume-code';
import { issueFamilyPair, type TokenOwner, type TokenPair } from './token-pairs';
import { loadSignedInUser, type SignedInUser } from './signed-in-user';

/**
 * Password sign-in. Wrong passwords are counted per account and address, per address, and per
 * account (lib/rate-limit/password-attempts.ts); past a limit, attempts answer 429 with the wait
 * (counted in the database, shared by every instance, and by both the API and the browser's form).
 */
export async function login(ctx: PublicContext, input: LoginInput): Promise<TokenPair & { user: SignedInUser }> {
  const now = ctx.now();
  const attempt = await reservePasswordAttempt(ctx.db, input.email, ctx.ip, now);
  const [row] = await ctx.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const ok = row ? await verifyPassword(row.passwordHash, input.password) : await verifyPassword(await dummyPasswordHash(), input.password).then(() => false);
  // A failure keeps the attempt's hits; a success takes them back and clears the account's.
  if (!row || !ok) throw new AppError('LOGIN_ERROR', 'errors.auth.badCredentials');
  await attempt.release();
  // The one moment the plain password is known: upgrade a hash made with weaker settings.
  if (needsRehash(row.passwordHash)) {
    await ctx.db.update(users).set({ passwordHash: await hashPassword(input.password) }).where(eq(users.id, row.id));
  }
  // Two-step verification on: no tokens yet, a challenge for the second step
  // (lib/auth/two-factor/second-step.ts). The account's failures are not cleared until a code is right,
  // so the password cannot reset the count of wrong codes.
  if (await hasTwoFactor(ctx.db, row.id)) {
    const challenge = await signChallenge({ userId: row.id, sessionEpoch: row.sessionEpoch }, now);
    throw new AppError('TWO_FACTOR_REQUIRED', 'twoFactor.login.required', { details: challenge });
  }
  await clearPasswordFailures(ctx.db, input.email, ctx.ip);
  return signInUser(ctx.db, { userId: row.id, merchantId: row.merchantId, sessionEpoch: row.sessionEpoch }, ctx.now());
}

/** A new sign-in (family) of a user whose credentials were checked: its first pair and its state. */
export async function signInUser(db: Db, owner: TokenOwner, signedInAt: Date): Promise<TokenPair & { user: SignedInUser }> {
  const pair = await issueFamilyPair(db, owner, signedInAt, { familyId: crypto.randomUUID(), startedAt: signedInAt });
  const user = await loadSignedInUser(db, owner.userId);
  if (!user) throw new AppError('LOGIN_ERROR', 'errors.auth.badCredentials');
  return { ...pair, user };
}
