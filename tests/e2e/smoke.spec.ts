import { expect, test } from '@playwright/test';
import { DEMO_STATE } from './auth-state';

test.describe('signed in', () => {
  test.use({ storageState: DEMO_STATE });
  test('the dashboard greets the demo merchant', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByText('晨光咖啡 Morning Light Café').first()).toBeVisible();
  });
});

test('a signed-out visitor is sent to /login', async ({ page }) => {
  await page.goto('/contacts');
  await expect(page).toHaveURL(/\/login/);
});
