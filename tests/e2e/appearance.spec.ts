import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/seed/demo-account';
import { ACCENTS, TEXT_SIZES } from '@/lib/theme/appearance';
import { baseURL } from '../../playwright.config';
import { audit, settle } from './a11y';
import { DEMO_STATE } from './auth-state';

/**
 * Settings, accent colour and text size (issue 23, point 1): a choice repaints at once, survives a
 * reload and follows the user to a new browser (and to that browser's login page after sign-out);
 * every accent passes axe's contrast check in light and dark, normal and large text; large text
 * still fits a 375 px screen.
 */
test.use({ storageState: DEMO_STATE });

const html = (page: Page) => page.locator('html');
// The radio inputs are visually hidden inside their labels: a pointer presses the label.
const choose = (page: Page, testId: string) => page.getByTestId('appearance-card').locator('label').filter({ has: page.getByTestId(testId) }).click();
const rootFontSize = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);

async function saveChoice(page: Page, accent: string, textSize: string) {
  await page.goto('/chat/settings');
  await settle(page);
  const card = page.getByTestId('appearance-card');
  if (!(await card.getByTestId(`accent-${accent}`).isChecked())) await choose(page, `accent-${accent}`);
  if (!(await card.getByTestId(`textSize-${textSize}`).isChecked())) await choose(page, `textSize-${textSize}`);
  await expect(card.getByTestId(`accent-${accent}`)).toBeChecked();
  await expect(card.getByTestId(`textSize-${textSize}`)).toBeChecked();
  await expect(card).not.toHaveAttribute('aria-busy', 'true');
}

test.describe.serial('appearance', () => {
  // Starts from the defaults and leaves them for later specs (the demo user is shared).
  const reset = async ({ browser }: { browser: import('@playwright/test').Browser }) => {
    const context = await browser.newContext({ storageState: DEMO_STATE });
    const page = await context.newPage();
    await saveChoice(page, 'blue', 'normal');
    await page.waitForLoadState('networkidle');
    await context.close();
  };
  test.beforeAll(reset);
  test.afterAll(reset);

  test('applied at once, by keyboard too, and still there after a reload', async ({ page }) => {
    await page.goto('/chat/settings');
    await settle(page);
    await expect(html(page)).toHaveAttribute('data-accent', 'blue');
    expect(await rootFontSize(page)).toBe('16px');
    const card = page.getByTestId('appearance-card');
    await expect(card.getByRole('group', { name: '强调色' })).toBeVisible();
    await expect(card.getByRole('radio', { name: '蓝色' })).toBeChecked();

    // Keyboard: a radio group, arrows move the choice.
    await card.getByRole('radio', { name: '蓝色' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(card.getByRole('radio', { name: '青色' })).toBeChecked();
    await expect(html(page)).toHaveAttribute('data-accent', 'teal');
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary-700').trim()))
      .toBe('#0f766e');

    await choose(page, 'textSize-large');
    await expect(html(page)).toHaveAttribute('data-text-size', 'large');
    expect(await rootFontSize(page)).toBe('18px');
    await expect(card.getByRole('status')).toHaveText('外观已保存');

    await page.reload();
    await settle(page);
    await expect(html(page)).toHaveAttribute('data-accent', 'teal');
    await expect(html(page)).toHaveAttribute('data-text-size', 'large');
    await expect(card.getByRole('radio', { name: '青色' })).toBeChecked();
    await expect(card.getByRole('radio', { name: '大' })).toBeChecked();
    // Every screen: the shell of another page too.
    await page.goto('/dashboard');
    await expect(html(page)).toHaveAttribute('data-accent', 'teal');
    expect(await rootFontSize(page)).toBe('18px');
  });

  test('follows the user to a new browser, and to its login page after sign-out', async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(html(page)).toHaveAttribute('data-accent', 'blue');
    await page.locator('input[name="email"]').fill(DEMO_EMAIL);
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/dashboard/, { timeout: 20_000 });
    await expect(html(page)).toHaveAttribute('data-accent', 'teal');
    await expect(html(page)).toHaveAttribute('data-text-size', 'large');

    // The cookie mirror: without the session the login page still shows the choice.
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'appearance')?.value).toBe('teal.large');
    const appearance = (await context.cookies()).filter((c) => c.name === 'appearance');
    await context.clearCookies();
    await context.addCookies(appearance);
    await page.goto('/login');
    await expect(html(page)).toHaveAttribute('data-accent', 'teal');
    await expect(html(page)).toHaveAttribute('data-text-size', 'large');
    await context.close();
  });

  test('large text fits 375 px: no sideways scrolling on the main screens', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 375, height: 812 });
    for (const path of ['/dashboard', '/contacts', '/reviews', '/campaigns/campaigns', '/inbox', '/locations', '/chat/settings', '/more']) {
      await page.goto(path);
      await settle(page);
      await expect(html(page)).toHaveAttribute('data-text-size', 'large');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
    }
  });
});

test('axe: every accent, light and dark, normal and large text, on the dashboard and settings', async ({ page }) => {
  test.setTimeout(600_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const failures: string[] = [];
  for (const path of ['/dashboard', '/chat/settings']) {
    await page.goto(`${baseURL}${path}`);
    await settle(page);
    // The whole rule set once per page; then only colour contrast for each combination.
    failures.push(...(await audit(page, `${path} default`)));
    for (const dark of [false, true]) {
      for (const accent of ACCENTS) {
        for (const textSize of TEXT_SIZES) {
          await page.evaluate(
            ({ dark, accent, textSize }) => {
              const root = document.documentElement;
              root.setAttribute('data-theme', dark ? 'dark' : 'light');
              root.classList.toggle('dark', dark);
              root.setAttribute('data-accent', accent);
              root.setAttribute('data-text-size', textSize);
            },
            { dark, accent, textSize },
          );
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          const { violations } = await new AxeBuilder({ page }).withRules(['color-contrast']).setLegacyMode().analyze();
          for (const v of violations) {
            failures.push(`${path} ${accent} ${dark ? 'dark' : 'light'} ${textSize}: ${v.id} at ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} (${n.any[0]?.message ?? ''})`).join(' | ')}`);
          }
        }
      }
    }
  }
  expect(failures, failures.join('\n')).toEqual([]);
});
