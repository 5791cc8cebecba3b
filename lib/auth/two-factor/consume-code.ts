import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { userTwoFactor } from '@/db/schema/two-factor';
import { hashRecoveryCode, isTotpCode } from './recovery-codes';
import { openTotpSecret, totpStep } from './totp';

/**
 * Spends one code of a user with two-factor on: a TOTP code of a step later than the last one
 * used (a code cannot be replayed within its window), or an unused recovery code (removed). Each
 * check-and-spend is one conditional UPDATE, so two requests racing with one code cannot both win.
 */
export async function consumeSecondFactor(db: Db, userId: number, code: string, now: Date): Promise<boolean> {
  const [row] = await db.select({ secretSealed: userTwoFactor.secretSealed }).from(userTwoFactor).where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.enabledAt))).limit(1);
  if (!row) return false;
  if (isTotpCode(code)) {
    const secret = openTotpSecret(row.secretSealed);
    const step = secret ? totpStep(secret, code.trim(), now) : null;
    if (step === null) return false;
    return spendStep(db, userId, step, now);
  }
  const hash = hashRecoveryCode(code);
  const spent = await db
    .update(userTwoFactor)
    .set({ recoveryCodeHashes: sql`array_remove(${userTwoFactor.recoveryCodeHashes}, ${hash})`, updatedAt: now })
    .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.enabledAt), sql`${hash} = any(${userTwoFactor.recoveryCodeHashes})`))
    .returning({ userId: userTwoFactor.userId });
  return spent.length > 0;
}

/** Records `step` as the last used one unless it (or a later one) was used already. */
export async function spendStep(db: Db, userId: number, step: number, now: Date): Promise<boolean> {
  const spent = await db
    .update(userTwoFactor)
    .set({ lastUsedStep: step, updatedAt: now })
    .where(and(eq(userTwoFactor.userId, userId), or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step))))
    .returning({ userId: userTwoFactor.userId });
  return spent.length > 0;
}

/** Whether the user signs in with a second step. */
export async function hasTwoFactor(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ userId: userTwoFactor.userId }).from(userTwoFactor).where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.enabledAt))).limit(1);
  return !!row;
}
