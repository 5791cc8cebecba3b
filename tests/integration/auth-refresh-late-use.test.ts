import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { refreshTokens } from '@/db/schema/users';
import { hashPassword } from '@/lib/auth/password';
import { login } from '@/lib/auth/login';
import { LATE_USE_WINDOW_SECONDS, refreshTokenPair } from '@/lib/auth/token-pairs';
import { sha256 } from '@/lib/auth/tokens';

/**
 * A browser signed out for nothing on a loaded server: a page request still carrying the refresh
 * token the browser had just rotated reached the server 10 s later (past the few seconds of grace)
 * and was taken for a theft, revoking the whole sign-in. Such a late request now gets the pair the
 * rotation made (no new token minted); a replay after the window still revokes the family.
 * Run with the grace at 0, so it is the recorded successor that answers, not the grace.
 */
const t = setupTestDatabase();
const PASSWORD = 'Flat-White-42';
let user: TestMerchant;
const saved = process.env.REFRESH_REUSE_GRACE_SECONDS;

beforeAll(async () => {
  process.env.REFRESH_REUSE_GRACE_SECONDS = '0';
  user = await createMerchant(t.db, { email: 'late@latte.example', passwordHash: await hashPassword(PASSWORD) });
});
afterAll(() => {
  if (saved === undefined) delete process.env.REFRESH_REUSE_GRACE_SECONDS;
  else process.env.REFRESH_REUSE_GRACE_SECONDS = saved;
});

const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);
const refreshAt = (token: string, now: Date) => refreshTokenPair({ db: t.db, locale: 'en-US', now: () => now }, token);

async function signIn() {
  return login({ db: t.db, locale: 'en-US', now: () => new Date() }, { email: user.email, password: PASSWORD });
}

async function familyOf(token: string) {
  const [row] = await t.db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(token)));
  return t.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, row.familyId));
}

describe(`a late use of a just-rotated refresh token (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('answers the same new pair 10 s after the rotation, minting nothing and revoking nothing', async () => {
    const first = await signIn();
    const rotatedAt = new Date();
    const second = await refreshAt(first.refreshToken, rotatedAt);
    const late = await refreshAt(first.refreshToken, at(rotatedAt, 10));
    expect(late.refreshToken).toBe(second.refreshToken);
    expect(late.accessToken).toMatch(/^ey/);
    const family = await familyOf(first.refreshToken);
    expect(family).toHaveLength(2);
    expect(family.filter((r) => r.revokedAt)).toHaveLength(0);
    // The browser goes on with the pair it now holds.
    const third = await refreshAt(second.refreshToken, at(rotatedAt, 20));
    expect(third.refreshToken).not.toBe(second.refreshToken);
  });

  it('answers the newest pair to a request two rotations late', async () => {
    const first = await signIn();
    const start = new Date();
    const second = await refreshAt(first.refreshToken, start);
    const third = await refreshAt(second.refreshToken, at(start, 3));
    const late = await refreshAt(first.refreshToken, at(start, 30));
    expect(late.refreshToken).toBe(third.refreshToken);
    expect((await familyOf(first.refreshToken)).filter((r) => r.revokedAt)).toHaveLength(0);
  });

  it('keeps no live token readable in the database: the successor is sealed under the rotated token', async () => {
    const first = await signIn();
    const second = await refreshAt(first.refreshToken, new Date());
    const [row] = await t.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(first.refreshToken)));
    expect(row.successorSealed).toBeTruthy();
    expect(row.successorSealed).not.toContain(second.refreshToken);
  });

  it('still revokes the whole family when the rotated token comes back after the window (a replay)', async () => {
    const first = await signIn();
    const rotatedAt = new Date();
    const second = await refreshAt(first.refreshToken, rotatedAt);
    await expect(refreshAt(first.refreshToken, at(rotatedAt, LATE_USE_WINDOW_SECONDS + 5))).rejects.toMatchObject({ messageKey: 'errors.auth.refreshReused' });
    await expect(refreshAt(second.refreshToken, at(rotatedAt, LATE_USE_WINDOW_SECONDS + 6))).rejects.toMatchObject({ messageKey: 'errors.auth.refreshInvalid' });
  });

  it('revokes when the chain ended in a signed-out token: nothing live to hand back', async () => {
    const first = await signIn();
    const rotatedAt = new Date();
    const second = await refreshAt(first.refreshToken, rotatedAt);
    await t.db.update(refreshTokens).set({ revokedAt: rotatedAt }).where(eq(refreshTokens.tokenHash, sha256(second.refreshToken)));
    await expect(refreshAt(first.refreshToken, at(rotatedAt, 10))).rejects.toMatchObject({ messageKey: 'errors.auth.refreshReused' });
  });
});
