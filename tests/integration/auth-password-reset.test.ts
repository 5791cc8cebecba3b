import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { outbox } from '@/db/schema/outbox';
import { authCodes, rateLimitHits } from '@/db/schema/auth-codes';
import { linkTokenHash } from '@/lib/auth/one-time-codes';
import { hashPassword } from '@/lib/auth/password';
import { POST as loginRoute } from '@/app/api/user/login/route';
import { POST as refreshRoute } from '@/app/api/user/refresh/route';
import { GET as info } from '@/app/api/user/info/route';
import { POST as forgotRoute } from '@/app/api/user/password/forgot/route';
import { POST as resetRoute } from '@/app/api/user/password/reset/route';
import { resetLinkProblem } from '@/lib/auth/password-reset';

const t = setupTestDatabase();
const PASSWORD = 'Flat-White-42';
const NEW_PASSWORD = 'Oat-Cortado-77';
let user: TestMerchant;

interface Pair {
  accessToken: string;
  refreshToken: string;
}

beforeAll(async () => {
  user = await createMerchant(t.db, { email: 'reset@latte.example', passwordHash: await hashPassword(PASSWORD) });
});

const signIn = (password = PASSWORD) => callApi<Pair>(loginRoute, { method: 'POST', path: '/user/login', body: { email: user.email, password } });
const forgot = (email: string) => callApi(forgotRoute, { method: 'POST', path: '/user/password/forgot', body: { email } });

