import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/tests/fixtures/test-db';
import { callApi } from '@/tests/fixtures/api';
import { outbox } from '@/db/schema/outbox';
import { authCodes } from '@/db/schema/auth-codes';
import { merchants } from '@/db/schema/merchants';
import { users } from '@/db/schema/users';
import { sendRegistrationCode, validateRegistrationCode } from '@/lib/merchant/registration';
import { sha256 } from '@/lib/auth/tokens';
import type { PublicContext } from '@/lib/context';
import { POST as sendEmailCode } from '@/app/api/user/sendEmailCode/route';
import { POST as validateEmailCode } from '@/app/api/user/validateEmailCode/route';
import { POST as emailValidate } from '@/app/api/user/emailValidate/route';
import { POST as register } from '@/app/api/user/register/route';
import { POST as merchantRegister } from '@/app/api/merchant/register/route';
import { GET as info } from '@/app/api/user/info/route';
import { POST as loginRoute } from '@/app/api/user/login/route';

const t = setupTestDatabase();

async function lastCodeFor(email: string): Promise<string> {
  const [row] = await t.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id)).limit(1);
  const match = /(\d{6})/.exec(row?.subject ?? '');
  if (!match) throw new Error(`no code mailed to ${email}`);
  return match[1];
}

const details = { userName: '陈小雨', merchantName: '小雨面包坊 Rainy Bakery', address: '杭州市西湖区文三路 90 号', password: 'Croissant-2026!', confirmPassword: 'Croissant-2026!' };

function ctxAt(now: Date, ip?: string): PublicContext {
  return { db: t.db, locale: 'en-US', now: () => now, ip };
}

