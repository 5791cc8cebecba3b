import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/seed/demo-account';
import { LOCALE_COOKIE } from '@/lib/i18n/locales';
import { baseURL } from '../../playwright.config';
import { DEMO_STATE } from './auth-state';

/**
 * Names in the order people write them (issue 23, point 2): on the contacts list a Chinese name
 * reads family name first with no space in English as in Chinese (欧阳强), and a Latin-script name
 * follows spec section 9 (Kelvin Cheung in English, Cheung Kelvin in Chinese).
 */
test.use({ storageState: DEMO_STATE });

async function apiToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/user/login', { data: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
  return ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
}

test('the contacts list shows names in their own order, in English and Chinese', async ({ page, request, context }) => {
  const stamp = Date.now().toString(36);
  const token = await apiToken(request);
  for (const [firstName, lastName, handle] of [
    ['强', '欧阳', 'ouyang'],
    ['Kelvin', 'Cheung', 'kelvin'],
  ]) {
    const created = await request.post('/api/member', { headers: { authorization: `Bearer ${token}` }, data: { firstName, lastName, email: `${handle}.${stamp}@names.example` } });
    expect(created.status(), await created.text()).toBe(200);
  }
  const list = `/contacts?keyword=${encodeURIComponent(`${stamp}@names.example`)}`;

  await context.addCookies([{ name: LOCALE_COOKIE, value: 'en-US', url: baseURL }]);
  await page.goto(list);
  await expect(page.getByRole('link', { name: '欧阳强', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kelvin Cheung', exact: true })).toBeVisible();

  await context.addCookies([{ name: LOCALE_COOKIE, value: 'zh-CN', url: baseURL }]);
  await page.goto(list);
  await expect(page.getByRole('link', { name: '欧阳强', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cheung Kelvin', exact: true })).toBeVisible();
});
