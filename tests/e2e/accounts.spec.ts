import crypto from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/seed/demo-account';

/**
 * A new merchant's whole account life in a real browser: registration through the dev mailbox
 * (the e2e server runs with DEV_MAILBOX=1 and no SMTP_URL), sign-out, sign-in, phone verification
 * by an SMS code from the dev mailbox, language and theme in settings, and account deletion.
 */
const stamp = Date.now().toString(36);
const email = `e2e-${stamp}@bakery.example`;
const password = 'Matcha-Latte-2026';
// A number of this run's own (a valid Chinese mobile): a retry must never read the code an
// earlier attempt sent to the same number.
const phone = `138${String(Date.now() % 100_000_000).padStart(8, '0')}`;

async function codeFromMailbox(page: Page, query: string): Promise<string> {
  const mailbox = await page.context().newPage();
  let code = '';
  await expect(async () => {
    await mailbox.goto(`/dev/mailbox?${query}`);
    // The body only: the recipient (a phone) and the time also contain digits.
    // A short wait, so that a page loaded before the message was stored is loaded again.
    const text = (await mailbox.getByTestId('mailbox-message').first().getByTestId('mailbox-body').textContent({ timeout: 2_000 })) ?? '';
    code = /(?<!\d)(\d{6})(?!\d)/.exec(text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 15_000 });
  await mailbox.close();
  return code;
}

test('register, sign out and in, verify the phone, switch language and theme, delete the account', async ({ page }) => {
  // Some 60 steps; on a busy 2-core machine they took just over 120 s.
  test.setTimeout(180_000);

  // 1. Registration: e-mail, code from the dev mailbox, details.
  await page.goto('/portal');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('input[name="code"]')).toBeVisible();
  // A wrong code is refused beside the field.
  await page.locator('input[name="code"]').fill('000000');
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  const code = await codeFromMailbox(page, `channel=email&to=${encodeURIComponent(email)}`);
  await page.locator('input[name="code"]').fill(code);
  await page.locator('form button[type="submit"]').click();

  await expect(page.locator('input[name="userName"]')).toBeVisible();
  // Required fields and the password rules are shown beside each field.
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('[role="alert"]')).not.toHaveCount(0);
  await page.locator('input[name="userName"]').fill('周小满');
  await page.locator('input[name="merchantName"]').fill('小满烘焙 Xiaoman Bakery');
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="confirmPassword"]').fill(password);
  await page.locator('input[name="address"]').fill('成都市锦江区春熙路 8 号');
  await page.locator('input[name="phone"]').fill('+86 28 8666 1234');
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 20_000 });

  // 2. Sign out from settings, then sign in with the new password.
  await page.goto('/chat/settings');
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fprofile/);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/profile/, { timeout: 20_000 });

  // 3. Verify the phone with the SMS code from the dev mailbox.
  await expect(page.getByTestId('phone-status')).toHaveText('未验证');
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  const smsCode = await codeFromMailbox(page, `channel=sms&to=${encodeURIComponent(`+86${phone}`)}`);
  await page.locator('input[name="code"]').fill(smsCode);
  await page.getByRole('button', { name: '验证手机号' }).click();
  await expect(page.getByTestId('phone-status')).toHaveText('已验证');
  await page.reload();
  await expect(page.getByTestId('phone-status')).toHaveText('已验证');

  // 4. Language and theme in settings.
  await page.goto('/chat/settings');
  await page.getByTestId('language-en-US').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByTestId('theme-dark')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('theme-light').click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);

  // 5. Delete the account: a wrong password is refused, the right one deletes and signs out.
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name="password"]').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(dialog.getByText('The password is not correct')).toBeVisible();
  await dialog.locator('input[name="password"]').fill(password);
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/dashboard/);
  await expect(page.getByRole('alert').first()).toBeVisible();
});

test('the More page shows the plan and trial end, and starts a trial', async ({ page, request }) => {
  // A fresh account through the public API (the registration UI is covered above).
  const mail = `more-${stamp}@bakery.example`;
  expect((await request.post('/api/user/sendEmailCode', { data: { email: mail } })).status()).toBe(200);
  const code = await codeFromMailbox(page, `channel=email&to=${encodeURIComponent(mail)}`);
  const verified = await (await request.post('/api/user/validateEmailCode', { data: { email: mail, code } })).json();
  const registered = await request.post('/api/user/register', {
    data: { verificationToken: verified.data.verificationToken, userName: 'Leo', merchantName: 'Leo Dim Sum 李记点心', address: '1 Nathan Road', password, confirmPassword: password },
  });
  expect(registered.status()).toBe(200);

  await page.goto('/login');
  await page.locator('input[name="email"]').fill(mail);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 20_000 });
  await page.goto('/more');
  await expect(page.getByTestId('plan-badge')).toHaveAttribute('data-plan', 'none');
  await page.getByTestId('start-trial').click();
  await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: /开始免费试用|Start free trial/ }).click();
  await expect(page.getByTestId('plan-badge')).toHaveAttribute('data-plan', 'trial');
  await expect(page.getByTestId('current-status')).toHaveText('TRIAL_ACTIVE');
  await expect(page.getByTestId('trial-end')).toContainText(/\d{4}-\d{2}-\d{2}/);
  await expect(page.getByTestId('upgrade')).toHaveAttribute('href', /^mailto:/);
});

