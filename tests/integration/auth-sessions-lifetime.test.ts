import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { rateLimitHits } from '@/db/schema/auth-codes';
import { refreshTokens } from '@/db/schema/users';
import { hashPassword } from '@/lib/auth/password';
import { refreshTokenPair } from '@/lib/auth/token-pairs';
import { sha256 } from '@/lib/auth/tokens';
import { POST as loginRoute } from '@/app/api/user/login/route';
import { POST as refreshRoute } from '@/app/api/user/refresh/route';
import { GET as info } from '@/app/api/user/info/route';
import { PUT as changePasswordRoute } from '@/app/api/user/password/route';
import { POST as logoutAllRoute } from '@/app/api/user/logoutAll/route';

const t = setupTestDatabase();
const PASSWORD = 'Flat-White-42';
const NEW_PASSWORD = 'Oat-Cortado-77';
const DAY = 24 * 3600 * 1000;
let user: TestMerchant;
let other: TestMerchant;

interface Pair {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
}

beforeAll(async () => {
  user = await createMerchant(t.db, { email: 'sessions@latte.example', passwordHash: await hashPassword(PASSWORD) });
  other = await createMerchant(t.db, { email: 'bystander@latte.example', passwordHash: await hashPassword(PASSWORD) });
});

async function signIn(email = user.email, password = PASSWORD): Promise<Pair> {
  const answer = await callApi<Pair>(loginRoute, { method: 'POST', path: '/user/login', body: { email, password } });
  expect(answer.status).toBe(200);
  return answer.body.data;
}
const infoStatus = async (pair: Pair) => (await callApi(info, { path: '/user/info', token: pair.accessToken })).status;
const refreshStatus = async (pair: Pair) => (await callApi(refreshRoute, { method: 'POST', path: '/user/refresh', token: pair.refreshToken })).status;

