import { expect, test, type Page } from '@playwright/test';
import { audit } from './a11y';
import { DEMO_STATE } from './auth-state';

test.use({ storageState: DEMO_STATE });

// The demo's completed e-mail campaign has two messages "to check" (lib/seed/review-demo.ts).
const CAMPAIGN = 'Summer iced coffee: tell us what you think';

async function openCampaigns(page: Page) {
  await page.goto('/campaigns/campaigns');
  await page.getByRole('searchbox', { name: '搜索请求名称' }).fill('Summer iced coffee');
  return page.getByRole('row').filter({ hasText: CAMPAIGN });
}

test('the review at 375 px in the dark theme: a bottom sheet as wide as the screen, nothing cut, contrast kept', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const row = await openCampaigns(page);
  await row.getByRole('button', { name: /2 条待核查/ }).click();
  const dialog = page.getByRole('dialog', { name: /待核查的消息/ });
  await expect(dialog.getByTestId('review-row')).toHaveCount(2);
  // Measured once the sheet has slid in (its opening animation moves it).
  await expect.poll(async () => {
    const box = await dialog.boundingBox();
    return !!box && box.x >= 0 && box.x + box.width <= 375;
  }).toBe(true);
  expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  for (const button of await dialog.getByTestId('review-row').first().getByRole('button').all()) {
    await expect.poll(async () => {
      const b = await button.boundingBox();
      return !!b && b.x >= 0 && b.x + b.width <= 375 && b.height >= 32;
    }).toBe(true);
  }
  expect(await audit(page, 'review dialog, 375 px, dark', '[role="dialog"]')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('"2 to check" beside the delivered count opens the review: per contact, a confirmed send-again, and mark all as sent', async ({ page }) => {
  const row = await openCampaigns(page);
  const badge = row.getByRole('button', { name: /2 条待核查/ });
  await expect(badge).toBeVisible();
  // Keyboard: the badge is a button in the tab order.
  await badge.focus();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: /待核查的消息/ });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('大概率已送达，但我们无法确认。');
  const rows = dialog.getByTestId('review-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('交出后发送程序中断');
  await expect(rows.nth(1)).toContainText('服务商没有回应');
  expect(await audit(page, 'review dialog', '[role="dialog"]')).toEqual([]);

  // "Send again" asks first, naming the contact and warning they may get it twice; cancelled here.
  const name = (await rows.first().locator('span.font-medium').first().textContent()) ?? '';
  await rows.first().getByRole('button', { name: new RegExp(`^重新发送`) }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText(`重新发送给 ${name}？`);
  await expect(ask).toContainText('对方会收到两次');
  await ask.getByRole('button', { name: '取消' }).click();
  await expect(ask).toBeHidden();
  await expect(rows).toHaveCount(2);

  // One marked as sent: it leaves the list, the focus goes to the row now in its place.
  await rows.first().getByRole('button', { name: /^标记为已发送/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('button', { name: /^标记为已发送/ })).toBeFocused();

  // The rest at once (there is no "send all again").
  await expect(dialog.getByRole('button', { name: /全部重新发送/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: '全部标记为已发送' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '全部标记为已发送' }).click();
  await expect(dialog.getByTestId('review-empty')).toContainText('没有待核查的消息了。');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('to-check')).toHaveCount(0);
  await expect(row).toContainText('23/24');
});