/** The newest reset mail's token (the mail leaves after the answer: wait for it). */
async function resetTokenFor(email: string, after = 0): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const [row] = await t.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id)).limit(1);
    if (row && row.id > after) {
      const match = /\/login\/reset\?token=([A-Za-z0-9_%-]+)/.exec(row.text ?? '');
      if (match) return decodeURIComponent(match[1]);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no reset mail for ${email}`);
}

describe(`password reset (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('answers a known and an unknown address the same, and mails only the known one', async () => {
    const known = await forgot(user.email);
    const unknown = await forgot('nobody@latte.example');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body.msg).toBe(known.body.msg);
    expect(unknown.body.data).toEqual(known.body.data);
    expect(await resetTokenFor(user.email)).toMatch(/.{20,}/);
    await new Promise((r) => setTimeout(r, 100));
    expect(await t.db.select().from(outbox).where(eq(outbox.to, 'nobody@latte.example'))).toHaveLength(0);
  });

  it('limits requests per account, known or not, with 429 and a retry time', async () => {
    for (const email of ['limited@latte.example', user.email]) {
      await t.db.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, 'password-reset'), sql`starts_with(${rateLimitHits.key}, ${`acct:${email}`})`));
      for (let i = 0; i < 5; i++) expect((await forgot(email)).status).toBe(200);
      const blocked = await forgot(email);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it("does not let a stranger's requests spend the owner's own (found from outside), and holds the account at 20 an hour from everywhere", async () => {
    const saved = process.env.TRUSTED_PROXY_HOPS;
    process.env.TRUSTED_PROXY_HOPS = '1';
    try {
      const from = (ip: string, email = 'victim.reset@latte.example') => callApi(forgotRoute, { method: 'POST', path: '/user/password/forgot', body: { email }, headers: { 'x-forwarded-for': ip } });
      for (let i = 0; i < 5; i++) expect((await from('198.51.100.66')).status).toBe(200);
      expect((await from('198.51.100.66')).status).toBe(429);
      expect((await from('192.0.2.10')).status).toBe(200);
      // Spread over many addresses, the account takes 20 in the hour.
      for (let i = 0; i < 14; i++) expect((await from(`198.18.1.${i + 1}`)).status).toBe(200);
      expect((await from('192.0.2.99')).status).toBe(429);
    } finally {
      if (saved === undefined) delete process.env.TRUSTED_PROXY_HOPS;
      else process.env.TRUSTED_PROXY_HOPS = saved;
    }
  });

  it('limits requests per client address across e-mails', async () => {
    const saved = process.env.TRUSTED_PROXY_HOPS;
    process.env.TRUSTED_PROXY_HOPS = '1';
    try {
      const from = (email: string) => callApi(forgotRoute, { method: 'POST', path: '/user/password/forgot', body: { email }, headers: { 'x-forwarded-for': '203.0.113.77' } });
      for (let i = 0; i < 5; i++) expect((await from(`spray-${i}@latte.example`)).status).toBe(200);
      expect((await from('spray-last@latte.example')).status).toBe(429);
    } finally {
      if (saved === undefined) delete process.env.TRUSTED_PROXY_HOPS;
      else process.env.TRUSTED_PROXY_HOPS = saved;
    }
  });

  it('sets a new password with the link once, and ends every session of the user', async () => {
    await t.db.delete(rateLimitHits).where(eq(rateLimitHits.bucket, 'password-reset'));
    const a = (await signIn()).body.data;
    const b = (await signIn()).body.data;
    expect((await callApi(info, { path: '/user/info', token: a.accessToken })).status).toBe(200);
    const [last] = await t.db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1);
    // A minute after the first test's mail: the once-a-minute rule lets it through.
    await t.db.execute(sql`update auth_codes set created_at = created_at - interval '2 minutes' where purpose = 'passwordReset'`);
    expect((await forgot(user.email)).status).toBe(200);
    const token = await resetTokenFor(user.email, last?.id ?? 0);

    // The page can tell a live link without spending it (it says so before the password is typed).
    const ctx = { db: t.db, now: () => new Date() };
    expect(await resetLinkProblem(ctx, token)).toBeNull();
    expect(await resetLinkProblem(ctx, token)).toBeNull();
    expect(await resetLinkProblem(ctx, 'made-up')).toBe('accounts.errors.resetLinkInvalid');
    expect(await resetLinkProblem(ctx, '')).toBe('accounts.password.resetNoToken');
    expect(await resetLinkProblem({ db: t.db, now: () => new Date(Date.now() + 7 * 86_400_000) }, token)).toBe('accounts.errors.resetLinkExpired');
    const weak = await callApi(resetRoute, { method: 'POST', path: '/user/password/reset', body: { token, password: 'short', confirmPassword: 'short' } });
    expect(weak.status).toBe(400);
    const done = await callApi(resetRoute, { method: 'POST', path: '/user/password/reset', body: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(done.status).toBe(200);

    for (const pair of [a, b]) {
      expect((await callApi(info, { path: '/user/info', token: pair.accessToken })).status).toBe(401);
      expect((await callApi(refreshRoute, { method: 'POST', path: '/user/refresh', token: pair.refreshToken })).status).toBe(401);
    }
    expect((await signIn()).status).toBe(455);
    const fresh = await signIn(NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    expect((await callApi(info, { path: '/user/info', token: fresh.body.data.accessToken })).status).toBe(200);

    const again = await callApi(resetRoute, { method: 'POST', path: '/user/password/reset', body: { token, password: 'Another-Brew-99', confirmPassword: 'Another-Brew-99' } });
    expect(again.status).toBe(400);
    expect(again.body.data).toMatchObject({ fieldErrors: { token: expect.any(String) } });
    expect(await resetLinkProblem(ctx, token)).toBe('accounts.errors.resetLinkInvalid');
  });

  it('lets one of two simultaneous uses of a link set the password, not both (found from outside)', async () => {
    const twice = await createMerchant(t.db, { email: 'twice@latte.example', passwordHash: await hashPassword(PASSWORD) });
    const token = 'simultaneous-reset-link-token-0123456789';
    await t.db.insert(authCodes).values({ purpose: 'passwordReset', target: twice.email, codeHash: linkTokenHash(token), expiresAt: new Date(Date.now() + 60_000) });
    const reset = (password: string) => callApi(resetRoute, { method: 'POST', path: '/user/password/reset', body: { token, password, confirmPassword: password } });
    const answers = await Promise.all([reset('First-Latte-11'), reset('Second-Mocha-22')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers[0].status === 200 ? 'First-Latte-11' : 'Second-Mocha-22';
    const loser = winner === 'First-Latte-11' ? 'Second-Mocha-22' : 'First-Latte-11';
    const signInAs = (password: string) => callApi(loginRoute, { method: 'POST', path: '/user/login', body: { email: twice.email, password } });
    expect((await signInAs(winner)).status).toBe(200);
    expect((await signInAs(loser)).status).not.toBe(200);
  });

  it('refuses a made-up token and mismatched passwords beside their fields', async () => {
    const made = await callApi(resetRoute, { method: 'POST', path: '/user/password/reset', body: { token: 'made-up', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(made.status).toBe(400);
    const mismatch = await callApi(resetRoute, { method: 'POST', path: '/user/password/reset', body: { token: 'x', password: NEW_PASSWORD, confirmPassword: 'Other-Brew-11' } });
    expect(mismatch.status).toBe(400);
  });
});
