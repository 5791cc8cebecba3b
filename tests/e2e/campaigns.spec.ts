import { expect, test, type Page } from '@playwright/test';
import { DEMO_STATE } from './auth-state';

test.use({ storageState: DEMO_STATE });

const NAME = `E2E 短信邀请 ${Date.now().toString(36)}`;
const RENAMED = `${NAME}（已编辑）`;

/** Picks an option of one of our Radix selects by the select's accessible name. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function openRowItem(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `${name} 的操作` }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** A row action: its confirmation, then the list reloads. */
async function rowAction(page: Page, name: string, action: string) {
  await openRowItem(page, name, action);
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button').last().click();
  await expect(dialog).toBeHidden();
}

function statusOf(page: Page, name: string) {
  return page.getByRole('row').filter({ hasText: name });
}

test('an SMS request from draft to scheduled, paused, resumed, reverted and deleted', async ({ page }) => {
  test.setTimeout(180_000);
  // Create as a draft.
  await page.goto('/campaigns/sms-request');
  await page.getByLabel('请求名称').fill(NAME);
  await expect(page.getByText(`${NAME.length}/100`)).toBeVisible();
  await choose(page, '模板', /邀请评价/);
  await choose(page, '门店', '晨光咖啡 静安店');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page).toHaveURL(/\/campaigns\/campaigns/);
  await expect(statusOf(page, NAME)).toContainText('草稿');

  // Edit it.
  await openRowItem(page, NAME, '编辑');
  await expect(page).toHaveURL(/\/campaigns\/sms-request\?id=\d+/);
  await expect(page.getByLabel('请求名称')).toHaveValue(NAME);
  await page.getByLabel('请求名称').fill(RENAMED);

  // Preview the members and the message.
  await page.getByRole('button', { name: '预览会员' }).click();
  const members = page.getByRole('dialog', { name: '会员预览' });
  await expect(members).toBeVisible();
  await expect(members.getByText(/位会员符合条件/)).toBeVisible();
  await expect(members.getByRole('row').nth(1)).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '预览模板' }).click();
  const preview = page.getByRole('dialog', { name: '模板预览' });
  // The location's review link and the unsubscribe sentence, rendered for the first member.
  await expect(preview.getByTestId('preview-sms')).toContainText(/https:\/\/\S+/);
  await expect(preview.getByTestId('preview-sms')).not.toContainText('{{');
  await page.keyboard.press('Escape');

  // Schedule it for tomorrow in Asia/Tokyo.
  await page.getByRole('radio', { name: '定时发送' }).check();
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(tomorrow);
  await page.locator('input[type="datetime-local"]').fill(`${day}T10:30`);
  await choose(page, '时区', 'Asia/Tokyo');
  await page.getByRole('button', { name: '定时发送', exact: true }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Asia/Tokyo');
  await confirm.getByRole('button', { name: '定时发送' }).click();
  await expect(page).toHaveURL(/\/campaigns\/campaigns/);
  const row = statusOf(page, RENAMED);
  await expect(row).toContainText('等待发送');
  await expect(row).toContainText('Asia/Tokyo');
  await expect(row).toContainText(`${day} 10:30:00`);

  // Pause, resume (back to waiting), revert to draft, delete.
  await rowAction(page, RENAMED, '暂停');
  await expect(statusOf(page, RENAMED)).toContainText('已暂停');
  await rowAction(page, RENAMED, '恢复');
  await expect(statusOf(page, RENAMED)).toContainText('等待发送');
  await rowAction(page, RENAMED, '恢复为草稿');
  await expect(statusOf(page, RENAMED)).toContainText('草稿');
  await rowAction(page, RENAMED, '删除');
  await expect(page.getByRole('row').filter({ hasText: RENAMED })).toHaveCount(0);
});

test('the list filters by channel then status, sorts by time and pages', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.goto('/campaigns/campaigns');
  // Enough requests for a second page (10 per page by default).
  const options = { headers: { origin: String(baseURL) } };
  const existing = await (await page.request.get('/api/campaign?pageNum=1&pageSize=50')).json();
  const sms = existing.data.records.find((r: { campaignChannel: number }) => r.campaignChannel === 1) as { templateId: number; locationId: number };
  for (let i = 0; i < 6; i++) {
    const res = await page.request.post('/api/campaign', { ...options, data: { campaignName: `Paging ${i}`, campaignChannel: 1, templateId: sms.templateId, locationId: sms.locationId } });
    expect(res.ok()).toBe(true);
  }
  await page.reload();
  await expect(page.getByText(/共 \d+ 条/)).toBeVisible();
  // Sorted by the Send on column, newest first; drafts (no send time yet) come last.
  const firstRow = page.getByRole('row').nth(1);
  await expect(firstRow).not.toContainText('Paging');
  const newest = await firstRow.innerText();

  // Sorting: oldest first.
  await page.getByTestId('campaign-sort').click();
  await expect(firstRow).not.toHaveText(newest);
  await expect(firstRow).not.toContainText('Paging');
  await expect(page.getByTestId('campaign-sort')).toContainText('从旧到新');

  // Paging: a second page exists and shows the rest, the new drafts among them.
  await page.getByRole('button', { name: '第 2 页' }).click();
  await expect(page.getByRole('button', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('row').filter({ hasText: 'Paging 5' })).toBeVisible();

  // Cascading filter: email, then done.
  await page.getByTestId('campaign-filter').click();
  await page.getByRole('menuitem', { name: '邮件' }).hover();
  await page.getByRole('menuitem', { name: '已完成' }).click();
  // The inline dispatcher may have finished the demo's sending request too: every row is an e-mail that is done.
  await expect(page.getByRole('row').filter({ hasText: 'Summer iced coffee' })).toBeVisible();
  const doneRows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  for (const text of await doneRows.allInnerTexts()) expect(text).toMatch(/邮件[\s\S]*已完成/);
  await page.getByTestId('campaign-filter').click();
  await page.getByRole('menuitem', { name: '短信' }).hover();
  await page.getByRole('menuitem', { name: '全部状态' }).click();
  const rows = page.getByRole('row');
  await expect(rows.nth(1)).toContainText('短信');
  expect(await page.getByRole('cell', { name: '邮件', exact: true }).count()).toBe(0);

  // Search.
  await page.getByLabel('搜索请求名称').fill('Paging 3');
  await expect(page.getByRole('row')).toHaveCount(2);
});