describe(`registration (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('registers a merchant: code by e-mail, verify, details, then signed in', async () => {
    const email = 'Rainy@Bakery.example';
    const free = await callApi(emailValidate, { method: 'POST', path: '/user/emailValidate', body: { email } });
    expect(free.status).toBe(200);
    expect(free.body.data).toEqual({ available: true });

    const sent = await callApi<{ expiresIn: number; resendAfter: number }>(sendEmailCode, { method: 'POST', path: '/user/sendEmailCode', body: { email } });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ expiresIn: 600, resendAfter: 60 });
    // Stored hashed, never in clear.
    const code = await lastCodeFor('rainy@bakery.example');
    const [stored] = await t.db.select().from(authCodes).where(eq(authCodes.target, 'rainy@bakery.example'));
    expect(stored.codeHash).not.toContain(code);
    expect(stored.codeHash).toBe(sha256(`register:rainy@bakery.example:${code}`));

    const wrong = await callApi(validateEmailCode, { method: 'POST', path: '/user/validateEmailCode', body: { email, code: code === '000000' ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toMatch(/Wrong code; 4 tries left/);
    expect(wrong.body.data).toMatchObject({ attemptsLeft: 4, fieldErrors: { code: expect.any(String) } });

    const short = await callApi(validateEmailCode, { method: 'POST', path: '/user/validateEmailCode', body: { email, code: '123' } });
    expect(short.status).toBe(400);
    expect(short.body.data).toMatchObject({ fieldErrors: { code: 'Enter all 6 digits of the code' } });

    const ok = await callApi<{ verificationToken: string }>(validateEmailCode, { method: 'POST', path: '/user/validateEmailCode', body: { email, code } });
    expect(ok.status).toBe(200);
    const verificationToken = ok.body.data.verificationToken;
    expect(verificationToken.split('.')).toHaveLength(3);

    // The code is spent: presenting it again finds nothing to check.
    const again = await callApi(validateEmailCode, { method: 'POST', path: '/user/validateEmailCode', body: { email, code } });
    expect(again.status).toBe(400);

    const mismatch = await callApi(register, { method: 'POST', path: '/user/register', body: { ...details, verificationToken, confirmPassword: 'something-else' } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.data).toMatchObject({ fieldErrors: { confirmPassword: 'The passwords do not match' } });

    const weak = await callApi(register, { method: 'POST', path: '/user/register', body: { ...details, verificationToken, password: 'password123', confirmPassword: 'password123', serviceEmail: 'not-an-email', phone: '12345' } });
    expect(weak.status).toBe(400);
    expect(weak.body.data).toMatchObject({ fieldErrors: { password: expect.stringMatching(/too common/), serviceEmail: 'Enter a valid email address', phone: 'Enter a phone number of 7-20 digits (+, spaces, dashes and brackets are fine)' } });

    const blank = await callApi(register, { method: 'POST', path: '/user/register', body: { verificationToken, password: 'short', confirmPassword: 'short' } });
    expect(blank.status).toBe(400);
    expect(blank.body.data).toMatchObject({ fieldErrors: { userName: 'This field is required', merchantName: 'This field is required', address: 'This field is required', password: 'Use at least 8 characters' } });

    const created = await callApi<{ accessToken: string; refreshToken: string; user: { email: string; merchantId: number; userName: string } }>(register, {
      method: 'POST',
      path: '/user/register',
      body: { ...details, verificationToken, serviceEmail: 'Hello@Rainy.example', phone: '138 0013 8000' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data.user).toMatchObject({ email: 'rainy@bakery.example', userName: '陈小雨' });
    const [merchant] = await t.db.select().from(merchants).where(eq(merchants.id, created.body.data.user.merchantId));
    expect(merchant).toMatchObject({ name: details.merchantName, address: details.address, serviceEmail: 'hello@rainy.example', phone: '+8613800138000', phoneVerified: false, subscriptionStatus: 'NONE', emailVerificationStatus: 'NotStarted' });

    // Signed in: the access token reads the user state.
    const me = await callApi<{ email: string; menus: string[]; permissions: string[] }>(info, { path: '/user/info', token: created.body.data.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: 'rainy@bakery.example', permissions: ['post:admin:manage'], menus: expect.arrayContaining(['dashboard', 'posts']) });

    // The password works for a later sign-in.
    const signIn = await callApi(loginRoute, { method: 'POST', path: '/user/login', body: { email, password: details.password } });
    expect(signIn.status).toBe(200);

    // merchant/register corrects details while the verification token lives.
    const amended = await callApi<{ name: string; address: string }>(merchantRegister, { method: 'POST', path: '/merchant/register', body: { verificationToken, merchantName: 'Rainy Bakery 小雨', address: '文三路 92 号' } });
    expect(amended.status).toBe(200);
    expect(amended.body.data).toMatchObject({ name: 'Rainy Bakery 小雨', address: '文三路 92 号' });
  });

  it('answers 488 "email has been registered" for a registered e-mail at every step', async () => {
    const email = 'rainy@bakery.example';
    for (const [handler, path] of [
      [emailValidate, '/user/emailValidate'],
      [sendEmailCode, '/user/sendEmailCode'],
    ] as const) {
      const answer = await callApi(handler, { method: 'POST', path, body: { email: 'RAINY@bakery.example' } });
      expect(answer.status).toBe(488);
      expect(answer.body.code).toBe(488);
      expect(answer.body.msg).toBe('This email has been registered');
    }
    // Even with a valid verification token (two tabs), registration refuses the second account.
    const { verificationToken } = await (async () => {
      const { signVerificationToken } = await import('@/lib/auth/tokens');
      return { verificationToken: (await signVerificationToken(email, new Date())).token };
    })();
    const second = await callApi(register, { method: 'POST', path: '/user/register', body: { ...details, verificationToken } });
    expect(second.status).toBe(488);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('sends the user back to verify when the verification token is missing, forged or expired', async () => {
    const missing = await callApi(register, { method: 'POST', path: '/user/register', body: details });
    expect(missing.status).toBe(400);
    expect(missing.body.data).toMatchObject({ verifyAgain: true });
    expect(missing.body.msg).toMatch(/verify your e-mail again/);

    const forged = await callApi(register, { method: 'POST', path: '/user/register', body: { ...details, verificationToken: 'a.b.c' } });
    expect(forged.body.data).toMatchObject({ verifyAgain: true });

    const { signVerificationToken } = await import('@/lib/auth/tokens');
    const old = await signVerificationToken('late@bakery.example', new Date(Date.now() - 31 * 60 * 1000));
    const expired = await callApi(register, { method: 'POST', path: '/user/register', body: { ...details, verificationToken: old.token } });
    expect(expired.status).toBe(400);
    expect(expired.body.data).toMatchObject({ verifyAgain: true });

    const merchantMissing = await callApi(merchantRegister, { method: 'POST', path: '/merchant/register', body: { merchantName: 'x', address: 'y' } });
    expect(merchantMissing.body.data).toMatchObject({ verifyAgain: true });
  });

  it("refuses the details step to a staff member who got a token before joining by invitation (found from outside)", async () => {
    const { signVerificationToken } = await import('@/lib/auth/tokens');
    const { createMerchant } = await import('@/tests/fixtures/factories');
    const { createStaff } = await import('./team-helpers');
    const m = await createMerchant(t.db, { name: '老街茶餐厅' });
    const staff = await createStaff(t.db, m.merchantId);
    const { token } = await signVerificationToken(staff.email, new Date());
    const answer = await callApi(merchantRegister, { method: 'POST', path: '/merchant/register', body: { verificationToken: token, merchantName: 'Renamed by staff', address: 'x', serviceEmail: 'attacker@evil.example' } });
    expect(answer.status).toBe(403);
    const [row] = await t.db.select({ name: merchants.name, serviceEmail: merchants.serviceEmail }).from(merchants).where(eq(merchants.id, m.merchantId));
    expect(row).toEqual({ name: '老街茶餐厅', serviceEmail: null });
    // Nor an owner registered long before the token (an owner demoted since is staff: refused above).
    const ownerToken = await signVerificationToken(m.email, new Date());
    await t.db.update(users).set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) }).where(eq(users.id, m.userId));
    const late = await callApi(merchantRegister, { method: 'POST', path: '/merchant/register', body: { verificationToken: ownerToken.token, merchantName: 'Renamed', address: 'x' } });
    expect(late.status).toBe(403);
  });

  it('expires a code after 10 minutes (injected now)', async () => {
    const email = 'slow@bakery.example';
    const sentAt = new Date('2026-11-01T08:00:00Z');
    await sendRegistrationCode(ctxAt(sentAt), email);
    const code = await lastCodeFor(email);
    await expect(validateRegistrationCode(ctxAt(new Date(sentAt.getTime() + 10 * 60 * 1000 + 1)), { email, code })).rejects.toMatchObject({ messageKey: 'accounts.errors.codeExpired' });
    // Just inside the ten minutes it would still have worked: a fresh code proves the boundary.
    const later = new Date(sentAt.getTime() + 20 * 60 * 1000);
    await sendRegistrationCode(ctxAt(later), email);
    const fresh = await lastCodeFor(email);
    await expect(validateRegistrationCode(ctxAt(new Date(later.getTime() + 9 * 60 * 1000)), { email, code: fresh })).resolves.toMatchObject({ email });
  });

  it('burns a code after 5 wrong tries, even if the right one comes next', async () => {
    const email = 'guess@bakery.example';
    const now = new Date('2026-11-02T08:00:00Z');
    await sendRegistrationCode(ctxAt(now), email);
    const code = await lastCodeFor(email);
    const wrongCode = code === '999999' ? '888888' : '999999';
    const lefts: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const error = await validateRegistrationCode(ctxAt(now), { email, code: wrongCode }).catch((e) => e);
      lefts.push(error.options.details.attemptsLeft);
    }
    expect(lefts).toEqual([4, 3, 2, 1, 0]);
    await expect(validateRegistrationCode(ctxAt(now), { email, code })).rejects.toMatchObject({ messageKey: 'accounts.errors.codeTooManyAttempts' });
  });

  it('re-sends at most once a minute, and a re-sent code replaces the old one', async () => {
    const email = 'again@bakery.example';
    const first = await callApi(sendEmailCode, { method: 'POST', path: '/user/sendEmailCode', body: { email } });
    expect(first.status).toBe(200);
    const oldCode = await lastCodeFor(email);
    const second = await callApi<{ retryAfter: number }>(sendEmailCode, { method: 'POST', path: '/user/sendEmailCode', body: { email } });
    expect(second.status).toBe(429);
    expect(second.body.data.retryAfter).toBeGreaterThan(55);
    expect(Number(second.headers.get('retry-after'))).toBe(second.body.data.retryAfter);
    expect(second.body.msg).toMatch(/wait \d+ seconds/);

    // A minute later the resend goes out, and only the newest code counts.
    const later = new Date(Date.now() + 61 * 1000);
    await sendRegistrationCode(ctxAt(later), email);
    const newCode = await lastCodeFor(email);
    if (newCode !== oldCode) {
      await expect(validateRegistrationCode(ctxAt(later), { email, code: oldCode })).rejects.toMatchObject({ messageKey: 'accounts.errors.codeWrong' });
    }
    await expect(validateRegistrationCode(ctxAt(later), { email, code: newCode })).resolves.toMatchObject({ email });
  });

  it('limits code e-mails per address to 20 an hour', async () => {
    const now = new Date('2026-11-03T08:00:00Z');
    for (let i = 0; i < 20; i++) await sendRegistrationCode(ctxAt(now, '203.0.113.9'), `burst${i}@bakery.example`);
    await expect(sendRegistrationCode(ctxAt(now, '203.0.113.9'), 'burst20@bakery.example')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await expect(sendRegistrationCode(ctxAt(now, '198.51.100.7'), 'burst20@bakery.example')).resolves.toBeTruthy();
  });
});
