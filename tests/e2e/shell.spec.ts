import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_EMAIL, DEMO_MERCHANT_NAME, DEMO_PASSWORD } from '@/lib/seed/demo-account';

/**
 * The signed-in shell (issue 2): navigation, user menu, languages, theme, every route of spec
 * section 2, sign-out, and the same on a 375 px phone with the drawer navigation. Also the login
 * form itself. Tests that sign out use their own session (not the shared DEMO_STATE), so revoking
 * it never signs other spec files out.
 */

const MAIN_NAV = [
  { key: 'dashboard', path: '/dashboard', zh: '仪表盘', en: 'Dashboard', hk: '儀表板' },
  { key: 'reviews', path: '/reviews', zh: '评价', en: 'Reviews', hk: '評價' },
  { key: 'sources', path: '/sources', zh: '数据源', en: 'Sources', hk: '資料來源' },
  { key: 'campaigns', path: '/campaigns', zh: '营销活动', en: 'Campaigns', hk: '推廣活動' },
  { key: 'inbox', path: '/inbox', zh: '收件箱', en: 'Inbox', hk: '收件匣' },
  { key: 'contacts', path: '/contacts', zh: '联系人', en: 'Contacts', hk: '聯絡人' },
  { key: 'locations', path: '/locations', zh: '门店', en: 'Locations', hk: '分店' },
  { key: 'posts', path: '/posts', zh: '新闻动态', en: 'Posts', hk: '最新動態' },
] as const;

/** Routes of spec section 2 outside the main navigation. */
const OTHER_ROUTES = [
  '/more',
  '/campaigns/templates',
  '/campaigns/templates/create',
  '/campaigns/email-request',
  '/campaigns/sms-request',
  '/contacts/import',
  '/posts/add',
  '/profile',
  '/chat/settings',
];

async function signInFresh(context: BrowserContext, baseURL: string) {
  const { csrfToken } = await (await context.request.get(`${baseURL}/api/auth/csrf`)).json();
  const response = await context.request.post(`${baseURL}/api/auth/callback/credentials`, {
    form: { csrfToken, email: DEMO_EMAIL, password: DEMO_PASSWORD, callbackUrl: '/dashboard' },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

async function openUserMenu(page: Page) {
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menu')).toBeVisible();
}

/**
 * By keyboard (ArrowRight opens a submenu, Enter chooses): Playwright's pointer jumps straight from
 * the submenu trigger to the item, a path no hand takes, and Radix's hover intent closes the submenu.
 */
async function chooseInSubmenu(page: Page, submenu: string, item: string) {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: submenu }).focus();
  await page.keyboard.press('ArrowRight');
  const target = page.getByRole('menuitemradio', { name: item });
  await expect(target).toBeVisible();
  await target.focus();
  await page.keyboard.press('Enter');
}

async function expectPageHeading(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.getByText('Application error')).toHaveCount(0);
}

