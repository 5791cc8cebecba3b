import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { refreshTokens, users } from '@/db/schema/users';
import { lockUserSessions } from './session-lock';
import { spendPendingCodes } from './one-time-codes';

/**
 * Ends the user's sessions at once: every refresh token family is revoked (but `keepFamilyId`'s)
 * and the session epoch moves on, so every access token issued before stops working on its next
 * request (lib/auth/signed-in-user.ts loadTokenUser). Pending password reset links die too: one
 * asked for before a password change or "sign out everywhere" would undo it. Answers the new
 * epoch. Run it in the transaction that changes the password, so both happen or neither (and the
 * session lock is held to its end).
 */
export async function endUserSessions(db: Db, userId: number, now: Date, keepFamilyId?: string | null): Promise<number> {
  await lockUserSessions(db, userId);
  const families = keepFamilyId ? and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), ne(refreshTokens.familyId, keepFamilyId)) : and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt));
  await db.update(refreshTokens).set({ revokedAt: now }).where(families);
  const [row] = await db
    .update(users)
    .set({ sessionEpoch: sql`${users.sessionEpoch} + 1` })
    .where(eq(users.id, userId))
    .returning({ sessionEpoch: users.sessionEpoch, email: users.email });
  if (row) await spendPendingCodes(db, { purpose: 'passwordReset', target: row.email, now });
  return row?.sessionEpoch ?? 0;
}

/** The family (sign-in) of a refresh token of this user, or null. */
export async function familyOfRefreshToken(db: Db, userId: number, tokenHash: string): Promise<{ familyId: string; startedAt: Date } | null> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, startedAt: refreshTokens.familyStartedAt, revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tokenHash, tokenHash), eq(refreshTokens.userId, userId)))
    .limit(1);
  return row && !row.revokedAt ? { familyId: row.familyId, startedAt: row.startedAt } : null;
}

/** When a live family of this user started, or null (unknown, revoked, another user's). */
export async function liveFamilyStart(db: Db, userId: number, familyId: string): Promise<Date | null> {
  const [row] = await db
    .select({ startedAt: refreshTokens.familyStartedAt })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  return row?.startedAt ?? null;
}
