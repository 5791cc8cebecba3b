import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { AppError } from '@/lib/errors/app-error';
import { authedAction } from '@/lib/auth/authed-action';
import { hashPassword } from '@/lib/auth/password';
import { login } from '@/lib/auth/login';
import { LATE_USE_WINDOW_SECONDS } from '@/lib/auth/token-pairs';
import { nextSessionJwt, type StarloopJwt } from '@/lib/auth/session-jwt';
import { requireSession } from '@/lib/auth/session';
import { loginRefusalMessage, loginRefusalOf } from '@/lib/auth/login-refusal';
import { translatorFor } from '@/lib/i18n/translator';
import { POST as loginRoute } from '@/app/api/user/login/route';
import { POST as logoutRoute } from '@/app/api/user/logout/route';
import { DELETE as deleteUser } from '@/app/api/user/route';

/**
 * Spec section 8, refresh failures: a browser session whose refresh token family was revoked
 * (sign-out through the API, reuse detected) or whose account was deleted ends: the session
 * cookie's next state is null (Auth.js then clears the cookie), and pages and server actions send
 * the browser to /login?expired=1; a browser that never had a session gets plain /login. Then the
 * login form's rate-limit message carries the wait, like the API's 429.
 *
 * Auth.js itself needs Next's runtime: auth() answers what Auth.js answers once the jwt step
 * (nextSessionJwt, tested here against the real database) ended the session, and the request's
 * cookies are those the browser would send. The browser run is tests/e2e/accounts.spec.ts.
 */
const request = vi.hoisted(() => ({ session: null as { accessToken?: string } | null, cookies: [] as string[] }));
vi.mock('@/lib/auth/auth', () => ({
  auth: async () => request.session,
  signIn: async () => undefined,
  signOut: async () => undefined,
  updateSession: async () => null,
  handlers: { GET: async () => new Response(null, { status: 404 }), POST: async () => new Response(null, { status: 404 }) },
  REFRESH_MARGIN_SECONDS: 60,
}));
vi.mock('next-auth', () => ({ AuthError: class AuthError extends Error {} }));
vi.mock('next-auth/jwt', () => ({ getToken: async () => null }));
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (request.cookies.includes(name) ? { name, value: 'sealed' } : undefined),
    getAll: () => request.cookies.map((name) => ({ name, value: 'sealed' })),
    has: (name: string) => request.cookies.includes(name),
    set: () => undefined,
    delete: () => undefined,
  }),
  headers: async () => new Headers({ 'accept-language': 'en-US', host: 'localhost' }),
}));

const t = setupTestDatabase();
const PASSWORD = 'Cortado-2026';
let owner: TestMerchant;

beforeAll(async () => {
  owner = await createMerchant(t.db, { email: 'expiry@latte.example', passwordHash: await hashPassword(PASSWORD) });
});

interface Pair {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
}

async function browserSession(email = owner.email): Promise<StarloopJwt> {
  const res = await callApi<Pair & { user: { userId: number } }>(loginRoute, { method: 'POST', path: '/user/login', body: { email, password: PASSWORD }, headers: { 'x-forwarded-for': '192.0.2.10' } });
  expect(res.status).toBe(200);
  const { accessToken, refreshToken, expiresAt, user } = res.body.data;
  return { sub: String(user.userId), accessToken, refreshToken, accessTokenExpires: expiresAt };
}

/** The redirect target of a thrown next/navigation redirect(), or null. */
function redirectTarget(error: unknown): string | null {
  const digest = (error as { digest?: unknown })?.digest;
  return typeof digest === 'string' && digest.startsWith('NEXT_REDIRECT;') ? digest.split(';')[2] : null;
}

async function redirectOf(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (error) {
    const target = redirectTarget(error);
    if (target === null) throw error;
    return target;
  }
}