test.describe('desktop shell', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('zh-CN shell, languages, dark theme, every route, sign out', async ({ page, context, baseURL }) => {
    test.setTimeout(240_000); // it opens every route of spec section 2
    await signInFresh(context, String(baseURL));
    await page.goto('/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    const nav = page.getByRole('navigation', { name: '主导航' });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: '仪表盘' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('merchant-name')).toHaveText(DEMO_MERCHANT_NAME);

    // The user menu names the user and offers profile, settings, language, theme and log out.
    await openUserMenu(page);
    await expect(page.getByRole('menu').getByText(DEMO_EMAIL)).toBeVisible();
    for (const name of ['商户资料', '设置', '语言', '外观', '退出登录']) await expect(page.getByRole('menuitem', { name })).toBeVisible();
    await page.keyboard.press('Escape');

    await chooseInSubmenu(page, '语言', 'English');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();

    await chooseInSubmenu(page, 'Language', '繁體中文');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
    const hkNav = page.getByRole('navigation', { name: '主導覽' });
    await expect(hkNav.getByRole('link', { name: '儀表板' })).toBeVisible();
    // The choice is remembered for the next visit (cookie, one year).
    const localeCookie = (await context.cookies()).find((c) => c.name === 'NEXT_LOCALE');
    expect(localeCookie?.value).toBe('zh-HK');
    expect(localeCookie && localeCookie.expires - Date.now() / 1000).toBeGreaterThan(360 * 24 * 3600);

    await chooseInSubmenu(page, '外觀', '深色');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    // The server renders the class itself, so a reload paints dark from the first frame.
    const html = await (await page.request.get('/dashboard')).text();
    expect(html).toMatch(/<html[^>]*class="[^"]*\bdark\b/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);

    for (const item of MAIN_NAV) {
      await hkNav.getByRole('link', { name: item.hk }).click();
      await expect(page).toHaveURL(new RegExp(`${item.path}(/|$|\\?)`));
      await expect(hkNav.getByRole('link', { name: item.hk })).toHaveAttribute('aria-current', 'page');
      await expectPageHeading(page);
    }
    for (const path of OTHER_ROUTES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(400);
      await expectPageHeading(page);
    }
    await page.goto('/campaigns');
    await expect(page).toHaveURL(/\/campaigns\/campaigns$/);

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: '登出' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);
  });

  test('the skip link jumps to the content', async ({ page, context, baseURL }) => {
    await signInFresh(context, String(baseURL));
    await page.goto('/dashboard');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: '跳到主要内容' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });

  test("'system' follows the browser's colour scheme before the first paint", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    await signInFresh(context, String(baseURL));
    await context.addCookies([{ name: 'theme', value: 'system', url: String(baseURL) }]);
    const page = await context.newPage();
    // Record <html>'s classes in the first animation frame, i.e. before anything is painted.
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as unknown as { firstFrameClass: string }).firstFrameClass = document.documentElement.className;
      });
    });
    await page.goto('/dashboard');
    expect(await page.evaluate(() => (window as unknown as { firstFrameClass: string }).firstFrameClass)).toMatch(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await context.close();
  });
});

test.describe('mobile shell (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('drawer navigation, languages, dark theme, every route, sign out', async ({ page, context, baseURL }) => {
    test.setTimeout(240_000); // it opens every route of spec section 2
    await signInFresh(context, String(baseURL));
    await page.goto('/dashboard');
    const hamburger = page.getByTestId('open-nav');
    await expect(hamburger).toBeVisible();
    // The desktop sidebar is gone; only the drawer offers the navigation.
    await expect(page.getByRole('navigation', { name: '主导航' })).toHaveCount(0);

    await hamburger.click();
    const drawer = page.getByRole('dialog', { name: '主导航' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText(DEMO_MERCHANT_NAME)).toBeVisible();
    // Focus stays inside the drawer while it is open.
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(hamburger).toBeFocused();

    for (const item of MAIN_NAV) {
      await hamburger.click();
      await page.getByRole('dialog').getByRole('link', { name: item.zh }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`${item.path}(/|$|\\?)`));
      await expectPageHeading(page);
      // The compact top bar names the section.
      await expect(page.locator('header').getByText(item.zh, { exact: true }).first()).toBeVisible();
    }

    await chooseInSubmenu(page, '语言', 'English');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await chooseInSubmenu(page, 'Language', '繁體中文');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
    await chooseInSubmenu(page, '外觀', '深色');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);

    for (const path of OTHER_ROUTES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(400);
      await expectPageHeading(page);
    }
    // Nothing scrolls sideways on a phone.
    await page.goto('/dashboard');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: '登出' }).click();
    await expect(page).toHaveURL(/\/login/);
  });
});

test('a browser that reports mobile gets the mobile layout at any width', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    viewport: { width: 1024, height: 768 },
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  });
  await signInFresh(context, String(baseURL));
  const page = await context.newPage();
  await page.goto('/dashboard');
  await expect(page.locator('html')).toHaveAttribute('data-mobile', '');
  await expect(page.getByTestId('open-nav')).toBeVisible();
  await expect(page.getByRole('navigation', { name: '主导航' })).toHaveCount(0);
  await context.close();
});

