import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/seed/demo-account';

import { audit, settle } from './a11y';
import { DEMO_STATE } from './auth-state';

/**
 * Accessibility (issue 11, item 7): axe-core on every main screen at desktop and 375 px, light and
 * dark, with no serious or critical violation (WCAG A/AA and axe's best practices); every form
 * field has a label; the navigation and a form work by keyboard alone. Dialogs are checked in
 * accessibility-dialogs.spec.ts. Violations are fixed in the components, never excluded here.
 */

interface Screen {
  name: string;
  /** A path, or a function that finds it with the signed-in page (e.g. the first contact's detail). */
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
  { name: 'template editor (text)', path: '/campaigns/templates/create', signedIn: true },
  { name: 'template editor (e-mail)', path: '/campaigns/templates/create?type=email', signedIn: true },
  { name: 'campaigns', path: '/campaigns/campaigns', signedIn: true },
  { name: 'email campaign form', path: '/campaigns/email-request', signedIn: true },
  { name: 'sms campaign form', path: '/campaigns/sms-request', signedIn: true },
  { name: 'inbox', path: '/inbox', signedIn: true },
  { name: 'reviews', path: '/reviews', signedIn: true },
  { name: 'reviews report', path: '/reviews/report', signedIn: true },
  { name: 'sources', path: '/sources', signedIn: true },
  { name: 'posts', path: '/posts', signedIn: true },
  { name: 'post editor (new)', path: '/posts/add', signedIn: true },
  { name: 'post editor (draft)', path: (page) => draftPostPath(page, 'edit'), signedIn: true },
  { name: 'post preview', path: (page) => draftPostPath(page, 'preview'), signedIn: true },
  { name: 'profile', path: '/profile', signedIn: true },
  { name: 'settings', path: '/chat/settings', signedIn: true },
  { name: 'more', path: '/more', signedIn: true },
  { name: 'login', path: '/login', signedIn: false },
  { name: 'register', path: '/portal', signedIn: false },
  { name: 'forgot password', path: '/login/forgot', signedIn: false },
  { name: 'reset password', path: '/login/reset?token=a11y-check', signedIn: false },
  { name: 'team invitation', path: '/portal/invite?token=a11y-check', signedIn: false },
  { name: 'verify service e-mail', path: '/portal/verify-email', signedIn: false },
  { name: 'opt-out page', path: optOutPath, signedIn: false },
  { name: 'public post', path: publicPostPath, signedIn: false },
  { name: 'privacy', path: '/privacy', signedIn: false },
  { name: 'terms', path: '/terms', signedIn: false },
  { name: 'no permission', path: '/no-permission', signedIn: false },
];

const VARIANTS = [
  { name: 'desktop light', mobile: false, theme: 'light' },
  { name: 'desktop dark', mobile: false, theme: 'dark' },
  { name: 'mobile light', mobile: true, theme: 'light' },
  { name: 'mobile dark', mobile: true, theme: 'dark' },
] as const;
type Variant = (typeof VARIANTS)[number];

/** Paths found once with the signed-in page, kept for the other variants (same worker). */
const resolved = new Map<string, string>();
async function once(key: string, find: () => Promise<string>): Promise<string> {
  if (!resolved.has(key)) resolved.set(key, await find());
  return resolved.get(key) as string;
}

async function hrefOf(page: Page, path: string, selector: string): Promise<string> {
  await page.goto(path);
  const href = await page.locator(selector).first().getAttribute('href');
  if (!href) throw new Error(`no ${selector} at ${path}`);
  return href;
}

function firstContactPath(page: Page): Promise<string> {
  return once('contact', () => hrefOf(page, '/contacts', 'tbody a[href^="/contacts/"]'));
}

/** A seeded draft's editor or preview. */
async function draftPostPath(page: Page, view: 'edit' | 'preview'): Promise<string> {
  const edit = await once('draft', () => hrefOf(page, '/posts?status=draft', 'tbody a[href^="/posts/edit/"]'));
  return view === 'edit' ? edit : edit.replace('/edit/', '/preview/');
}

/** A seeded published post's public page, as its editor links it. */
function publicPostPath(page: Page): Promise<string> {
  return once('public post', async () => hrefOf(page, await hrefOf(page, '/posts?status=published', 'tbody a[href^="/posts/edit/"]'), '[data-testid="post-public-link"]'));
}

/** The first contact's opt-out page (reading it changes nothing; only its button does). */
function optOutPath(page: Page): Promise<string> {
  return once('opt-out', async () => {
    await page.goto(await firstContactPath(page));
    const link = await page.locator('code').filter({ hasText: 'action=optout' }).first().textContent({ timeout: 10_000 });
    if (!link) throw new Error('no opt-out link on the contact page');
    const url = new URL(link);
    return url.pathname + url.search;
  });
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

for (const variant of VARIANTS) {
  test(`axe: every main screen, ${variant.name}`, async ({ browser, baseURL }) => {
    test.setTimeout(480_000); // 33 screens
    const problems: string[] = [];
    // Signed in first: it also finds the paths of the public screens (a contact's opt-out page).
    const paths = new Map<Screen, string>();
    for (const signedIn of [true, false]) {
      const context = await newVariantContext(browser, String(baseURL), variant, signedIn);
      const page = await context.newPage();
      if (signedIn) for (const screen of SCREENS) paths.set(screen, typeof screen.path === 'string' ? screen.path : await screen.path(page));
      for (const screen of SCREENS.filter((s) => s.signedIn === signedIn)) {
        await page.goto(paths.get(screen) as string);
        await settle(page);
        await expect(page.locator('html')).toHaveClass(variant.theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        const found = await audit(page, `${screen.name} (${variant.name})`);
        if (found.length) console.log(found.join('\n'));
        problems.push(...found);
      }
      await context.close();
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

test.describe('keyboard', () => {
  test.use({ storageState: DEMO_STATE, viewport: { width: 1280, height: 800 } });

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
