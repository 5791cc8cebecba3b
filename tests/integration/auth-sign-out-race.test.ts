import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type postgres from 'postgres';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { refreshTokens, users } from '@/db/schema/users';
import { issueTokenPair, refreshTokenPair, revokeRefreshToken } from '@/lib/auth/token-pairs';
import { endUserSessions } from '@/lib/auth/sessions';
import { sha256 } from '@/lib/auth/tokens';

/**
 * A refresh in flight while the sign-in is revoked (the e2e sessions spec met it: the browser kept
 * a live session cookie after signing out). Interleaved on purpose on PostgreSQL: a third session
 * holds the token's row lock, the refresh queues behind it, then the revocation starts; the lock
 * is let go and both finish. Every token of the user must then be revoked, the refreshed one too.
 */
const t = setupTestDatabase();
const onPostgres = !!process.env.DATABASE_URL;
let owner: TestMerchant;
let blocker: postgres.Sql;

beforeAll(async () => {
  owner = await createMerchant(t.db);
  if (onPostgres) {
    const { default: connect } = await import('postgres');
    blocker = connect(t.url ?? '', { max: 2, onnotice: () => {} });
  }
});
afterAll(async () => {
  await blocker?.end();
});

/** Waits until `count` other backends of this database wait for a lock. */
async function lockWaiters(count: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const [row] = await blocker`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
    if (row.n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} backends waited for a lock`);
}

/** Runs `refresh` and `revoke` with the refresh queued first behind a held lock on the token row. */
async function interleave(refreshToken: string, revoke: () => Promise<unknown>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const holding = blocker.begin(async (tx) => {
    await tx`select id from refresh_tokens where token_hash = ${sha256(refreshToken)} for update`;
    await released;
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  const refresh = refreshTokenPair({ db: t.db, locale: 'en-US', now: () => new Date() }, refreshToken).then(
    (pair) => pair,
    (error: unknown) => error,
  );
  await lockWaiters(1);
  const revoking = revoke();
  // The revocation waits for the refresh (with the fix), or runs past it (without).
  await new Promise((resolve) => setTimeout(resolve, 200));
  release();
  await holding;
  return { refreshed: await refresh, revoked: await revoking };
}

async function liveTokens(userId: number) {
  const rows = await t.db.select({ revokedAt: refreshTokens.revokedAt }).from(refreshTokens).where(eq(refreshTokens.userId, userId));
  return rows.filter((r) => !r.revokedAt).length;
}

describe.skipIf(!onPostgres)('a refresh in flight during a sign-out or a password change (PostgreSQL, interleaved)', () => {
  it('sign-out: the token the refresh issued is revoked with its family', async () => {
    const pair = await issueTokenPair(t.db, owner.userId, owner.merchantId, new Date());
    const { refreshed } = await interleave(pair.refreshToken, () => revokeRefreshToken(t.db, pair.refreshToken, new Date()));
    expect(refreshed).toMatchObject({ refreshToken: expect.any(String) });
    expect(await liveTokens(owner.userId)).toBe(0);
    await expect(refreshTokenPair({ db: t.db, locale: 'en-US', now: () => new Date() }, (refreshed as { refreshToken: string }).refreshToken)).rejects.toMatchObject({ messageKey: 'errors.auth.refreshInvalid' });
  });

  it('password change: every sign-in ends, the one refreshed meanwhile too', async () => {
    const pair = await issueTokenPair(t.db, owner.userId, owner.merchantId, new Date());
    await interleave(pair.refreshToken, () =>
      t.db.transaction(async (tx) => {
        await tx.update(users).set({ updatedAt: new Date() }).where(eq(users.id, owner.userId));
        await endUserSessions(tx, owner.userId, new Date());
      }),
    );
    expect(await liveTokens(owner.userId)).toBe(0);
  });
});