test.describe('login form', () => {
  test('validates beside the fields, refuses a wrong password, signs the demo user in', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('登录 StarLoop');
    await expect(page.getByTestId('demo-hint')).toContainText(DEMO_EMAIL);
    await expect(page.getByRole('link', { name: '免费注册' })).toHaveAttribute('href', '/portal');

    await page.getByRole('button', { name: '登录', exact: true }).click();
    const email = page.locator('input[name="email"]');
    const password = page.locator('input[name="password"]');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('此项为必填项')).toHaveCount(2);

    await email.fill('not-an-email');
    await password.fill('x');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText('请输入有效的邮箱地址')).toBeVisible();

    await email.fill(DEMO_EMAIL);
    await password.fill('wrong-password');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: '邮箱或密码错误' })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);

    await password.fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByTestId('merchant-name')).toHaveText(DEMO_MERCHANT_NAME);
  });

  test('the demo hint fills the form; the expired notice shows; the callback is honoured', async ({ page }) => {
    await page.goto('/login?expired=1&callbackUrl=%2Fcontacts');
    await expect(page.getByText('登录已过期，请重新登录')).toBeVisible();
    await page.getByRole('button', { name: '一键填入' }).click();
    await expect(page.locator('input[name="email"]')).toHaveValue(DEMO_EMAIL);
    await page.getByRole('button', { name: '显示密码' }).click();
    await expect(page.locator('input[name="password"]')).toHaveAttribute('type', 'text');
    await expect(page.locator('input[name="password"]')).toHaveValue(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/contacts/);
  });

  test('the login page switches language while signed out', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to StarLoop');
  });
});

test.describe('public pages', () => {
  test('not-found and no-permission offer the way home', async ({ page, context, baseURL }) => {
    // Signed out, an unknown path goes to sign-in like any other; signed in, it is a 404.
    await signInFresh(context, String(baseURL));
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '找不到这个页面' })).toBeVisible();
    await page.getByTestId('back-home').click();
    await expect(page).toHaveURL(/\/dashboard/);
    await context.clearCookies();

    await page.goto('/no-permission');
    await expect(page.getByRole('heading', { name: '当前账户没有权限访问此页面' })).toBeVisible();
    await expect(page.getByTestId('back-home')).toHaveAttribute('href', '/');
  });

  for (const [locale, privacy, terms, updated] of [
    ['zh-CN', '隐私政策', '服务条款', '2025年10月20日'],
    ['en-US', 'Privacy Policy', 'Terms of Service', 'October 20, 2025'],
    ['zh-HK', '私隱政策', '服務條款', '2025年10月20日'],
  ] as const) {
    test(`privacy and terms in ${locale}, last updated 20 October 2025`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'NEXT_LOCALE', value: locale, url: String(baseURL) }]);
      await page.goto('/privacy');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(privacy);
      await expect(page.getByTestId('last-updated')).toContainText(updated);
      expect(await page.locator('article section h2').count()).toBeGreaterThanOrEqual(10);
      await page.goto('/terms');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(terms);
      await expect(page.getByTestId('last-updated')).toContainText(updated);
    });
  }
});

test.describe('public files and the /api fallbacks (production server)', () => {
  test('robots.txt and favicon.ico are served from public/', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    const text = await robots.text();
    for (const line of ['User-agent: *', 'Allow: /p/', 'Allow: /privacy', 'Allow: /terms', 'Disallow: /']) expect(text).toContain(line);
    const icon = await request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/icon/);
  });

  test('an unknown /api path answers the 404 envelope; real routes are not shadowed; a wrong method is 405', async ({ request }) => {
    const headers = { 'accept-language': 'en-US' };
    for (const [method, path] of [['GET', '/api/nope'], ['POST', '/api/nope/deeper'], ['GET', '/api'], ['GET', '/api/merchant/location/1/extra']] as const) {
      const res = await request.fetch(path, { method, headers, data: method === 'POST' ? { x: 1 } : undefined });
      expect(res.status(), `${method} ${path}`).toBe(404);
      expect(res.headers()['content-type']).toContain('application/json');
      expect(await res.json()).toMatchObject({ code: 404, respCode: 404, msg: 'The resource does not exist', data: null });
    }
    // Static and dynamic routes still win over the catch-all.
    const enabled = await request.get('/api/merchant/location/enabled', { headers });
    expect(enabled.status()).toBe(401);
    expect((await request.get('/api/member/1', { headers })).status()).toBe(401);
    // A public route answers its own 400 (merchantId missing), not the catch-all's 404.
    expect((await request.get('/api/post/list', { headers })).status()).toBe(400);
    expect((await request.get('/api/auth/csrf')).status()).toBe(200);
    const wrong = await request.delete('/api/user/login', { headers });
    expect(wrong.status()).toBe(405);
    expect(wrong.headers().allow).toBe('POST');
    expect(await wrong.json()).toMatchObject({ code: 405, msg: 'Wrong request method' });
  });
});