describe(`browser session refresh failures (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('keeps and refreshes a live session, and ends it once the family is revoked through POST /api/user/logout', async () => {
    const token = await browserSession();
    expect(await nextSessionJwt(token)).toBe(token);
    // Within the 60 s margin the token service rotates the pair.
    const soon = new Date((Number(token.accessTokenExpires) - 30) * 1000);
    const refreshed = await nextSessionJwt(token, undefined, soon);
    expect(refreshed?.refreshToken).toMatch(/^\S{20,}$/);
    expect(refreshed?.refreshToken).not.toBe(token.refreshToken);
    expect(refreshed?.account?.email).toBe(owner.email);

    const out = await callApi(logoutRoute, { method: 'POST', path: '/user/logout', token: refreshed?.refreshToken });
    expect(out.status).toBe(200);
    expect(await nextSessionJwt(refreshed as StarloopJwt)).toBeNull();
    // The older cookie of the same family too.
    expect(await nextSessionJwt(token)).toBeNull();
  });

  it('ends the session when its old refresh token is replayed after the grace period (reuse detection)', async () => {
    const token = await browserSession();
    const at = new Date((Number(token.accessTokenExpires) - 30) * 1000);
    const rotated = await nextSessionJwt(token, undefined, at);
    expect(rotated?.refreshToken).not.toBe(token.refreshToken);
    // A copy of the old cookie refreshes again after the grace: the whole family is revoked.
    const replay = new Date(at.getTime() + (LATE_USE_WINDOW_SECONDS + 5) * 1000);
    expect(await nextSessionJwt(token, undefined, replay)).toBeNull();
    expect(await nextSessionJwt(rotated as StarloopJwt)).toBeNull();
  });

  it('ends the session of a deleted account, and a cookie marked by an earlier failed refresh', async () => {
    const doomed = await createMerchant(t.db, { email: 'gone@latte.example', passwordHash: await hashPassword(PASSWORD) });
    const token = await browserSession(doomed.email);
    const ok = await callApi(deleteUser, { method: 'DELETE', path: '/user', token: token.accessToken, body: { password: PASSWORD } });
    expect(ok.status).toBe(200);
    expect(await nextSessionJwt(token)).toBeNull();
    expect(await nextSessionJwt({ ...(await browserSession()), error: 'RefreshFailed' })).toBeNull();
  });

  it('sends a page to /login?expired=1 when a session cookie no longer works, to /login when there never was one', async () => {
    request.session = null;
    request.cookies = [];
    expect(await redirectOf(() => requireSession())).toBe('/login');
    request.cookies = ['authjs.session-token'];
    expect(await redirectOf(() => requireSession())).toBe('/login?expired=1');
    // Over HTTPS, and split into chunks when large.
    request.cookies = ['__Secure-authjs.session-token.0', '__Secure-authjs.session-token.1'];
    expect(await redirectOf(() => requireSession())).toBe('/login?expired=1');
    request.cookies = ['NEXT_LOCALE', 'authjs.csrf-token'];
    expect(await redirectOf(() => requireSession())).toBe('/login');
    // The proxy already cleared the dead cookie on an earlier (background) request: its mark.
    request.cookies = ['starloop-session-ended'];
    expect(await redirectOf(() => requireSession())).toBe('/login?expired=1');
    // A working session passes.
    request.session = { accessToken: owner.token };
    request.cookies = ['authjs.session-token'];
    await expect(requireSession()).resolves.toMatchObject({ user: { email: owner.email } });
  });

  it('handles an ended session once for every server action: the redirect to /login?expired=1', async () => {
    let ran = 0;
    const action = authedAction(z.object({}), async () => ++ran);
    request.session = null;
    request.cookies = ['authjs.session-token'];
    expect(await redirectOf(() => action({}))).toBe('/login?expired=1');
    request.cookies = [];
    await expect(action({})).resolves.toEqual({ ok: false, code: 'UNAUTHORIZED', message: 'Your sign-in has expired, please sign in again' });
    request.session = { accessToken: owner.token };
    request.cookies = ['authjs.session-token'];
    await expect(action({})).resolves.toMatchObject({ ok: true, data: 1 });
    expect(ran).toBe(1);
  });
});

describe('the login form when slowed down', () => {
  it('shows the seconds to wait, the same message the API answers with its 429', async () => {
    const user = await createMerchant(t.db, { email: 'slow@latte.example', passwordHash: await hashPassword(PASSWORD) });
    const ctx = { db: t.db, locale: 'en-US' as const, now: () => new Date(), ip: undefined };
    for (let i = 0; i < 5; i++) await expect(login(ctx, { email: user.email, password: 'wrong-guess' })).rejects.toMatchObject({ code: 'LOGIN_ERROR' });
    const wrong = loginRefusalOf(new AppError('LOGIN_ERROR'));
    expect(loginRefusalMessage(wrong, translatorFor('en-US'))).toBe('Wrong email or password');

    // What the browser's sign-in (Auth.js authorize, the same login service) turns the refusal into.
    const error = await login(ctx, { email: user.email, password: PASSWORD }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    const refusal = loginRefusalOf(error as AppError);
    expect(refusal.code).toBe('rate_limited');
    expect(refusal.retryAfter).toBeGreaterThan(14 * 60);
    const form = loginRefusalMessage(refusal, translatorFor('en-US'));
    expect(form).toBe(`Too many attempts; try again in ${refusal.retryAfter} seconds`);
    expect(loginRefusalMessage(refusal, translatorFor('zh-CN'))).toContain(`${refusal.retryAfter} 秒`);

    const api = await callApi(loginRoute, { method: 'POST', path: '/user/login', body: { email: user.email, password: PASSWORD }, headers: { 'x-forwarded-for': '198.51.100.40' } });
    expect(api.status).toBe(429);
    const apiWait = Number(api.headers.get('retry-after'));
    expect(Math.abs(apiWait - Number(refusal.retryAfter))).toBeLessThanOrEqual(1);
    expect(api.body.msg).toBe(form.replace(String(refusal.retryAfter), String(apiWait)));
  });
});
