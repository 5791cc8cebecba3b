import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/seed/demo-account';

/**
 * Sessions in a real browser, on a server of its own started with REFRESH_REUSE_GRACE_SECONDS=0
 * (a spent refresh token presented again ends the session at once) and 90-second access tokens
 * (the proxy refreshes after 30 s): signing in and opening five screens must never present a
 * spent token (issue 18). Then forgot password by the dev mailbox's link, change password and
 * sign out everywhere, with screenshots of the new screens.
 */
const port = Number(process.env.E2E_PORT ?? 3200) + 1;
const base = `http://127.0.0.1:${port}`;
const shots = process.env.SHOTS_DIR ?? '/tmp/hf/shots';
let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  // Its own embedded database, even where the suite's server runs on PostgreSQL (CI): resetting
  // the demo user's password and signing it out everywhere must not end the suite's saved session.
  const { DATABASE_URL: _shared, ...env } = process.env;
  server = spawn('bash', ['scripts/e2e-server.sh', String(port)], {
    env: { ...env, REFRESH_REUSE_GRACE_SECONDS: '0', ACCESS_TOKEN_TTL_SECONDS: '90' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`${base}/login`).then((r) => r.ok, () => false);
    if (up) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the sessions server did not start');
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
});

async function signIn(page: Page, password = DEMO_PASSWORD) {
  await page.goto(`${base}/login`);
  await page.locator('input[type="email"]').fill(DEMO_EMAIL);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 20_000 });
}

/** Fails the test the moment any page of the context lands on the sign-in page. */
function watchSignOut(page: Page): () => string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname.startsWith('/login')) seen.push(frame.url());
  });
  return () => seen;
}

test('with the grace at 0, a sign-in opens five screens and stays signed in across refreshes', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page);
  const landedOnLogin = watchSignOut(page);
  const screens = ['/contacts', '/campaigns', '/reviews', '/inbox', '/chat/settings'];
  for (const [i, screen] of screens.entries()) {
    await page.goto(`${base}${screen}`);
    await expect(page).toHaveURL(new RegExp(screen.replace('/', '\\/')));
    await page.waitForLoadState('networkidle');
    // Halfway, let the access token come within the proxy's refresh margin.
    if (i === 2) await page.waitForTimeout(35_000);
  }
  // A client-side navigation after the refreshes, then a reload: still signed in.
  await page.goto(`${base}/dashboard`);
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard/);
  expect(landedOnLogin()).toEqual([]);
});

