import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { refreshTokens } from '@/db/schema/users';
import { hashPassword } from '@/lib/auth/password';
import { withCookieWrites } from '@/lib/auth/refresh-flight';
import { login } from '@/lib/auth/login';
import { nextSessionJwt, type StarloopJwt } from '@/lib/auth/session-jwt';

/**
 * Issue 18: with REFRESH_REUSE_GRACE_SECONDS=0 a spent refresh token presented again ends the
 * session. The browser's requests of one page carry one cookie: they must share one refresh
 * (lib/auth/refresh-flight.ts), a late request with an older cookie must get the newest pair, and
 * where the new cookie cannot be written (server components) nothing may refresh at all.
 */
const t = setupTestDatabase();
const PASSWORD = 'Flat-White-42';
let user: TestMerchant;
const saved = process.env.REFRESH_REUSE_GRACE_SECONDS;

beforeAll(async () => {
  process.env.REFRESH_REUSE_GRACE_SECONDS = '0';
  user = await createMerchant(t.db, { email: 'flight@latte.example', passwordHash: await hashPassword(PASSWORD) });
});
afterAll(() => {
  if (saved === undefined) delete process.env.REFRESH_REUSE_GRACE_SECONDS;
  else process.env.REFRESH_REUSE_GRACE_SECONDS = saved;
});

async function cookieJwt(): Promise<StarloopJwt> {
  const signedIn = await login({ db: t.db, locale: 'en-US', now: () => new Date() }, { email: user.email, password: PASSWORD });
  return { sub: String(signedIn.user.userId), accessToken: signedIn.accessToken, refreshToken: signedIn.refreshToken, accessTokenExpires: signedIn.expiresAt, account: signedIn.user };
}

/** The moment the access token comes within the refresh margin. */
const nearExpiry = (jwt: StarloopJwt) => new Date((Number(jwt.accessTokenExpires) - 30) * 1000);

describe(`single-flight refresh (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('five concurrent requests of one cookie share one refresh, and the family survives with the grace at 0', async () => {
    const jwt = await cookieJwt();
    const at = nearExpiry(jwt);
    const results = await Promise.all(Array.from({ length: 5 }, () => nextSessionJwt({ ...jwt }, undefined, at, true)));
    const tokens = new Set(results.map((r) => r?.refreshToken));
    expect(tokens.size).toBe(1);
    expect([...tokens][0]).not.toBe(jwt.refreshToken);
    const family = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.userId));
    expect(family.filter((r) => r.revokedAt)).toHaveLength(0);
    // The next rotation, then a slow request still carrying the first cookie: it gets the newest pair.
    const second = await nextSessionJwt({ ...(results[0] as StarloopJwt) }, 3600, new Date(at.getTime() + 2000), true);
    expect(second?.refreshToken).not.toBe(results[0]?.refreshToken);
    const late = await nextSessionJwt({ ...jwt }, undefined, new Date(at.getTime() + 4000), true);
    expect(late?.refreshToken).toBe(second?.refreshToken);
    expect((await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.userId))).filter((r) => r.revokedAt)).toHaveLength(0);
  });

  it('does not refresh where the cookie cannot be written, and marks the proxy scope when it does', async () => {
    const jwt = await cookieJwt();
    const at = nearExpiry(jwt);
    const readOnly = await nextSessionJwt({ ...jwt }, undefined, at, false);
    expect(readOnly?.refreshToken).toBe(jwt.refreshToken);
    const { result, scope } = withCookieWrites(() => nextSessionJwt({ ...jwt }, undefined, at, true));
    expect((await result)?.refreshToken).not.toBe(jwt.refreshToken);
    expect(scope.refreshed).toBe(true);
  });
});
