import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { refreshTokens } from '@/db/schema/users';
import { hashPassword } from '@/lib/auth/password';
import { login } from '@/lib/auth/login';
import { refreshTokenPair, LATE_USE_WINDOW_SECONDS } from '@/lib/auth/token-pairs';
import { sha256 } from '@/lib/auth/tokens';
import { route } from '@/lib/api/route';
import { PEER_ADDRESS_HEADER, PEER_HOOK_INSTALLED } from '@/lib/http/client-address';
import { POST as loginRoute } from '@/app/api/user/login/route';
import { POST as refreshRoute } from '@/app/api/user/refresh/route';
import { POST as logoutRoute } from '@/app/api/user/logout/route';
import { GET as info } from '@/app/api/user/info/route';
import { DELETE as deleteUser } from '@/app/api/user/route';

const t = setupTestDatabase();
const PASSWORD = 'Flat-White-42';
let owner: TestMerchant;

beforeAll(async () => {
  owner = await createMerchant(t.db, { email: 'owner@latte.example', passwordHash: await hashPassword(PASSWORD), permissions: ['post:admin:manage'] });
});

interface Pair {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
}

// The client's address as `npm start` gives it (lib/http/client-address.ts): the socket's, in the
// header scripts/peer-address.mjs sets; a client-written X-Forwarded-For is not read.
(globalThis as Record<symbol, unknown>)[PEER_HOOK_INSTALLED] = true;

async function signIn(email = 'owner@latte.example', password = PASSWORD, ip = '192.0.2.1') {
  return callApi<Pair & { user: { email: string } }>(loginRoute, { method: 'POST', path: '/user/login', body: { email, password }, headers: { [PEER_ADDRESS_HEADER]: ip } });
}