/**
 * The refresh token inside this browser's Auth.js session cookie. Only the server can open the
 * cookie (A256CBC-HS512 under Auth.js's key of our session key, itself HKDF of AUTH_SECRET:
 * lib/crypto/secret.ts; scripts/e2e-server.sh sets AUTH_SECRET); the test does the same with
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

test('a browser whose refresh token family was revoked lands on /login with the login-expired message', async ({ page, context, browser }) => {
  // On this spec's own server: the suite's shared one (CI's PostgreSQL) runs with a day of reuse
  // grace for every spec's saved demo session, and their refreshes would bring the family back.
  // Two sign-ins and some eight full page loads: over 60 s on a busy 2-core machine.
  test.setTimeout(120_000);
  // A fresh browser signs in through the form (its own refresh token family).
  await page.goto(`${base}/login`);
  await page.locator('input[name="email"]').fill(DEMO_EMAIL);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 20_000 });

  // The family is revoked through the API (as signing out on another client holding it does).
  // No need to wait for the access token to expire: every request checks the refresh token.
  // Background requests of the open page (link prefetches, the session keeper) may meet the dead
  // cookie first; the navigation below must show the message all the same.
  const out = await page.request.post(`${base}/api/user/logout`, { headers: { authorization: `Bearer ${await sessionRefreshToken(context)}` } });
  expect(out.status()).toBe(200);
  // The proxy's answer to the dead cookie deletes it. (A cookie the jwt step wrote through
  // cookies() inside the proxy once made Next replace all of the proxy's Set-Cookie lines, this
  // deletion included: the browser kept the dead cookie.)
  const dead = (await context.cookies()).find((c) => c.name === 'authjs.session-token');
  const probe = await fetch(`${base}/reviews`, { redirect: 'manual', headers: { cookie: `authjs.session-token=${dead?.value}` } });
  expect(probe.status).toBe(307);
  expect(probe.headers.getSetCookie().filter((line) => /^authjs\.session-token=;/.test(line) && /max-age=0/i.test(line)).length).toBeGreaterThan(0);
  // A background fetch of the page's own API, with the cookie, meets the dead session first:
  // Auth.js clears the cookie there, and the session-ended mark must be left with it.
  const background = await page.request.get(`${base}/api/member/fields`);
  expect(background.status()).toBe(401);
  expect((await context.cookies()).find((c) => c.name === 'starloop-session-ended')?.value).toBe('1');

  // Such a background request can also move the page itself and abort this navigation: the
  // "session ended" mark then tells the next one, so it is tried again.
  await expect(async () => {
    await page.goto(`${base}/reviews`);
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Freviews&expired=1$/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText('登录已过期，请重新登录')).toBeVisible();
  // The dead session cookie is gone (a short-lived "session ended" mark stays, no identity in it).
  // A request of the old page still in flight during the sign-out can write the dead cookie back
  // as it ends; the next request meets it dead and clears it again (the proxy's deletion reaches the
  // browser: lib/auth/session-ended-mark.ts says why it once did not).
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
  const fresh = await browser.newContext({ locale: 'zh-CN' });
  const other = await fresh.newPage();
  await other.goto(`${base}/dashboard`);
  await expect(other).toHaveURL(/\/login\?callbackUrl=%2Fdashboard$/);
  await expect(other.getByText('登录已过期，请重新登录')).toHaveCount(0);
  await other.goto(`${base}/portal`);
  await expect(other).toHaveURL(/\/portal$/);
  await fresh.close();
});

test('forgot password by the mailed link, then the new password signs in', async ({ page, browser }) => {
  test.setTimeout(120_000);
  fs.mkdirSync(shots, { recursive: true });
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage);

  await page.goto(`${base}/login`);
  await page.getByTestId('forgot-link').click();
  await expect(page).toHaveURL(/\/login\/forgot/);
  await page.locator('input[type="email"]').fill(DEMO_EMAIL);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByTestId('forgot-sent')).toBeVisible();

  let link = '';
  await expect(async () => {
    await page.goto(`${base}/dev/mailbox?channel=email&to=${encodeURIComponent(DEMO_EMAIL)}`);
    const text = (await page.getByTestId('mailbox-message').first().getByTestId('mailbox-body').textContent()) ?? '';
    link = /https?:\/\/\S+\/login\/reset\?token=[\w%-]+/.exec(text)?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 15_000 });
  await page.goto(link.replace(/^https?:\/\/[^/]+/, base));
  await page.locator('input[autocomplete="new-password"]').first().fill('Reset-Brew-2026');
  await page.locator('input[autocomplete="new-password"]').nth(1).fill('Reset-Brew-2026');
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByTestId('reset-done')).toBeVisible();

  // The other browser's session ended with the reset.
  await otherPage.goto(`${base}/contacts`);
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();
  await signIn(page, 'Reset-Brew-2026');
});

test('change password keeps this browser and ends the other; sign out everywhere ends both', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, 'Reset-Brew-2026');
  await signIn(page, 'Reset-Brew-2026');
  await page.goto(`${base}/chat/settings`);
  const card = page.getByTestId('password-card');
  await card.locator('input[autocomplete="current-password"]').fill('wrong-one');
  await card.locator('input[autocomplete="new-password"]').first().fill(DEMO_PASSWORD);
  await card.locator('input[autocomplete="new-password"]').nth(1).fill(DEMO_PASSWORD);
  await card.locator('button[type="submit"]').click();
  await expect(card.getByRole('alert').first()).toBeVisible();
  await card.locator('input[autocomplete="current-password"]').fill('Reset-Brew-2026');
  await card.locator('button[type="submit"]').click();
  await expect(card.getByRole('status')).toBeVisible();

  await page.goto(`${base}/contacts`);
  await expect(page).toHaveURL(/\/contacts/);
  await otherPage.goto(`${base}/contacts`);
  await expect(otherPage).toHaveURL(/\/login/);

  await signIn(otherPage);
  await page.goto(`${base}/chat/settings`);
  await page.getByTestId('sessions-card').getByRole('button').click();
  await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button').last().click();
  await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
  await otherPage.goto(`${base}/campaigns`);
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();
});

test('screenshots of the new screens: desktop and 375 px, light and dark', async ({ browser }) => {
  test.setTimeout(120_000);
  fs.mkdirSync(shots, { recursive: true });
  for (const dark of [false, true]) {
    for (const width of [1280, 375]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: dark ? 'dark' : 'light', locale: width === 375 ? 'en-US' : 'zh-CN' });
      await context.addCookies([{ name: 'theme', value: dark ? 'dark' : 'light', url: base }]);
      const page = await context.newPage();
      const name = `${width}-${dark ? 'dark' : 'light'}`;
      await page.goto(`${base}/login/forgot`);
      await page.screenshot({ path: `${shots}/forgot-${name}.png`, fullPage: true });
      await page.goto(`${base}/login/reset?token=not-a-real-token`);
      // An unknown link says so when the page opens; the form stays shut.
      await expect(page.locator('form').getByRole('alert')).toBeVisible();
      await expect(page.locator('form button[type="submit"]')).toBeDisabled();
      await page.screenshot({ path: `${shots}/reset-${name}.png`, fullPage: true });
      await signIn(page);
      await page.goto(`${base}/chat/settings`);
      await page.getByTestId('password-card').scrollIntoViewIfNeeded();
      await page.getByTestId('password-card').locator('button[type="submit"]').click();
      await page.getByTestId('password-card').screenshot({ path: `${shots}/password-card-${name}.png` });
      await page.getByTestId('sessions-card').screenshot({ path: `${shots}/sessions-card-${name}.png` });
      await context.close();
    }
  }
});
