import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant } from '@/tests/fixtures/factories';
import { outbox } from '@/db/schema/outbox';
import { hashPassword } from '@/lib/auth/password';
import { refreshTokenPair, LATE_USE_WINDOW_SECONDS } from '@/lib/auth/token-pairs';
import { POST as loginRoute } from '@/app/api/user/login/route';
import { POST as refreshRoute } from '@/app/api/user/refresh/route';
import { POST as logoutRoute } from '@/app/api/user/logout/route';
import { POST as logoutAllRoute } from '@/app/api/user/logoutAll/route';
import { PUT as passwordRoute } from '@/app/api/user/password/route';
import { GET as info } from '@/app/api/user/info/route';
import { POST as forgotRoute } from '@/app/api/user/password/forgot/route';
import { POST as resetRoute } from '@/app/api/user/password/reset/route';

const t = setupTestDatabase();
const PASSWORD = 'Flat-White-42';
const NEW_PASSWORD = 'Oat-Cortado-77';

interface Pair {
  accessToken: string;
  refreshToken: string;
}

async function account(email: string) {
  await createMerchant(t.db, { email, passwordHash: await hashPassword(PASSWORD) });
  return email;
}

async function signIn(email: string, password = PASSWORD): Promise<Pair> {
  const res = await callApi<Pair>(loginRoute, { method: 'POST', path: '/user/login', body: { email, password } });
  expect(res.status).toBe(200);
  return res.body.data;
}

const userInfo = (accessToken: string) => callApi(info, { path: '/user/info', token: accessToken });
const refresh = (refreshToken: string) => callApi<Pair>(refreshRoute, { method: 'POST', path: '/user/refresh', token: refreshToken });

/** The newest reset mail's token (the mail leaves after the answer: wait for it). */
async function resetLinkFor(email: string): Promise<string> {
  await callApi(forgotRoute, { method: 'POST', path: '/user/password/forgot', body: { email } });
  for (let i = 0; i < 100; i++) {
    const [row] = await t.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id)).limit(1);
    const match = row && /\/login\/reset\?token=([A-Za-z0-9_%-]+)/.exec(row.text ?? '');
    if (match) return decodeURIComponent(match[1]);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no reset mail for ${email}`);
}

const reset = (token: string) => callApi(resetRoute, { method: 'POST', path: '/user/password/reset', body: { token, password: 'Brand-New-Pass-9', confirmPassword: 'Brand-New-Pass-9' } });

describe(`a revoked sign-in's access tokens (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('stop working at once when a rotated refresh token is replayed (docs/api.md: every token of that sign-in)', async () => {
    const email = await account('replayed@latte.example');
    const first = await signIn(email);
    const second = (await refresh(first.refreshToken)).body.data;
    const other = await signIn(email);
    expect((await userInfo(first.accessToken)).status).toBe(200);
    expect((await userInfo(second.accessToken)).status).toBe(200);

    const later = new Date(Date.now() + (LATE_USE_WINDOW_SECONDS + 5) * 1000);
    await expect(refreshTokenPair({ db: t.db, locale: 'en-US', now: () => later }, first.refreshToken)).rejects.toMatchObject({ messageKey: 'errors.auth.refreshReused' });

    expect((await userInfo(first.accessToken)).status).toBe(401);
    expect((await userInfo(second.accessToken)).status).toBe(401);
    // Another sign-in of the same user is untouched.
    expect((await userInfo(other.accessToken)).status).toBe(200);
  });

  it('stop working at once when the sign-in signs out by its refresh token', async () => {
    const email = await account('signed-out@latte.example');
    const pair = await signIn(email);
    expect((await callApi(logoutRoute, { method: 'POST', path: '/user/logout', token: pair.refreshToken })).status).toBe(200);
    expect((await userInfo(pair.accessToken)).status).toBe(401);
  });
});

describe(`pending password reset links (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('stop working when the password is changed (PUT /user/password)', async () => {
    const email = await account('changed@latte.example');
    const link = await resetLinkFor(email);
    const pair = await signIn(email);
    const changed = await callApi(passwordRoute, { method: 'PUT', path: '/user/password', token: pair.accessToken, body: { currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(changed.status).toBe(200);
    const refused = await reset(link);
    expect(refused.status).toBe(400);
    // The changed password still signs in: the old link did not undo it.
    await signIn(email, NEW_PASSWORD);
  });

  it('stop working after "sign out everywhere"', async () => {
    const email = await account('everywhere@latte.example');
    const link = await resetLinkFor(email);
    const pair = await signIn(email);
    expect((await callApi(logoutAllRoute, { method: 'POST', path: '/user/logoutAll', token: pair.accessToken })).status).toBe(200);
    expect((await reset(link)).status).toBe(400);
  });

  it('still work when nothing ended the sessions', async () => {
    const email = await account('untouched@latte.example');
    const link = await resetLinkFor(email);
    expect((await reset(link)).status).toBe(200);
  });
});
