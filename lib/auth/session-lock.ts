import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';

/** The advisory lock space of a user's sign-ins (two-key locks: the second key is the user id). */
const SESSION_LOCK_SPACE = 740_211;

/**
 * Serialises what spends a user's refresh token and what revokes the user's sign-ins, for the
 * rest of the transaction. Without it a refresh in flight during a sign-out (or a password change)
 * inserted a token the revoking UPDATE's snapshot never saw: the signed-out session lived on.
 * Taken before any token row lock, in both, so the two never wait on each other crosswise.
 */
export async function lockUserSessions(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SESSION_LOCK_SPACE}::int, ${userId}::int)`);
}
