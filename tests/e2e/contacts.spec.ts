import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_STATE } from './auth-state';

test.use({ storageState: DEMO_STATE });
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString().slice(-6);

test('adds a contact with the detailed form and refuses a duplicate', async ({ page }) => {
  await page.goto('/contacts');
  await page.getByRole('button', { name: '添加联系人' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('邮箱和手机至少填写一项').first()).toBeVisible();
  await dialog.getByLabel(/^姓/).fill('测');
  await dialog.getByLabel(/^名/).fill(`试${stamp}`);
  await dialog.getByLabel('邮箱').fill(`e2e.${stamp}@example.com`);
  await dialog.getByLabel('手机').fill('12345');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('请输入 7-20 位数字的电话号码（可包含 +、空格、短横线和括号）')).toBeVisible();
  await dialog.getByLabel('手机').fill(`+86 137 00${stamp}`);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/contacts\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`测试${stamp}`);

  await page.goto('/contacts');
  await page.getByRole('button', { name: '快速添加' }).click();
  const quick = page.getByRole('dialog');
  await quick.getByLabel('姓名').fill('重复的人');
  await quick.getByLabel('邮箱').fill(`E2E.${stamp}@example.com`);
  await quick.getByRole('button', { name: '添加' }).click();
  await expect(quick.getByText(/邮箱已被联系人 测试/).first()).toBeVisible();
  await expect(quick.getByRole('link', { name: '查看已有联系人' })).toBeVisible();
});

test('filters the list, with the filters in the URL', async ({ page }) => {
  await page.goto('/contacts');
  await page.getByRole('searchbox').fill(`试${stamp}`);
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(page).toHaveURL(new RegExp(`keyword=`));
  await expect(page.getByRole('link', { name: `测试${stamp}` })).toBeVisible();
  await expect(page.getByText('共 1 条').or(page.getByText(/共\s*1\s/)).first()).toBeVisible();
  await page.getByRole('combobox', { name: '邮件订阅' }).click();
  await page.getByRole('option', { name: '邮件订阅: 已订阅' }).click();
  await expect(page).toHaveURL(/emailOpt=in/);
  await expect(page.getByText('没有符合筛选条件的联系人')).toBeVisible();
  // A bookmarked URL opens with the same filters.
  await page.goto(page.url());
  await expect(page.getByText('没有符合筛选条件的联系人')).toBeVisible();
});

test('imports the sample spreadsheet through upload, match and import', async ({ page }, info) => {
  const sample = await page.request.get('/api/member/import/sample', { headers: { 'accept-language': 'zh-CN' } });
  expect(sample.ok()).toBe(true);
  const file = path.join(info.outputDir, 'sample.xlsx');
  fs.mkdirSync(info.outputDir, { recursive: true });
  fs.writeFileSync(file, await sample.body());

  await page.goto('/contacts/import');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '请先选择文件' })).toBeVisible();
  await page.getByLabel('选择文件').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(page.getByRole('alert').filter({ hasText: '仅支持 Excel (.xlsx, .xls) 或 CSV 文件' })).toBeVisible();
  await page.getByLabel('选择文件').setInputFiles(file);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('共 2 行数据')).toBeVisible();
  await expect(page.getByRole('combobox', { name: '导入为: 邮箱' })).toContainText('邮箱');
  await expect(page.getByRole('table', { name: '前几行预览' })).toContainText('xiaoming.wang@example.com');
  // The check step says what the import will do before anything is written.
  await page.getByRole('button', { name: '检查导入结果' }).click();
  await expect(page.getByText('尚未写入任何数据', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: '开始导入' }).click();
  await expect(page.getByText('导入完成').first()).toBeVisible();
  const created = Number(await page.getByTestId('import-created').textContent());
  const updated = Number(await page.getByTestId('import-updated').textContent());
  const unchanged = Number(await page.getByTestId('import-unchanged').textContent());
  expect(created + updated + unchanged).toBe(2);
  await expect(page.getByTestId('import-skipped')).toHaveText('0');
  await page.getByRole('link', { name: '查看联系人' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
});

test('opts a contact out through its public page', async ({ page, browser }) => {
  await page.goto(`/contacts?keyword=${encodeURIComponent('王小明')}`);
  await page.getByRole('link', { name: '王小明' }).click();
  const optout = await page.locator('code').filter({ hasText: 'action=optout' }).textContent();
  expect(optout).toMatch(/\/u\/[A-Za-z0-9_-]{32}\?action=optout$/);
  const url = new URL(optout ?? '');

  // A visitor without a session (a customer) opens the link: reading it changes nothing.
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] }, locale: 'zh-CN' });
  const pub = await visitor.newPage();
  await pub.goto(url.pathname + url.search);
  // The merchant's name is bidi-isolated (FSI … PDI) in the sentence.
  await expect(pub.getByText(/来自 \u2068?晨光咖啡/)).toBeVisible();
  await expect(pub.getByTestId('state-email')).toContainText('已订阅');
  await pub.reload();
  await expect(pub.getByTestId('state-email')).toContainText('已订阅');
  await pub.getByRole('button', { name: '确认退订' }).click();
  await expect(pub.getByRole('status')).toContainText('您已退订');
  await expect(pub.getByTestId('state-email')).toContainText('已退订');
  await visitor.close();

  await page.reload();
  await expect(page.getByRole('list', { name: '订阅记录' })).toContainText('订阅页面');
});

test('exports the filtered list as CSV with a BOM', async ({ page }) => {
  await page.goto(`/contacts?keyword=${encodeURIComponent('example.com')}`);
  await page.getByRole('button', { name: '导出' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: '导出 CSV' }).click()]);
  const body = fs.readFileSync(await download.path());
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = body.toString('utf8');
  expect(text).toContain('姓,名,邮箱,手机');
  expect(text).toContain('xiaoming.wang@example.com');
  expect(download.suggestedFilename()).toMatch(/^contacts-.*\.csv$/);
});

test('batch-deletes with a confirmation naming how many go', async ({ page }) => {
  await page.goto(`/contacts?keyword=${encodeURIComponent('example.com')}&type=leads`);
  await page.getByRole('button', { name: '批量删除' }).click();
  const rows = await page.getByRole('table').getByRole('row').count();
  await page.getByRole('checkbox', { name: '全选' }).first().check();
  const n = rows - 1;
  await page.getByRole('button', { name: `删除所选（${n}）` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`将删除 ${n} 位联系人`);
  await confirm.getByRole('button', { name: `删除 ${n} 位` }).click();
  await expect(page.getByText(`已删除 ${n} 位联系人`)).toBeVisible();
  await expect(page.getByText('没有符合筛选条件的联系人')).toBeVisible();
});

test('Back after deleting a contact does not bring its page back', async ({ page, baseURL }) => {
  const created = await page.request.post('/api/member', { headers: { origin: String(baseURL) }, data: { firstName: '返回', lastName: `删${stamp}`, email: `back.${stamp}@example.com` } });
  const id = (await created.json()).data.id as number;
  await page.goto('/contacts');
  await page.goto(`/contacts/${id}`);
  await page.getByRole('button', { name: '删除', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '删除', exact: true }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await page.goBack();
  await expect(page).not.toHaveURL(new RegExp(`/contacts/${id}$`));
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(`删${stamp}返回`);
});
