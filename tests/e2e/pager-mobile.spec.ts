import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/seed/demo-account';
import { audit, settle } from './a11y';
import { DEMO_STATE } from './auth-state';

/**
 * Phones (issue 23, point 4): at 375 px the pager's "6 / 40" opens a dialog with the page number
 * and the page size, so page 40 is reached without 39 taps on Next; by keyboard, named for screen
 * readers, passing axe.
 */
test.use({ storageState: DEMO_STATE, viewport: { width: 375, height: 812 } });

async function apiToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/user/login', { data: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
  return ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
}

test('reaches page 40 of the contacts from a phone', async ({ page, request }) => {
  test.setTimeout(180_000);
  // At 10 a page the list needs more than 390 contacts for 40 pages: top the demo's up.
  const token = await apiToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const first = await request.get('/api/member?pageNum=1&pageSize=10', { headers });
  const total = ((await first.json()) as { data: { total: number } }).data.total;
  const stamp = Date.now().toString(36);
  const missing = Array.from({ length: Math.max(0, 405 - total) }, (_, i) => i);
  for (let i = 0; i < missing.length; i += 10) {
    await Promise.all(
      missing.slice(i, i + 10).map(async (n) => {
        const created = await request.post('/api/member', { headers, data: { firstName: `Pager${n}`, lastName: 'Test', email: `pager-${n}.${stamp}@pager.example` } });
        expect(created.status(), await created.text()).toBe(200);
      }),
    );
  }

  await page.goto('/contacts?pageSize=10');
  await settle(page);
  const pager = page.getByRole('navigation', { name: '分页' });
  const open = pager.getByRole('button', { name: /第 1 页，共 4\d 页/ });
  await expect(open).toBeVisible();
  // The desktop page-number buttons are hidden at this width.
  await expect(pager.getByRole('button', { name: '第 2 页' })).toBeHidden();

  // Keyboard: focus the button, Enter opens, type 40, Enter goes.
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '跳转到页面' });
  await expect(dialog).toBeVisible();
  const number = dialog.getByRole('spinbutton', { name: /页码/ });
  await expect(number).toBeFocused();
  expect(await audit(page, 'pager dialog', 'dialog[open]')).toEqual([]);
  await number.fill('999');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toContainText('请输入 1 到');
  await number.fill('40');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/pageNum=40/);
  await expect(pager.getByRole('button', { name: /第 40 页，共 4\d 页/ })).toBeVisible();
  await expect(dialog).toBeHidden();

  // Escape closes without moving; the page size is in the dialog too.
  await pager.getByTestId('pager-jump').click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/pageNum=40/);
  await pager.getByTestId('pager-jump').click();
  await dialog.getByRole('combobox', { name: '每页条数' }).selectOption('50');
  await number.fill('3');
  await dialog.getByRole('button', { name: '跳转' }).click();
  await expect(page).toHaveURL(/pageNum=3/);
  await expect(page).toHaveURL(/pageSize=50/);
  await expect(pager.getByRole('button', { name: /第 3 页，共 9 页/ })).toBeVisible();
});