/**
 * The refresh token inside this browser's Auth.js session cookie. Only the server can open the
 * cookie (A256CBC-HS512 under Auth.js's key of our session key, itself HKDF of AUTH_SECRET:
 * lib/auth/secret.ts; scripts/e2e-server.sh sets AUTH_SECRET); the test does the same with
 * node:crypto (@auth/core is ESM only), to hand the token to the sign-out API like another client
 * holding it would.
 */
// scripts/e2e-server.sh's AUTH_SECRET when none is given.
const E2E_AUTH_SECRET = 'e2e-auth-secret-0123456789abcdef0123456789abcdef';

async function sessionRefreshToken(context: BrowserContext): Promise<string> {
  const parts = (await context.cookies())
    .filter((c) => /^(?:__Secure-)?authjs\.session-token(?:\.\d+)?$/.test(c.name))
    .sort((a, b) => Number(a.name.split('.').pop()) - Number(b.name.split('.').pop()));
  expect(parts.length).toBeGreaterThan(0);
  const salt = parts[0].name.replace(/\.\d+$/, '');
  const [, , iv, ciphertext] = parts.map((c) => c.value).join('').split('.');
  const root = process.env.AUTH_SECRET && process.env.AUTH_SECRET.length >= 32 ? process.env.AUTH_SECRET : E2E_AUTH_SECRET;
  const secret = Buffer.from(crypto.hkdfSync('sha256', root, 'starloop-keys-v1', 'starloop:session', 32)).toString('base64url');
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, salt, `Auth.js Generated Encryption Key (${salt})`, 64));
  const decipher = crypto.createDecipheriv('aes-256-cbc', key.subarray(32), Buffer.from(iv, 'base64url'));
  const payload = JSON.parse(Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8')) as { refreshToken?: string };
  expect(payload.refreshToken).toMatch(/^\S{20,}$/);
  return String(payload.refreshToken);
}

test('a browser whose refresh token family was revoked lands on /login with the login-expired message', async ({ page, context, browser, baseURL }) => {
  // On CI's shared PostgreSQL the e2e server runs with REFRESH_REUSE_GRACE_SECONDS=86400 for every
  // spec's saved demo session, and other specs' refreshes of the same family bring it back: the
  // revocation does not hold there. It runs on the embedded database of `npm run test:e2e`.
  test.skip(!!process.env.DATABASE_URL, 'needs a database of its own (the shared one replays the demo family by design)');
  // Two sign-ins and some eight full page loads: over 60 s on a busy 2-core machine.
  test.setTimeout(120_000);
  // A fresh browser signs in through the form (its own refresh token family).
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(DEMO_EMAIL);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 20_000 });

  // The family is revoked through the API (as signing out on another client holding it does).
  // No need to wait for the access token to expire: every request checks the refresh token.
  // Background requests of the open page (link prefetches, the session keeper) may meet the dead
  // cookie first; the navigation below must show the message all the same.
  const out = await page.request.post('/api/user/logout', { headers: { authorization: `Bearer ${await sessionRefreshToken(context)}` } });
  expect(out.status()).toBe(200);
  // A background fetch of the page's own API, with the cookie, meets the dead session first:
  // Auth.js clears the cookie there, and the session-ended mark must be left with it.
  const background = await page.request.get('/api/member/fields');
  expect(background.status()).toBe(401);
  expect((await context.cookies()).find((c) => c.name === 'starloop-session-ended')?.value).toBe('1');

  // Such a background request can also move the page itself and abort this navigation: the
  // "session ended" mark then tells the next one, so it is tried again.
  await expect(async () => {
    await page.goto('/reviews');
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Freviews&expired=1$/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText('登录已过期，请重新登录')).toBeVisible();
  // The dead session cookie is gone (a short-lived "session ended" mark stays, no identity in it).
  // A request of the old page still in flight during the sign-out can write the dead cookie back
  // as it ends; the next request meets it dead and clears it again.
  await expect(async () => {
    if ((await context.cookies()).some((c) => c.name.includes('session-token'))) await page.reload();
    expect((await context.cookies()).filter((c) => c.name.includes('session-token'))).toEqual([]);
  }).toPass({ timeout: 15_000 });
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'starloop-session-ended')?.value).toBe('1');
  // Signing in again works and clears the mark.
  await page.locator('input[name="email"]').fill(DEMO_EMAIL);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/reviews/, { timeout: 20_000 });
  await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'starloop-session-ended')).toBe(false);

  // A browser that never signed in gets the plain sign-in page; /portal never shows the message.
  const fresh = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const other = await fresh.newPage();
  await other.goto('/dashboard');
  await expect(other).toHaveURL(/\/login\?callbackUrl=%2Fdashboard$/);
  await expect(other.getByText('登录已过期，请重新登录')).toHaveCount(0);
  await other.goto('/portal');
  await expect(other).toHaveURL(/\/portal$/);
  await fresh.close();
});
