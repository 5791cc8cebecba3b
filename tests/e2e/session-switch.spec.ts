import { expect, request as apiRequest, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_EMAIL, DEMO_MERCHANT_NAME, DEMO_PASSWORD } from '@/lib/seed/demo-account';

/**
 * One browser, two tabs, two users (found from outside): a tab still showing merchant 1 after
 * another tab signed in as merchant 2 wrote a contact into merchant 2 without a word. A tab
 * whose browser session now belongs to another user loads again (an announcement of the other
 * tab, or a check when it comes back to the front), and /login and /portal/invite say who is
 * signed in and that going on signs that account out in every tab. Then the keeper's refresh
 * without an answer (offline): retried, never the end of the session; a refusal still ends it.
 * Every context signs in through the form: a sign-in over a session revokes that session, and
 * the suite's saved demo session must stay alive for the other specs.
 */
const stamp = Date.now().toString(36);
const password = 'Hojicha-Latte-2026';
const owner = { email: `switch-${stamp}@bakery.example`, merchant: `Switch Bakery ${stamp}` };
const staff = { email: `switch-staff-${stamp}@bakery.example`, name: `Kit Switch ${stamp}` };
let ownerToken = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, baseURL }) => {
  // A second merchant, registered through the public API (the registration UI has its own spec).
  const api = await apiRequest.newContext({ baseURL });
  expect((await api.post('/api/user/sendEmailCode', { data: { email: owner.email } })).status()).toBe(200);
  const code = await fromMailbox(browser, String(baseURL), owner.email, /(?<!\d)(\d{6})(?!\d)/);
  const verified = await (await api.post('/api/user/validateEmailCode', { data: { email: owner.email, code } })).json();
  const registered = await api.post('/api/user/register', {
    data: { verificationToken: verified.data.verificationToken, userName: 'Sam', merchantName: owner.merchant, address: '2 Nathan Road', password, confirmPassword: password },
  });
  expect(registered.status()).toBe(200);
  ownerToken = (await registered.json()).data.accessToken;
  await api.dispose();
});

test('a sign-in in another tab loads the stale tab again as the new user, after /login said who was signed in', async ({ browser }) => {
  const context = await browser.newContext();
  const tabA = await signedInTab(context, DEMO_EMAIL, DEMO_PASSWORD);
  await expect(tabA.getByTestId('merchant-name')).toHaveText(DEMO_MERCHANT_NAME);

  const tabB = await context.newPage();
  await tabB.goto('/login');
  const notice = tabB.getByTestId('signed-in-notice');
  await expect(notice).toContainText(DEMO_EMAIL);
  await expect(notice).toContainText('所有标签页');
  await signInWithForm(tabB, owner.email, password);

  // Tab A, untouched, now shows merchant 2: a write from it is no longer unnoticed.
  await expect.poll(() => wasReloaded(tabA), { timeout: 10_000 }).toBe(true);
  await expect(tabA.getByTestId('merchant-name')).toHaveText(owner.merchant);
  await expect(tabA).toHaveURL(/\/contacts/);
  await context.close();
});

test('without BroadcastChannel, the stale tab notices when it comes back to the front', async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(() => Object.defineProperty(window, 'BroadcastChannel', { value: undefined }));
  const tabA = await signedInTab(context, DEMO_EMAIL, DEMO_PASSWORD);
  const tabB = await context.newPage();
  await tabB.goto('/login');
  await signInWithForm(tabB, owner.email, password);

  await tabA.bringToFront();
  await tabA.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect.poll(() => wasReloaded(tabA), { timeout: 10_000 }).toBe(true);
  await expect(tabA.getByTestId('merchant-name')).toHaveText(owner.merchant);
  await context.close();
});

test("accepting an invitation in another tab says so first, then loads the owner's tab as the new member", async ({ browser, baseURL }) => {
  const api = await apiRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${ownerToken}` } });
  expect((await api.post('/api/merchant/team/invitation', { data: { email: staff.email } })).status()).toBe(200);
  await api.dispose();
  const link = await fromMailbox(browser, String(baseURL), staff.email, /https?:\/\/\S+?\/portal\/invite\?token=[\w%-]+/);

  const context = await browser.newContext({ locale: 'en-US' });
  const tabA = await signedInTab(context, owner.email, password);
  const tabB = await context.newPage();
  await tabB.goto(new URL(link).pathname + new URL(link).search);
  const notice = tabB.getByTestId('signed-in-notice');
  await expect(notice).toContainText(owner.email);
  await expect(notice).toContainText('signs you in as the new member');
  await tabB.locator('input[name="userName"]').fill(staff.name);
  await tabB.locator('input[name="password"]').fill(password);
  await tabB.locator('input[name="confirmPassword"]').fill(password);
  await tabB.locator('form button[type="submit"]').click();
  await expect(tabB).toHaveURL(/\/dashboard/, { timeout: 20_000 });

  await expect.poll(() => wasReloaded(tabA), { timeout: 10_000 }).toBe(true);
  // The page now speaks for the member: the login page names them.
  await tabB.goto('/login');
  await expect(tabB.getByTestId('signed-in-notice')).toContainText(staff.email);
  await context.close();
});

test('a refresh without an answer keeps the page and retries when the connection is back; a refusal ends the session', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.clock.install();
  await signInWithForm(page, DEMO_EMAIL, DEMO_PASSWORD);
  await page.goto('/contacts');
  await markPage(page);

  // Asleep past the access token's end, and offline.
  await page.route('**/api/session/refresh', (route) => route.abort('internetdisconnected'));
  await page.clock.fastForward('03:00:00');
  await page.waitForTimeout(2_000);
  await expect(page).toHaveURL(/\/contacts/);
  expect(await wasReloaded(page)).toBe(false);

  // Back online: the refresh goes through and the page stays.
  await page.unroute('**/api/session/refresh');
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/session/refresh') && r.request().postData()?.includes('refreshWithin') === true);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  expect((await refreshed).status()).toBe(200);
  await expect(page).toHaveURL(/\/contacts/);

  // A refusal is the end of the session.
  await page.route('**/api/session/refresh', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ code: 401, msg: 'expired' }) }));
  await page.clock.fastForward('00:11:00');
  await expect(page).toHaveURL(/\/login\?expired=1/, { timeout: 10_000 });
  await context.close();
});

/** A page of the context signed in through the form, on /contacts, marked to tell a reload. */
async function signedInTab(context: BrowserContext, email: string, pass: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/login');
  await signInWithForm(page, email, pass);
  await page.goto('/contacts');
  await markPage(page);
  return page;
}

async function signInWithForm(page: Page, email: string, pass: string) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(pass);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 20_000 });
}

async function markPage(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
}

/** True once the page loaded again since markPage (its window lost the mark). */
async function wasReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => !(window as unknown as { __sameDocument?: boolean }).__sameDocument).catch(() => false);
}

async function fromMailbox(browser: Browser, baseURL: string, to: string, pattern: RegExp): Promise<string> {
  const context = await browser.newContext({ baseURL });
  const mailbox = await context.newPage();
  let found = '';
  await expect(async () => {
    await mailbox.goto(`/dev/mailbox?channel=email&to=${encodeURIComponent(to)}`);
    const text = (await mailbox.getByTestId('mailbox-message').first().getByTestId('mailbox-body').textContent({ timeout: 2_000 })) ?? '';
    found = pattern.exec(text)?.[1] ?? pattern.exec(text)?.[0] ?? '';
    expect(found).not.toBe('');
  }).toPass({ timeout: 15_000 });
  await context.close();
  return found;
}
