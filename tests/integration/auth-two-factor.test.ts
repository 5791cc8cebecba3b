import enUS from '@/messages/en-US.json';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { createMerchant, type TestMerchant } from '@/tests/fixtures/factories';
import { rateLimitHits } from '@/db/schema/auth-codes';
import { userTwoFactor } from '@/db/schema/two-factor';
import { hashPassword } from '@/lib/auth/password';
import { issueTokenPair } from '@/lib/auth/token-pairs';
import { signChallenge, verifyChallenge } from '@/lib/auth/two-factor/challenge';
import { openTotpSecret } from '@/lib/auth/two-factor/totp';
import { POST as loginRoute } from '@/app/api/user/login/route';
import { POST as secondStepRoute } from '@/app/api/user/login/twoFactor/route';
import { GET as statusRoute } from '@/app/api/user/twoFactor/route';
import { POST as setupRoute } from '@/app/api/user/twoFactor/setup/route';
import { POST as enableRoute } from '@/app/api/user/twoFactor/enable/route';
import { POST as disableRoute } from '@/app/api/user/twoFactor/disable/route';
import { POST as recoveryRoute } from '@/app/api/user/twoFactor/recoveryCodes/route';

const t = setupTestDatabase();
const PASSWORD = 'Long-Black-2fa-9';
let user: TestMerchant;
let plain: TestMerchant;
let totp: TOTP;
let recoveryCodes: string[];

interface Pair {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
  user: { userId: number; email: string };
}

const codeAt = (offsetSeconds: number) => totp.generate({ timestamp: Date.now() + offsetSeconds * 1000 });
const login = (email: string, password = PASSWORD) => callApi<Pair & { challenge: string; expiresAt: number }>(loginRoute, { method: 'POST', path: '/user/login', body: { email, password } });
const secondStep = (challenge: string, code: string) => callApi<Pair>(secondStepRoute, { method: 'POST', path: '/user/login/twoFactor', body: { challenge, code } });
const loginHits = async (email: string) => (await t.db.select().from(rateLimitHits).where(and(eq(rateLimitHits.bucket, 'login'), eq(rateLimitHits.key, `acct:${email}`)))).length;

beforeAll(async () => {
  const passwordHash = await hashPassword(PASSWORD);
  user = await createMerchant(t.db, { email: 'totp@flat.example', passwordHash });
  // A signed-in session (a refresh family), which enabling keeps while it ends the others.
  user.token = (await issueTokenPair(t.db, user.userId, user.merchantId, new Date())).accessToken;
  plain = await createMerchant(t.db, { email: 'plain@flat.example', passwordHash });
});

