import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/seed/demo-account';

import { DEMO_STATE } from './auth-state';

/**
 * Accessibility (issue 11, item 7): axe-core on every main screen at desktop and 375 px, light and
 * dark, with no serious or critical violation; dialogs trap focus and close on Escape; every form
 * field has a label; the navigation and a form work by keyboard alone. Violations are fixed in the
 * components, never excluded here.
 */

interface Screen {
  name: string;
  /** A path, or a function that finds the page (e.g. the first contact's detail). */
  path: string | ((page: Page) => Promise<string>);
  signedIn: boolean;
}

const SCREENS: Screen[] = [
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'locations', path: '/locations', signedIn: true },
  { name: 'contacts', path: '/contacts', signedIn: true },
  { name: 'contact detail', path: firstContactPath, signedIn: true },
  { name: 'contacts import', path: '/contacts/import', signedIn: true },
  { name: 'templates', path: '/campaigns/templates', signedIn: true },
  { name: 'template editor', path: '/campaigns/templates/create', signedIn: true },
  { name: 'campaigns', path: '/campaigns/campaigns', signedIn: true },
  { name: 'campaign form', path: '/campaigns/email-request', signedIn: true },
  { name: 'inbox', path: '/inbox', signedIn: true },
  { name: 'reviews', path: '/reviews', signedIn: true },
  { name: 'reviews report', path: '/reviews/report', signedIn: true },
  { name: 'sources', path: '/sources', signedIn: true },
  { name: 'posts', path: '/posts', signedIn: true },
  { name: 'post editor', path: '/posts/add', signedIn: true },
  { name: 'profile', path: '/profile', signedIn: true },
  { name: 'settings', path: '/chat/settings', signedIn: true },
  { name: 'login', path: '/login', signedIn: false },
  { name: 'register', path: '/portal', signedIn: false },
];

const VARIANTS = [
  { name: 'desktop light', mobile: false, theme: 'light' },
  { name: 'desktop dark', mobile: false, theme: 'dark' },
  { name: 'mobile light', mobile: true, theme: 'light' },
  { name: 'mobile dark', mobile: true, theme: 'dark' },
] as const;
type Variant = (typeof VARIANTS)[number];

/** Rules whose every finding means a form control without a name. */
const LABEL_RULES = new Set(['label', 'select-name', 'aria-input-field-name', 'aria-toggle-field-name', 'input-button-name', 'button-name']);

async function firstContactPath(page: Page): Promise<string> {
  await page.goto('/contacts');
  const href = await page.locator('tbody a[href^="/contacts/"]').first().getAttribute('href');
  if (!href) throw new Error('no contact in the demo data');
  return href;
}

async function newVariantContext(browser: Browser, baseURL: string, variant: Variant, signedIn: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    storageState: signedIn ? DEMO_STATE : undefined,
    colorScheme: variant.theme,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    reducedMotion: 'reduce',
    ...(variant.mobile ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } }),
  });
  await context.addCookies([{ name: 'theme', value: variant.theme, url: baseURL }]);
  return context;
}

/** serious/critical findings, plus any unnamed form control whatever its impact. */
async function audit(page: Page, where: string): Promise<string[]> {
  // The WCAG 2.x A/AA rules (best-practice rules are moderate or minor at most, and slow).
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || LABEL_RULES.has(v.id))
    .map((v) => `${where}: [${v.impact}] ${v.id} (${v.help}) at ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(' | ')}${v.nodes.length > 4 ? ` +${v.nodes.length - 4}` : ''}`);
}

async function settle(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByText('Application error')).toHaveCount(0);
}

for (const variant of VARIANTS) {
  test(`axe: every main screen, ${variant.name}`, async ({ browser, baseURL }) => {
    test.setTimeout(300_000); // 19 screens; ~40 s on an idle machine
    const found: string[] = [];
    for (const signedIn of [true, false]) {
      const context = await newVariantContext(browser, String(baseURL), variant, signedIn);
      const page = await context.newPage();
      for (const screen of SCREENS.filter((s) => s.signedIn === signedIn)) {
        const path = typeof screen.path === 'string' ? screen.path : await screen.path(page);
        await page.goto(path);
        await settle(page);
        await expect(page.locator('html')).toHaveClass(variant.theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        const problems = await audit(page, `${screen.name} (${variant.name})`);
        if (problems.length) console.log(problems.join('\n'));
        found.push(...problems);
      }
      await context.close();
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}

/** Tab through an open dialog: focus never leaves it; Escape closes it. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `Tab ${i + 1} left the dialog`).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test.describe('dialogs and keyboard', () => {
  test.use({ storageState: DEMO_STATE, viewport: { width: 1280, height: 800 } });

  test('dialogs trap focus, close on Escape, and label every field', async ({ page }) => {
    test.setTimeout(90_000);
    const found: string[] = [];

    await page.goto('/contacts');
    await settle(page);
    for (const name of ['添加联系人', '快速添加']) {
      const trigger = page.getByRole('button', { name }).first();
      await trigger.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      found.push(...(await audit(page, `contacts dialog ${name}`)));
      await expectFocusTrapped(page, dialog);
    }

    await page.goto('/locations');
    await settle(page);
    const addLocation = page.getByRole('button', { name: '添加门店' }).first();
    await addLocation.click();
    const locationDialog = page.getByRole('dialog', { name: '添加门店' });
    await expect(locationDialog).toBeVisible();
    found.push(...(await audit(page, 'location form dialog')));
    await expectFocusTrapped(page, locationDialog);

    await page.goto('/campaigns/campaigns');
    await settle(page);
    const campaignName = page.locator('tbody tr').first().getByRole('button').first();
    await campaignName.click();
    const details = page.getByRole('dialog');
    await expect(details).toBeVisible();
    found.push(...(await audit(page, 'campaign details dialog')));
    await expectFocusTrapped(page, details);

    expect(found, found.join('\n')).toEqual([]);
  });

  test('keyboard alone: skip link, main navigation, a menu', async ({ page }) => {
    await page.goto('/dashboard');
    await settle(page);
    // The first Tab reaches the skip link, which moves focus to the main content.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();

    // Tab (from the top) until the "联系人" link of the main navigation has focus, then Enter.
    await page.goto('/dashboard');
    await settle(page);
    const nav = page.getByRole('navigation', { name: '主导航' });
    const contacts = nav.getByRole('link', { name: '联系人' });
    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await contacts.evaluate((el) => el === document.activeElement);
    }
    expect(reached, 'Tab never reached the contacts link').toBe(true);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/contacts$/);
    await expect(nav.getByRole('link', { name: '联系人' })).toHaveAttribute('aria-current', 'page');

    // The user menu opens from the keyboard and closes on Escape, giving focus back.
    const userMenu = page.getByTestId('user-menu');
    await userMenu.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(userMenu).toBeFocused();
  });
});

test('keyboard alone: the sign-in form', async ({ page }) => {
  await page.goto('/login');
  await settle(page);
  const email = page.getByRole('textbox', { name: /邮箱/ });
  let reached = false;
  for (let i = 0; i < 15 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await email.evaluate((el) => el === document.activeElement);
  }
  expect(reached, 'Tab never reached the email field').toBe(true);
  await page.keyboard.type(DEMO_EMAIL);
  await page.keyboard.press('Tab');
  await expect(page.locator('input[autocomplete="current-password"]')).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 20_000 });
});
