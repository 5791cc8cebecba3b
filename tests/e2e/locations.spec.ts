import { expect, test, type Page } from '@playwright/test';
import { DEMO_STATE } from './auth-state';

test.use({ storageState: DEMO_STATE });

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('button', { name, exact: true }) });

test('add (with a bad zip code first), edit, disable and filter, delete a location', async ({ page }) => {
  test.slow();
  const name = `晨光咖啡 测试店 ${Date.now().toString(36)}`;
  const renamed = `${name} 二号`;
  await page.goto('/locations');
  await expect(page.getByRole('heading', { level: 1, name: '门店' })).toBeVisible();
  await expect(page.getByRole('button', { name: '晨光咖啡 静安店', exact: true })).toBeVisible();

  // Add, with a zip code that does not fit China: the message shows beside the field.
  await page.getByRole('button', { name: '添加门店' }).first().click();
  const dialog = page.getByRole('dialog', { name: '添加门店' });
  await dialog.getByLabel('门店名称').fill(name);
  await dialog.getByLabel('详细地址').fill('衡山路 10 号');
  await dialog.getByLabel('城市').fill('上海');
  await dialog.getByLabel('省 / 州').fill('上海');
  await dialog.getByLabel('邮政编码').fill('12345');
  await dialog.getByLabel('电话').fill('021 6288 0000');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('中国邮政编码为 6 位数字，如 200040')).toBeVisible();
  await expect(dialog.getByLabel('邮政编码')).toHaveAttribute('aria-invalid', 'true');

  // Fix it and save.
  await dialog.getByLabel('邮政编码').fill('200031');
  await expect(dialog.getByText('中国邮政编码为 6 位数字，如 200040')).toBeHidden();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('门店已添加')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, name)).toContainText('+86 21 6288 0000');
  await expect(row(page, name)).toContainText('未连接');

  // Edit through the row menu.
  await row(page, name).getByRole('button', { name: `“${name}”的操作` }).click();
  await page.getByRole('menuitem', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑门店' });
  await expect(edit.getByLabel('门店名称')).toHaveValue(name);
  await edit.getByLabel('门店名称').fill(renamed);
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('门店已保存')).toBeVisible();
  await expect(row(page, renamed)).toBeVisible();

  // Details.
  await page.getByRole('button', { name: renamed, exact: true }).click();
  const details = page.getByRole('dialog', { name: renamed });
  await expect(details).toContainText('200031');
  await expect(details).toContainText('Asia/Shanghai');
  await page.keyboard.press('Escape');

  // Disable with the switch, then show enabled only: the location leaves the list.
  const toggle = page.getByRole('switch', { name: `启用“${renamed}”` });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(page.getByText(`已停用“${renamed}”`)).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('checkbox', { name: '仅显示已启用' }).check();
  await expect(page).toHaveURL(/enabled=true/);
  await expect(page.getByRole('button', { name: '晨光咖啡 静安店', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: renamed, exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '晨光咖啡 西岸快闪店', exact: true })).toHaveCount(0);
  await page.getByRole('checkbox', { name: '仅显示已启用' }).uncheck();
  await expect(row(page, renamed)).toBeVisible();

  // Delete, after a confirmation that names the location.
  await row(page, renamed).getByRole('button', { name: `“${renamed}”的操作` }).click();
  await page.getByRole('menuitem', { name: '删除' }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: `删除门店“${renamed}”？` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: '删除门店' }).click();
  await expect(page.getByText('门店已删除')).toBeVisible();
  await expect(page.getByRole('button', { name: renamed, exact: true })).toHaveCount(0);
});

test('a location used by a campaign cannot be deleted, and the refusal names the campaign', async ({ page, baseURL }) => {
  test.slow();
  const name = `晨光咖啡 活动店 ${Date.now().toString(36)}`;
  const campaignName = `春季评价邀请 ${Date.now().toString(36)}`;
  // Same-origin writes with the session cookie carry the Origin header, as a browser's would.
  const headers = { origin: String(baseURL) };
  const created = await page.request.post('/api/merchant/location', { headers, data: { locationName: name, address: '衡山路 12 号', city: '上海', state: '上海', country: 'CN', zipCode: '200031' } });
  expect(created.status()).toBe(200);
  const locationId = (await created.json()).data.locationId as number;
  const templates = await (await page.request.get('/api/campaign/template?type=0&pageSize=5')).json();
  const list = Array.isArray(templates.data) ? templates.data : (templates.data?.records ?? []);
  const templateId = list[0]?.templateId ?? list[0]?.id;
  expect(templateId, 'an e-mail template to build a campaign on').toBeTruthy();
  const campaign = await page.request.post('/api/campaign', { headers, data: { campaignName, campaignChannel: 0, locationId, templateId } });
  expect(campaign.status(), await campaign.text()).toBe(200);

  await page.goto(`/locations?keyword=${encodeURIComponent(name)}`);
  await row(page, name).getByRole('button', { name: `“${name}”的操作` }).click();
  await page.getByRole('menuitem', { name: '删除' }).click();
  await page.getByRole('button', { name: '删除门店' }).click();
  const blocked = page.getByRole('alertdialog', { name: '无法删除该门店' });
  await expect(blocked).toBeVisible();
  await expect(blocked).toContainText(`该门店正被 1 个营销活动使用：“${campaignName}”`);
  await expect(blocked.getByRole('link', { name: '查看营销活动' })).toHaveAttribute('href', '/campaigns/campaigns');
  await blocked.getByRole('button', { name: '关闭' }).first().click();
  await expect(row(page, name)).toBeVisible();
});

test('search by keyword, and the empty result offers to clear the filters', async ({ page }) => {
  await page.goto('/locations');
  await page.getByRole('searchbox', { name: '搜索门店' }).fill('Queensway');
  await page.getByRole('searchbox', { name: '搜索门店' }).press('Enter');
  await expect(page).toHaveURL(/keyword=Queensway/);
  await expect(page.getByRole('button', { name: 'Morning Light Café Central', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '晨光咖啡 静安店', exact: true })).toHaveCount(0);
  await page.getByRole('searchbox', { name: '搜索门店' }).fill('没有这家店');
  await page.getByRole('searchbox', { name: '搜索门店' }).press('Enter');
  await expect(page.getByText('没有符合条件的门店')).toBeVisible();
  await page.getByRole('button', { name: '清除筛选' }).click();
  await expect(page.getByRole('button', { name: '晨光咖啡 静安店', exact: true })).toBeVisible();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test('locations are stacked cards with their actions', async ({ page }) => {
    await page.goto('/locations');
    const card = row(page, '晨光咖啡 静安店');
    await expect(card).toBeVisible();
    const box = await card.boundingBox();
    expect(box && box.width).toBeLessThanOrEqual(375);
    await expect(card.getByRole('switch')).toBeVisible();
    await card.getByRole('button', { name: '“晨光咖啡 静安店”的操作' }).click();
    await page.getByRole('menuitem', { name: '详情' }).click();
    await expect(page.getByRole('dialog', { name: '晨光咖啡 静安店' })).toContainText('200040');
  });
});