describe(`sessions (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('two sessions changing the password at once: one changes it and stays, the other hears 409 (found from outside)', async () => {
    const both = await createMerchant(t.db, { email: 'both-tabs@latte.example', passwordHash: await hashPassword(PASSWORD) });
    const one = await signIn(both.email);
    const two = await signIn(both.email);
    const change = (pair: Pair, password: string) =>
      callApi<{ accessToken: string }>(changePasswordRoute, { method: 'PUT', path: '/user/password', token: pair.accessToken, body: { currentPassword: PASSWORD, password, confirmPassword: password } });
    const answers = await Promise.all([change(one, 'First-Latte-11'), change(two, 'Second-Mocha-22')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers[0].status === 200 ? 0 : 1;
    const password = winner === 0 ? 'First-Latte-11' : 'Second-Mocha-22';
    // The password in effect is the one the session told "changed" set, and that session lives on.
    expect((await callApi(loginRoute, { method: 'POST', path: '/user/login', body: { email: both.email, password } })).status).toBe(200);
    const kept = { ...[one, two][winner], accessToken: answers[winner].body.data.accessToken };
    expect(await infoStatus(kept)).toBe(200);
    expect(await refreshStatus(kept)).toBe(200);
  });

  it('changing the password keeps the asking session and ends the others', async () => {
    const mine = await signIn();
    const elsewhere = await signIn();
    const bystander = await signIn(other.email);
    const wrong = await callApi(changePasswordRoute, { method: 'PUT', path: '/user/password', token: mine.accessToken, body: { currentPassword: 'not-it', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data).toMatchObject({ fieldErrors: { currentPassword: expect.any(String) } });
    expect(await infoStatus(elsewhere)).toBe(200);

    const changed = await callApi<{ accessToken: string; expiresAt: number }>(changePasswordRoute, { method: 'PUT', path: '/user/password', token: mine.accessToken, body: { currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(changed.status).toBe(200);
    // The other session: access and refresh tokens stop at once.
    expect(await infoStatus(elsewhere)).toBe(401);
    expect(await refreshStatus(elsewhere)).toBe(401);
    // The asking session: its old access token belongs to the ended epoch; the new one works,
    // and its refresh token keeps working.
    expect(await infoStatus(mine)).toBe(401);
    expect(await infoStatus({ ...mine, accessToken: changed.body.data.accessToken })).toBe(200);
    expect(await refreshStatus(mine)).toBe(200);
    expect(await infoStatus(bystander)).toBe(200);
    expect((await callApi(loginRoute, { method: 'POST', path: '/user/login', body: { email: user.email, password: NEW_PASSWORD } })).status).toBe(200);
  });

  it('counts a wrong current password against the sign-in limit', async () => {
    await t.db.delete(rateLimitHits).where(eq(rateLimitHits.bucket, 'login'));
    const pair = await signIn(user.email, NEW_PASSWORD);
    for (let i = 0; i < 5; i++) {
      const wrong = await callApi(changePasswordRoute, { method: 'PUT', path: '/user/password', token: pair.accessToken, body: { currentPassword: `guess-${i}`, password: PASSWORD, confirmPassword: PASSWORD } });
      expect(wrong.status).toBe(400);
    }
    const blocked = await callApi(changePasswordRoute, { method: 'PUT', path: '/user/password', token: pair.accessToken, body: { currentPassword: NEW_PASSWORD, password: PASSWORD, confirmPassword: PASSWORD } });
    expect(blocked.status).toBe(429);
    expect((await callApi(loginRoute, { method: 'POST', path: '/user/login', body: { email: user.email, password: NEW_PASSWORD } })).status).toBe(429);
    await t.db.delete(rateLimitHits).where(eq(rateLimitHits.bucket, 'login'));
  });

  it('signs out everywhere: every access and refresh token of the user stops', async () => {
    const a = await signIn(user.email, NEW_PASSWORD);
    const b = await signIn(user.email, NEW_PASSWORD);
    const bystander = await signIn(other.email);
    expect((await callApi(logoutAllRoute, { method: 'POST', path: '/user/logoutAll' })).status).toBe(401);
    const out = await callApi(logoutAllRoute, { method: 'POST', path: '/user/logoutAll', token: a.accessToken });
    expect(out.status).toBe(200);
    for (const pair of [a, b]) {
      expect(await infoStatus(pair)).toBe(401);
      expect(await refreshStatus(pair)).toBe(401);
    }
    expect(await infoStatus(bystander)).toBe(200);
    expect(await refreshStatus(bystander)).toBe(200);
    // A new sign-in works again.
    expect(await infoStatus(await signIn(user.email, NEW_PASSWORD))).toBe(200);
  });

  it('ends a sign-in 90 days after it started, however often it rotated', async () => {
    const start = Date.now();
    let pair = await signIn(user.email, NEW_PASSWORD);
    const ctxAt = (days: number) => ({ db: t.db, locale: 'en-US' as const, now: () => new Date(start + days * DAY) });
    for (const day of [29, 58, 87]) pair = await refreshTokenPair(ctxAt(day), pair.refreshToken);
    // The last rotation's token lives until the family's end, not 30 more days.
    const [row] = await t.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(pair.refreshToken)));
    expect(Math.abs(row.expiresAt.getTime() - (row.familyStartedAt.getTime() + 90 * DAY))).toBeLessThan(1000);
    pair = await refreshTokenPair(ctxAt(89), pair.refreshToken);
    await expect(refreshTokenPair(ctxAt(90.01), pair.refreshToken)).rejects.toMatchObject({ messageKey: 'errors.auth.refreshExpired' });
  });

  it('takes SESSION_MAX_AGE_DAYS from the environment', async () => {
    process.env.SESSION_MAX_AGE_DAYS = '1';
    try {
      const start = Date.now();
      const pair = await signIn(user.email, NEW_PASSWORD);
      const next = await refreshTokenPair({ db: t.db, locale: 'en-US', now: () => new Date(start + 0.5 * DAY) }, pair.refreshToken);
      await expect(refreshTokenPair({ db: t.db, locale: 'en-US', now: () => new Date(start + 1.01 * DAY) }, next.refreshToken)).rejects.toMatchObject({ messageKey: 'errors.auth.refreshExpired' });
    } finally {
      delete process.env.SESSION_MAX_AGE_DAYS;
    }
  });
});
