import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
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
      await page.locator('form button[type="submit"]').click();
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