describe(`two-step verification (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('enrols: a secret (stored sealed), confirmed by a current code, answers 10 recovery codes stored hashed', async () => {
    const setup = await callApi<{ secret: string; uri: string }>(setupRoute, { method: 'POST', path: '/user/twoFactor/setup', token: user.token, body: { password: PASSWORD } });
    expect(setup.status).toBe(200);
    expect(setup.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.data.uri).toMatch(/^otpauth:\/\/totp\/StarLoop:totp%40flat\.example\?/);
    const [row] = await t.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.userId));
    expect(row.secretSealed).not.toContain(setup.body.data.secret);
    expect(openTotpSecret(row.secretSealed)).toBe(setup.body.data.secret);
    expect(row.enabledAt).toBeNull();
    totp = new TOTP({ secret: Secret.fromBase32(setup.body.data.secret), digits: 6, period: 30, algorithm: 'SHA1' });

    // Pending: sign-in does not ask yet.
    expect((await login(user.email)).status).toBe(200);

    const wrong = await callApi(enableRoute, { method: 'POST', path: '/user/twoFactor/enable', token: user.token, body: { code: unusedCode() } });
    expect(wrong.status).toBe(400);
    expect((wrong.body.data as { fieldErrors: Record<string, string> }).fieldErrors.code).toBe(enUS.twoFactor.errors.codeWrong);

    const enabled = await callApi<{ recoveryCodes: string[]; accessToken?: string }>(enableRoute, { method: 'POST', path: '/user/twoFactor/enable', token: user.token, body: { code: codeAt(0) } });
    expect(enabled.status).toBe(200);
    // The other sessions ended with the old epoch; this one goes on with the token it was given.
    user.token = enabled.body.data.accessToken ?? user.token;
    recoveryCodes = enabled.body.data.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const [after] = await t.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.userId));
    expect(after.enabledAt).not.toBeNull();
    expect(after.recoveryCodeHashes).toHaveLength(10);
    for (const code of recoveryCodes) expect(after.recoveryCodeHashes.join()).not.toContain(code.replace('-', ''));

    const status = await callApi<{ enabled: boolean; recoveryCodesLeft: number }>(statusRoute, { path: '/user/twoFactor', token: user.token });
    expect(status.body.data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    const again = await callApi(setupRoute, { method: 'POST', path: '/user/twoFactor/setup', token: user.token, body: { password: PASSWORD } });
    expect(again.status).toBe(409);
  });

  it('asks a second step after the right password: 456 with a challenge and no tokens', async () => {
    const first = await login(user.email);
    expect(first.status).toBe(456);
    expect(first.body.code).toBe(456);
    expect(Object.keys(first.body.data).sort()).toEqual(['challenge', 'expiresAt']);
    expect(JSON.stringify(first.body)).not.toMatch(/accessToken|refreshToken/);
    // A wrong password still answers 455, never the challenge.
    expect((await login(user.email, 'Wrong-Password-1')).status).toBe(455);
  });

  it('refuses a wrong code and counts it against the sign-in limit', async () => {
    const { body } = await login(user.email);
    const before = await loginHits(user.email);
    const wrong = await secondStep(body.data.challenge, unusedCode());
    expect(wrong.status).toBe(455);
    expect((wrong.body.data as unknown as { fieldErrors: Record<string, string> }).fieldErrors.code).toBe(enUS.twoFactor.errors.codeWrong);
    expect(await loginHits(user.email)).toBe(before + 1);
  });

  it('answers the token pair for a right code, then refuses the same code (replay within its window)', async () => {
    const { body } = await login(user.email);
    const code = codeAt(30);
    const ok = await secondStep(body.data.challenge, code);
    expect(ok.status).toBe(200);
    expect(ok.body.data.accessToken).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(ok.body.data.refreshToken).toMatch(/^\S{32,}$/);
    expect(ok.body.data.user.email).toBe(user.email);
    expect(await loginHits(user.email)).toBe(0);

    const again = await login(user.email);
    expect((await secondStep(again.body.data.challenge, code)).status).toBe(455);
    // An older code than the last used one is refused too.
    expect((await secondStep(again.body.data.challenge, codeAt(0))).status).toBe(455);
  });

  it('accepts a recovery code once', async () => {
    const { body } = await login(user.email);
    const used = recoveryCodes[0];
    const ok = await secondStep(body.data.challenge, used.toUpperCase());
    expect(ok.status).toBe(200);
    expect(ok.body.data.accessToken).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
    const next = await login(user.email);
    expect((await secondStep(next.body.data.challenge, used)).status).toBe(455);
    const status = await callApi<{ recoveryCodesLeft: number }>(statusRoute, { path: '/user/twoFactor', token: user.token });
    expect(status.body.data.recoveryCodesLeft).toBe(9);
  });

  it('refuses a forged, expired or foreign challenge', async () => {
    const { body } = await login(user.email);
    const forged = `${body.data.challenge.slice(0, -3)}abc`;
    expect((await secondStep(forged, recoveryCodes[1])).status).toBe(401);
    expect(verifyChallenge(body.data.challenge, new Date(Date.now() + 5 * 60 * 1000 + 1000))).toBeNull();
    // A challenge of a user without the second step signs nobody in.
    const other = await signChallenge({ userId: plain.userId, sessionEpoch: 0 }, new Date());
    expect((await secondStep(other.challenge, recoveryCodes[1])).status).toBe(455);
    // The code was not spent by those refusals.
    const ok = await secondStep(body.data.challenge, recoveryCodes[1]);
    expect(ok.status).toBe(200);
  });

  it('new recovery codes need the password and a code; the old ones stop working', async () => {
    const noCode = await callApi(recoveryRoute, { method: 'POST', path: '/user/twoFactor/recoveryCodes', token: user.token, body: { password: PASSWORD } });
    expect(noCode.status).toBe(400);
    const wrongPassword = await callApi(recoveryRoute, { method: 'POST', path: '/user/twoFactor/recoveryCodes', token: user.token, body: { password: 'Not-It-123', code: recoveryCodes[2] } });
    expect(wrongPassword.status).toBe(400);
    expect((wrongPassword.body.data as { fieldErrors: Record<string, string> }).fieldErrors.password).toBeTruthy();
    const fresh = await callApi<{ recoveryCodes: string[] }>(recoveryRoute, { method: 'POST', path: '/user/twoFactor/recoveryCodes', token: user.token, body: { password: PASSWORD, code: recoveryCodes[2] } });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.recoveryCodes).toHaveLength(10);
    const { body } = await login(user.email);
    expect((await secondStep(body.data.challenge, recoveryCodes[3])).status).toBe(455);
    recoveryCodes = fresh.body.data.recoveryCodes;
  });

  it('turning off needs the password and a code; then sign-in answers tokens again', async () => {
    const wrongCode = await callApi(disableRoute, { method: 'POST', path: '/user/twoFactor/disable', token: user.token, body: { password: PASSWORD, code: unusedCode() } });
    expect(wrongCode.status).toBe(400);
    expect((wrongCode.body.data as { fieldErrors: Record<string, string> }).fieldErrors.code).toBe(enUS.twoFactor.errors.codeWrong);
    const wrongPassword = await callApi(disableRoute, { method: 'POST', path: '/user/twoFactor/disable', token: user.token, body: { password: 'Not-It-123', code: recoveryCodes[0] } });
    expect(wrongPassword.status).toBe(400);
    const ok = await callApi(disableRoute, { method: 'POST', path: '/user/twoFactor/disable', token: user.token, body: { password: PASSWORD, code: recoveryCodes[0] } });
    expect(ok.status).toBe(200);
    expect(await t.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.userId))).toHaveLength(0);
    const signIn = await login(user.email);
    expect(signIn.status).toBe(200);
    expect(signIn.body.data.accessToken).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('leaves users without two-step verification exactly as before', async () => {
    const answer = await login(plain.email);
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(200);
    expect(Object.keys(answer.body.data).sort()).toEqual(['accessToken', 'expiresAt', 'refreshToken', 'user']);
    const disable = await callApi(disableRoute, { method: 'POST', path: '/user/twoFactor/disable', token: plain.token, body: { password: PASSWORD, code: '123456' } });
    expect(disable.status).toBe(409);
  });

  it('slows the second step down after 5 wrong codes (429), even with the right code', async () => {
    const victim = await createMerchant(t.db, { email: 'slow@flat.example', passwordHash: await hashPassword(PASSWORD) });
    const setup = await callApi<{ secret: string }>(setupRoute, { method: 'POST', path: '/user/twoFactor/setup', token: victim.token, body: { password: PASSWORD } });
    const app = new TOTP({ secret: Secret.fromBase32(setup.body.data.secret) });
    expect((await callApi(enableRoute, { method: 'POST', path: '/user/twoFactor/enable', token: victim.token, body: { code: app.generate() } })).status).toBe(200);
    const { body } = await login(victim.email);
    for (let i = 0; i < 5; i++) expect((await secondStep(body.data.challenge, '000000' === app.generate() ? '111111' : '000000')).status).toBe(455);
    const limited = await secondStep(body.data.challenge, app.generate({ timestamp: Date.now() + 30_000 }));
    expect(limited.status).toBe(429);
    // And the password cannot reset the count: signing in again gives a new challenge, whose second
    // step is still held back (wrong codes are counted per account: only someone who has the
    // password can spend them, so no stranger can lock the owner out this way).
    const again = await login(victim.email);
    expect(again.status).toBe(456);
    expect((await secondStep(again.body.data.challenge, app.generate())).status).toBe(429);
  });
});

/** A 6-digit code that is not valid for any step near now. */
function unusedCode(): string {
  const near = new Set([-60, -30, 0, 30, 60].map((s) => codeAtSafe(s)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!near.has(candidate)) return candidate;
  }
}

function codeAtSafe(offsetSeconds: number): string {
  return totp ? codeAt(offsetSeconds) : '';
}
