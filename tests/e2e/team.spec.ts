import fs from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '@/lib/seed/demo-account';
import { DEMO_STAFF_EMAIL } from '@/lib/seed/accounts';
import { DEMO_INVITATION_EMAIL } from '@/lib/seed/team';
import { audit, settle } from './a11y';
import { DEMO_STATE } from './auth-state';

/**
 * Issue 18, point 1 in a real browser: the owner's Team section (members, the seeded pending
 * invitation), an invitation accepted through the dev mailbox's link, the post permission by
 * keyboard, removing the member (their browser is signed out at once), and the staff view
 * (no team, a read-only profile, the owner's location and source controls absent). axe and screenshots at desktop and 375 px, light and dark.
 */
const stamp = Date.now().toString(36);
const invitee = `e2e-team-${stamp}@example.com`;
const password = 'Oolong-Tea-2026';
const shots = process.env.TEAM_SHOTS ?? '/tmp/he/shots';

const VARIANTS = [
  { name: 'desktop-light', mobile: false, theme: 'light' },
  { name: 'desktop-dark', mobile: false, theme: 'dark' },
  { name: 'mobile-light', mobile: true, theme: 'light' },
  { name: 'mobile-dark', mobile: true, theme: 'dark' },
] as const;

async function variantContext(browser: Browser, baseURL: string, v: (typeof VARIANTS)[number], locale = 'zh-CN'): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    storageState: DEMO_STATE,
    colorScheme: v.theme,
    locale,
    timezoneId: 'Asia/Shanghai',
    reducedMotion: 'reduce',
    ...(v.mobile ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } }),
  });
  await context.addCookies([{ name: 'theme', value: v.theme, url: baseURL }]);
  return context;
}

async function linkFromMailbox(page: Page, to: string): Promise<string> {
  const mailbox = await page.context().newPage();
  let link = '';
  await expect(async () => {
    await mailbox.goto(`/dev/mailbox?channel=email&to=${encodeURIComponent(to)}`);
    const text = (await mailbox.getByTestId('mailbox-message').first().getByTestId('mailbox-body').textContent()) ?? '';
    link = /https?:\/\/\S+?\/portal\/invite\?token=[\w%-]+/.exec(text)?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 15_000 });
  await mailbox.close();
  return new URL(link).pathname + new URL(link).search;
}

test('the Team section passes axe at desktop and 375 px, light and dark', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  fs.mkdirSync(shots, { recursive: true });
  const problems: string[] = [];
  for (const v of VARIANTS) {
    const context = await variantContext(browser, String(baseURL), v);
    const page = await context.newPage();
    await page.goto('/chat/settings');
    await settle(page);
    const card = page.getByTestId('team-card');
    await expect(card.getByTestId(`team-member-${DEMO_STAFF_EMAIL}`)).toBeVisible();
    await expect(card.getByTestId(`team-invitation-${DEMO_INVITATION_EMAIL}`)).toBeVisible();
    // Nothing wider than the screen at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    problems.push(...(await audit(page, `team (${v.name})`)));
    // The sticky top bar would cover the card's top in an element shot at 375 px.
    await card.screenshot({ path: `${shots}/team-card-${v.name}.png`, style: 'header { visibility: hidden !important; }' });
    await context.close();
  }
  expect(problems, problems.join('\n')).toEqual([]);
});

test('invite, accept through the e-mailed link, give the post permission, remove the member', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const owner = await variantContext(browser, String(baseURL), VARIANTS[0]);
  const page = await owner.newPage();
  await page.goto('/chat/settings');
  const card = page.getByTestId('team-card');
  await expect(card.getByTestId(`team-member-${DEMO_STAFF_EMAIL}`)).toBeVisible();

  // An address with an account is refused beside the field.
  await card.getByLabel('邀请成员').fill(DEMO_STAFF_EMAIL);
  await card.getByLabel('邀请成员').press('Enter');
  await expect(card.getByText('这个邮箱已经注册了 StarLoop 账户，无法邀请。')).toBeVisible();

  // Keyboard only: type the address, Enter sends.
  await card.getByLabel('邀请成员').fill(invitee);
  await card.getByLabel('邀请成员').press('Enter');
  await expect(card.getByTestId(`team-invitation-${invitee}`)).toBeVisible();
  const link = await linkFromMailbox(page, invitee);

  // The invitee, in a browser of their own.
  const guest = await browser.newContext({ baseURL: String(baseURL), locale: 'en-US', viewport: { width: 375, height: 812 }, isMobile: true });
  const guestPage = await guest.newPage();
  await guestPage.goto(link);
  await expect(guestPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(guestPage.locator('input[type="email"]')).toHaveValue(invitee);
  const guestProblems = await audit(guestPage, 'accept invitation (375 px)');
  await guestPage.screenshot({ path: `${shots}/invite-accept-mobile.png`, fullPage: true });
  await guestPage.locator('input[name="userName"]').fill('Kit Chan');
  await guestPage.locator('input[name="password"]').fill(password);
  await guestPage.locator('input[name="confirmPassword"]').fill(password);
  await guestPage.locator('form button[type="submit"]').click();
  await expect(guestPage).toHaveURL(/\/dashboard/, { timeout: 20_000 });
  expect(guestProblems, guestProblems.join('\n')).toEqual([]);

  // The link worked once.
  const again = await guest.newPage();
  await again.goto(link);
  await expect(again.locator('main [role="alert"]')).toBeVisible();
  await again.close();

  // The owner sees the new member; the post permission switch flips by keyboard.
  await page.reload();
  const row = card.getByTestId(`team-member-${invitee}`);
  await expect(row).toBeVisible();
  await expect(card.getByTestId(`team-invitation-${invitee}`)).toHaveCount(0);
  const toggle = row.getByRole('switch', { name: '可管理文章' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  // Remove, after the confirmation; the member's browser is signed out on its next page.
  await row.getByRole('button', { name: '移除 Kit Chan' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '移除' }).click();
  await expect(row).toHaveCount(0);
  await guestPage.goto('/contacts');
  await expect(guestPage).toHaveURL(/\/login/, { timeout: 15_000 });
  await guest.close();
  await owner.close();
});

test('staff see who manages the team and a read-only profile', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: String(baseURL), locale: 'zh-HK', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.locator('input[type="email"]').fill(DEMO_STAFF_EMAIL);
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 20_000 });
  await page.goto('/chat/settings');
  const card = page.getByTestId('team-card');
  await expect(card).toContainText('團隊由商戶擁有人管理');
  await expect(card.getByTestId('team-members')).toHaveCount(0);
  await page.goto('/profile');
  await settle(page);
  await expect(page.getByTestId('profile-read-only')).toBeVisible();
  await expect(page.locator('input[name="merchantName"]')).toBeDisabled();
  const problems = await audit(page, 'profile read-only (staff)');
  await page.screenshot({ path: `${shots}/profile-staff.png`, fullPage: true });
  expect(problems, problems.join('\n')).toEqual([]);
  // The owner's settings (found from outside): staff see them, and why they cannot change them.
  await page.goto('/locations');
  await expect(page.getByText('只有商戶擁有人可以啟用、停用或刪除分店')).toBeVisible();
  await expect(page.getByRole('switch').first()).toBeDisabled();
  await page.goto('/sources');
  await expect(page.getByText('評價來源由商戶擁有人連接和中斷')).toBeVisible();
  await expect(page.getByRole('button', { name: '立即同步' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: '中斷連接' })).toHaveCount(0);
  await context.close();
});
