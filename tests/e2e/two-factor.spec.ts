import fs from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { audit, settle } from './a11y';

/**
 * Issue 18, two-step verification in a real browser, for a NEW account (never the demo user,
 * whom the other specs sign in as): turn it on in settings (the key typed into an "app": otpauth
 * here), keep the recovery codes, sign out, sign in with the password then a code. axe and
 * screenshots of the card and of the second-step screen at desktop and 375 px, light and dark.
 */
const stamp = Date.now().toString(36);
const email = `e2e-2fa-${stamp}@bakery.example`;
const password = 'Hojicha-Latte-2026';
const shots = process.env.SHOTS_DIR ?? '/tmp/2fa-shots';
let secret = '';
let recovery: string[] = [];

test.describe.configure({ mode: 'serial' });

const VARIANTS = [
  { name: 'desktop-light', mobile: false, theme: 'light' },
  { name: 'desktop-dark', mobile: false, theme: 'dark' },
  { name: 'mobile-light', mobile: true, theme: 'light' },
  { name: 'mobile-dark', mobile: true, theme: 'dark' },
] as const;

async function variantContext(browser: Browser, baseURL: string, v: (typeof VARIANTS)[number], storageState?: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    storageState,
    colorScheme: v.theme,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    reducedMotion: 'reduce',
    ...(v.mobile ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } }),
  });
  await context.addCookies([{ name: 'theme', value: v.theme, url: baseURL }]);
  return context;
}

async function codeFromMailbox(page: Page, to: string): Promise<string> {
  const mailbox = await page.context().newPage();
  let code = '';
  await expect(async () => {
    await mailbox.goto(`/dev/mailbox?channel=email&to=${encodeURIComponent(to)}`);
    const text = (await mailbox.getByTestId('mailbox-message').first().getByTestId('mailbox-body').textContent()) ?? '';
    code = /(?<!\d)(\d{6})(?!\d)/.exec(text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 15_000 });
  await mailbox.close();
  return code;
}

async function passwordStep(page: Page) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByTestId('two-factor-step')).toBeVisible({ timeout: 20_000 });
}

/** A code of a step not used yet: waits for the next 30-second step when this one was spent. */
async function freshCode(totp: TOTP, spent: Set<string>): Promise<string> {
  let code = totp.generate();
  while (spent.has(code)) {
    await new Promise((r) => setTimeout(r, 1000));
    code = totp.generate();
  }
  spent.add(code);
  return code;
}

const spentCodes = new Set<string>();

test('turn on in settings, sign out, sign in with a code', async ({ page, request }) => {
  test.setTimeout(180_000);
  fs.mkdirSync(shots, { recursive: true });
  expect((await request.post('/api/user/sendEmailCode', { data: { email } })).status()).toBe(200);
  const mailCode = await codeFromMailbox(page, email);
  const verified = await (await request.post('/api/user/validateEmailCode', { data: { email, code: mailCode } })).json();
  const registered = await request.post('/api/user/register', {
    data: { verificationToken: verified.data.verificationToken, userName: 'Mei', merchantName: 'Mei Tea 美茶', address: '2 Nathan Road', password, confirmPassword: password },
  });
  expect(registered.status()).toBe(200);

  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 20_000 });

  await page.goto('/chat/settings');
  await settle(page);
  const card = page.getByTestId('two-factor-card');
  await expect(card.getByTestId('two-factor-state')).toHaveText('未开启');
  // By keyboard: focus the button and press Enter.
  await card.getByTestId('two-factor-turn-on').focus();
  await page.keyboard.press('Enter');
  // The current password first: a stolen session must not enrol its own authenticator.
  await card.getByTestId('two-factor-start-password').fill(password);
  await page.keyboard.press('Enter');
  const shown = card.getByTestId('two-factor-secret');
  await expect(shown).toBeVisible();
  const grouped = (await shown.textContent()) ?? '';
  expect(grouped).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  secret = grouped.replace(/\s/g, '');
  await card.getByText('改用 otpauth:// 链接').click();
  await expect(card.getByTestId('two-factor-uri')).toContainText(`secret=${secret}`);
  expect(await audit(page, 'two-factor setup', '[data-testid="two-factor-card"]')).toEqual([]);
  await card.screenshot({ path: `${shots}/two-factor-setup-desktop-light.png` });

  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  await card.getByTestId('two-factor-enable-code').fill('000000' === totp.generate() ? '111111' : '000000');
  await card.getByRole('button', { name: '确认并开启' }).click();
  await expect(card.getByText('验证码不正确或已使用')).toBeVisible();
  await card.getByTestId('two-factor-enable-code').fill(await freshCode(totp, spentCodes));
  await card.getByRole('button', { name: '确认并开启' }).click();
  await expect(card.getByTestId('recovery-code')).toHaveCount(10);
  recovery = (await card.getByTestId('recovery-code').allTextContents()).map((c) => c.trim());
  expect(await audit(page, 'two-factor recovery codes', '[data-testid="two-factor-card"]')).toEqual([]);
  await card.screenshot({ path: `${shots}/two-factor-codes-desktop-light.png` });
  await card.getByTestId('recovery-codes-done').click();
  await expect(card.getByTestId('two-factor-state')).toHaveText('已开启');

  // Sign out, then the password alone no longer signs in: the second screen asks for a code.
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
  await passwordStep(page);
  await expect(page).toHaveURL(/\/login/);
  await page.getByTestId('two-factor-code').fill(await freshCode(totp, spentCodes));
  await page.getByRole('button', { name: '验证并登录' }).click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 20_000 });
});

test('the card and the second step pass axe at desktop and 375 px, light and dark', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  expect(recovery).toHaveLength(10);
  const problems: string[] = [];
  for (const v of VARIANTS) {
    const context = await variantContext(browser, String(baseURL), v);
    const page = await context.newPage();
    await passwordStep(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    problems.push(...(await audit(page, `second step (${v.name})`)));
    await page.screenshot({ path: `${shots}/two-factor-step-${v.name}.png`, fullPage: true });
    // A recovery code each time (no wait for the next 30-second step); each works once.
    await page.getByTestId('two-factor-code').fill(recovery[VARIANTS.indexOf(v)]);
    await page.getByRole('button', { name: '验证并登录' }).click();
    await expect(page).toHaveURL(/\/dashboard/, { timeout: 20_000 });
    await page.goto('/chat/settings');
    await settle(page);
    const card = page.getByTestId('two-factor-card');
    await expect(card.getByTestId('two-factor-state')).toHaveText('已开启');
    await card.getByTestId('two-factor-turn-off').click();
    await expect(card.getByTestId('two-factor-confirm')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // The card only: the rest of the settings page is other specs' (team.spec.ts audits its card).
    problems.push(...(await audit(page, `two-factor card (${v.name})`, '[data-testid="two-factor-card"]')));
    await card.screenshot({ path: `${shots}/two-factor-card-${v.name}.png`, style: 'header { visibility: hidden !important; }' });
    await context.close();
  }
  expect(problems, problems.join('\n')).toEqual([]);
});