describe(`tokens (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('signs in with accessToken, refreshToken and the user state; a wrong password is 455', async () => {
    const ok = await signIn();
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String), user: { email: 'owner@latte.example' } });
    expect(ok.body.data.expiresAt - Date.now() / 1000).toBeGreaterThan(14 * 60);
    const [row] = await t.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(ok.body.data.refreshToken)));
    expect(row.tokenHash).not.toBe(ok.body.data.refreshToken);

    const wrong = await signIn('owner@latte.example', 'nope', '192.0.2.50');
    expect(wrong.status).toBe(455);
    expect(wrong.body.code).toBe(455);
    const invalid = await callApi(loginRoute, { method: 'POST', path: '/user/login', body: { email: 'not-an-email', password: '' } });
    expect(invalid.status).toBe(400);
  });

  it('rotates the refresh token, and a replayed one revokes the whole family', async () => {
    const first = (await signIn()).body.data;
    const second = await callApi<Pair>(refreshRoute, { method: 'POST', path: '/user/refresh', token: first.refreshToken });
    expect(second.status).toBe(200);
    expect(second.body.data.refreshToken).not.toBe(first.refreshToken);
    const third = await callApi<Pair>(refreshRoute, { method: 'POST', path: '/user/refresh', token: second.body.data.refreshToken });
    expect(third.status).toBe(200);

    // The thief replays the first token after the grace period: every token of the family dies.
    const later = new Date(Date.now() + (LATE_USE_WINDOW_SECONDS + 5) * 1000);
    await expect(refreshTokenPair({ db: t.db, locale: 'en-US', now: () => later }, first.refreshToken)).rejects.toMatchObject({ messageKey: 'errors.auth.refreshReused' });
    const afterTheft = await callApi(refreshRoute, { method: 'POST', path: '/user/refresh', token: third.body.data.refreshToken });
    expect(afterTheft.status).toBe(401);
    // Another sign-in (another family) is untouched.
    const other = (await signIn()).body.data;
    expect((await callApi(refreshRoute, { method: 'POST', path: '/user/refresh', token: other.refreshToken })).status).toBe(200);
  });

  it('treats the same refresh token presented twice at once as a race, not a theft', async () => {
    const pair = (await signIn()).body.data;
    const [a, b] = await Promise.all([
      callApi<Pair>(refreshRoute, { method: 'POST', path: '/user/refresh', token: pair.refreshToken }),
      callApi<Pair>(refreshRoute, { method: 'POST', path: '/user/refresh', token: pair.refreshToken }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await callApi(refreshRoute, { method: 'POST', path: '/user/refresh', token: b.body.data.refreshToken })).status).toBe(200);
  });

  it('also when the request that waited for the lock read its clock before the one that used the token', async () => {
    const pair = (await signIn()).body.data;
    const used = new Date();
    await refreshTokenPair({ db: t.db, locale: 'en-US', now: () => used }, pair.refreshToken);
    const earlier = new Date(used.getTime() - 50);
    const raced = await refreshTokenPair({ db: t.db, locale: 'en-US', now: () => earlier }, pair.refreshToken);
    expect(raced.refreshToken).not.toBe(pair.refreshToken);
  });

  it('refuses a missing, unknown or expired refresh token with 401', async () => {
    expect((await callApi(refreshRoute, { method: 'POST', path: '/user/refresh' })).status).toBe(401);
    expect((await callApi(refreshRoute, { method: 'POST', path: '/user/refresh', token: 'made-up' })).status).toBe(401);
    const pair = (await signIn()).body.data;
    const in31Days = new Date(Date.now() + 31 * 24 * 3600 * 1000);
    await expect(refreshTokenPair({ db: t.db, locale: 'en-US', now: () => in31Days }, pair.refreshToken)).rejects.toMatchObject({ messageKey: 'errors.auth.refreshExpired' });
  });

  it('logs out by revoking the refresh token family', async () => {
    const pair = (await signIn()).body.data;
    const rotated = (await callApi<Pair>(refreshRoute, { method: 'POST', path: '/user/refresh', token: pair.refreshToken })).body.data;
    const out = await callApi(logoutRoute, { method: 'POST', path: '/user/logout', token: rotated.refreshToken });
    expect(out.status).toBe(200);
    expect((await callApi(refreshRoute, { method: 'POST', path: '/user/refresh', token: rotated.refreshToken })).status).toBe(401);
    // Unknown tokens sign out quietly.
    expect((await callApi(logoutRoute, { method: 'POST', path: '/user/logout', body: { refreshToken: 'unknown' } })).status).toBe(200);
  });

  it('answers 429 with a retry time after 5 failures for the account from one address, and resets', async () => {
    const user = await createMerchant(t.db, { email: 'target@latte.example', passwordHash: await hashPassword(PASSWORD) });
    for (let i = 0; i < 5; i++) expect((await signIn(user.email, 'wrong-guess', '198.51.100.7')).status).toBe(455);
    // Found from outside: a stranger's five wrong passwords locked the owner out everywhere. The
    // owner, at another address, signs in.
    expect((await signIn(user.email, PASSWORD, '198.51.100.8')).status).toBe(200);
    const blocked = await signIn(user.email, PASSWORD, '198.51.100.7');
    expect(blocked.status).toBe(429);
    const retryAfter = (blocked.body.data as unknown as { retryAfter: number }).retryAfter;
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.headers.get('retry-after')).toBe(String(retryAfter));
    expect(blocked.body.msg).toMatch(/try again in \d+ seconds/);

    // 15 minutes later (injected now) the window has passed, and a success clears the counter.
    const later = new Date(Date.now() + 15 * 60 * 1000 + 1000);
    const ctx = { db: t.db, locale: 'en-US' as const, now: () => later, ip: '198.51.100.7' };
    await expect(login(ctx, { email: user.email, password: PASSWORD })).resolves.toMatchObject({ user: { email: user.email } });
    for (let i = 0; i < 4; i++) await expect(login(ctx, { email: user.email, password: 'x' })).rejects.toMatchObject({ code: 'LOGIN_ERROR' });
    await expect(login(ctx, { email: user.email, password: PASSWORD })).resolves.toBeTruthy();
  });

  it('lets no more than 5 of 30 simultaneous wrong guesses from one address, and 50 of 70 from many, through to a password check', async () => {
    const user = await createMerchant(t.db, { email: 'burst@latte.example', passwordHash: await hashPassword(PASSWORD) });
    // An address of its own (an earlier test's wrong password from 192.0.2.50 counts against that one).
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(user.email, `guess-${i}`, '192.0.2.150')));
    const statuses = answers.map((a) => a.status);
    const checked = statuses.filter((s) => s === 455).length;
    // Counted under a lock per key: exactly the limit passes (counted without it, a burst could refuse them all).
    expect(checked).toBe(5);
    expect(statuses.filter((s) => s !== 455 && s !== 429)).toEqual([]);
    // Refused guesses leave no trace; the checked ones count, and 5 lock that address out of the account.
    expect((await signIn(user.email, PASSWORD, '192.0.2.150')).status).toBe(429);
    // Spread over many addresses: the account as a whole takes 50 wrong passwords in the window.
    const spread = await Promise.all(Array.from({ length: 70 }, (_, i) => signIn(user.email, `spread-${i}`, `198.18.0.${i + 1}`)));
    const spreadChecked = spread.filter((a) => a.status === 455).length + checked;
    expect(spreadChecked).toBeLessThanOrEqual(50);
    expect(spread.filter((a) => a.status !== 455 && a.status !== 429)).toEqual([]);
    expect((await signIn(user.email, PASSWORD, '192.0.2.201')).status).toBe(spreadChecked === 50 ? 429 : 200);
  }, 60_000);

  it('answers 429 after 5 failures from one address across accounts', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn(`nobody${i}@latte.example`, 'x', '203.0.113.77')).status).toBe(455);
    const blocked = await signIn('owner@latte.example', PASSWORD, '203.0.113.77');
    expect(blocked.status).toBe(429);
    // The same account from another address still signs in.
    expect((await signIn('owner@latte.example', PASSWORD, '203.0.113.78')).status).toBe(200);
  });

  it('answers the signed-in user state of spec section 3', async () => {
    const me = await callApi<Record<string, unknown>>(info, { path: '/user/info', token: owner.token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      userId: owner.userId,
      merchantId: owner.merchantId,
      email: 'owner@latte.example',
      userName: expect.any(String),
      avatar: null,
      permissions: ['post:admin:manage'],
      menus: ['dashboard', 'reviews', 'sources', 'campaigns', 'inbox', 'contacts', 'locations', 'posts'],
      subscription: { currentStatus: 'standard', plan: 'standard', trialing: false },
    });
    expect((await callApi(info, { path: '/user/info' })).status).toBe(401);
  });

  it('a permission-guarded route answers 403 without the permission', async () => {
    const guarded = route({ auth: 'user', permission: 'post:admin:manage' }, async () => ({ ok: true }));
    const staff = await createMerchant(t.db, { permissions: [] });
    expect((await callApi(guarded, { path: '/admin/post' })).status).toBe(401);
    const refused = await callApi(guarded, { path: '/admin/post', token: staff.token });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('This account has no permission');
    expect((await callApi(guarded, { path: '/admin/post', token: owner.token })).status).toBe(200);
  });

  it("deletes an account after the password, and its tokens answer 401 at once", async () => {
    const doomed = await createMerchant(t.db, { email: 'closing@latte.example', passwordHash: await hashPassword(PASSWORD) });
    const pair = (await signIn(doomed.email)).body.data;
    const wrong = await callApi(deleteUser, { method: 'DELETE', path: '/user', token: pair.accessToken, body: { password: 'nope' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data).toMatchObject({ fieldErrors: { password: 'The password is not correct' } });
    const ok = await callApi(deleteUser, { method: 'DELETE', path: '/user', token: pair.accessToken, body: { password: PASSWORD } });
    expect(ok.status).toBe(200);
    expect((await callApi(info, { path: '/user/info', token: pair.accessToken })).status).toBe(401);
    expect((await callApi(info, { path: '/user/info', token: doomed.token })).status).toBe(401);
    expect((await callApi(refreshRoute, { method: 'POST', path: '/user/refresh', token: pair.refreshToken })).status).toBe(401);
    expect((await signIn(doomed.email)).status).toBe(455);
  });
});
