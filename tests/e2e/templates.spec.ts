import { expect, test } from '@playwright/test';
import { DEMO_STATE } from './auth-state';

// A real 1x1 PNG.
const PNG = Buffer.from('89504E470D0A1A0A0000000D49484452000000010000000108060000001F15C4890000000D4944415478DA63F8CFC0F01F0005000201B5A0F0A70000000049454E44AE426082', 'hex');

test.use({ storageState: DEMO_STATE });

test('write an e-mail template with formatting, a link, an image and parameters; preview; save; reopen', async ({ page }) => {
  const name = `E2E 邮件 ${Date.now()}`;
  await page.goto('/campaigns/templates/create?type=email');
  await page.getByLabel('模板名称').fill(name);
  await page.getByLabel('邮件主题').fill('{{first_name}}，欢迎回来');
  const editor = page.getByTestId('rich-text-editor');
  await editor.click();
  await page.keyboard.type('Welcome back');
  await page.getByRole('combobox', { name: '段落样式' }).selectOption('h2');
  await expect(editor.locator('h2')).toHaveText('Welcome back');
  await editor.locator('h2').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type('Bold words');
  await page.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type(' for ');
  await page.locator('[data-token="firstName"]').click();
  await page.keyboard.type(' and ');
  await page.locator('[data-token="fullName"]').click();
  await page.keyboard.press('Enter');
  await page.keyboard.type('Review us');
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: '链接', exact: true }).click();
  await page.getByLabel('链接地址').fill('https://example.com/review');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(editor.locator('a[href="https://example.com/review"]')).toHaveText('Review us');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.getByTestId('rte-image-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(editor.locator('img[src*="/api/aws/s3/campaign/view?id="]')).toHaveCount(1);
  // The caret went after the link: the keys pressed as the dialog closed kept its text.
  await expect(editor.locator('a[href="https://example.com/review"]')).toHaveText('Review us');
  await expect(editor.locator('b, strong').first()).toContainText('Bold words');
  await expect(editor).toContainText('{{firstName}}');
  await expect(editor).toContainText('{{fullName}}');

  await page.getByRole('button', { name: '预览' }).click();
  const preview = page.getByTestId('template-preview');
  await expect(preview).toContainText('小雨，欢迎回来');
  await expect(preview).toContainText('Bold words for 小雨 and 林小雨');
  await expect(preview.locator('h2')).toHaveText('Welcome back');
  await expect(preview.locator('a[href="https://example.com/review"]')).toBeVisible();
  await expect(preview.locator('img')).toHaveCount(1);
  await page.keyboard.press('Escape');

  await page.getByTestId('template-save').click();
  await expect(page).toHaveURL(/\/campaigns\/templates\?type=email/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('{{firstName}}，欢迎回来');

  await row.getByRole('button', { name: /更多操作/ }).click();
  await page.getByRole('menuitem', { name: '编辑' }).click();
  await expect(page).toHaveURL(/create\?id=\d+&type=email/);
  const reopened = page.getByTestId('rich-text-editor');
  await expect(page.getByLabel('模板名称')).toHaveValue(name);
  await expect(page.getByLabel('邮件主题')).toHaveValue('{{firstName}}，欢迎回来');
  await expect(reopened.locator('h2')).toHaveText('Welcome back');
  await expect(reopened.locator('b, strong').first()).toContainText('Bold words');
  await expect(reopened).toContainText('for {{firstName}} and {{fullName}}');
  await expect(reopened.locator('a[href="https://example.com/review"]')).toHaveText('Review us');
  await expect(reopened.locator('img[src*="/api/aws/s3/campaign/view?id="]')).toHaveCount(1);
});

/**
 * Where focus is once the tasks already queued have run, but before any later task (a key the user
 * presses next is a later task): microtasks only, a long chain of them.
 */
async function focusAfterThisTask(page: import('@playwright/test').Page, act: 'submit' | 'escape'): Promise<string | null> {
  return page.evaluate(async (action) => {
    const dialog = document.querySelector('[role="dialog"]');
    if (action === 'submit') (dialog?.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    else dialog?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await new Promise<void>((done) => {
      let n = 0;
      const step = () => (++n < 5000 ? queueMicrotask(step) : done());
      queueMicrotask(step);
    });
    return document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null;
  }, act);
}

test('the link dialog gives the editor its focus back in the task that closes it (a key pressed next is not lost)', async ({ page }) => {
  await page.goto('/campaigns/templates/create?type=email');
  const editor = page.getByTestId('rich-text-editor');
  await editor.click();
  await page.keyboard.type('Review us');
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: '链接', exact: true }).click();
  await page.getByLabel('链接地址').fill('https://example.com/review');
  expect(await focusAfterThisTask(page, 'submit')).toBe('rich-text-editor');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.keyboard.type('!');
  await expect(editor.locator('a[href="https://example.com/review"]')).toHaveText('Review us');
  await expect(editor).toContainText('Review us!');

  await page.getByRole('button', { name: '链接', exact: true }).click();
  await expect(page.getByLabel('链接地址')).toBeVisible();
  expect(await focusAfterThisTask(page, 'escape')).toBe('rich-text-editor');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('write an SMS template in Chinese and watch the segment counter', async ({ page }) => {
  await page.goto('/campaigns/templates/create?type=text');
  const name = `E2E 短信 ${Date.now()}`;
  await page.getByLabel('模板名称').fill(name);
  // The opt-out text counts too: turn it off to count only what we type.
  await page.getByLabel('附加退订说明').uncheck();
  const box = page.getByTestId('sms-content');
  const counter = page.getByTestId('sms-counter');
  await box.fill('Hello there');
  await expect(counter).toHaveAttribute('data-encoding', 'GSM-7');
  await expect(counter).toHaveAttribute('data-segments', '1');
  await box.fill('您好'.repeat(35));
  await expect(counter).toHaveAttribute('data-encoding', 'UCS-2');
  await expect(counter).toHaveAttribute('data-segments', '1');
  await expect(counter).toContainText('70 字');
  await box.press('End');
  await page.keyboard.type('！');
  await expect(counter).toHaveAttribute('data-segments', '2');
  await expect(counter).toContainText('71 字 · 2 条短信');
  await box.fill('，感谢光临晨光咖啡');
  await box.press('Home');
  await page.locator('[data-token="firstName"]').click();
  await expect(box).toHaveValue('{{firstName}}，感谢光临晨光咖啡');
  await page.getByTestId('template-save').click();
  await expect(page).toHaveURL(/\/campaigns\/templates\?type=text/);
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
});

test('the list remembers the last tab and shows common templates read-only', async ({ page }) => {
  await page.goto('/campaigns/templates?type=email');
  await expect(page.getByRole('tab', { name: /邮件/ })).toHaveAttribute('aria-selected', 'true');
  // The browser remembers the tab once the page is interactive (localStorage, spec section 9).
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('starloop.templateType'))).toBe('email');
  await page.goto('/campaigns/templates');
  await expect(page.getByRole('tab', { name: /邮件/ })).toHaveAttribute('aria-selected', 'true');
  // Common templates are listed after the merchant's own: the largest page holds them all.
  await page.goto('/campaigns/templates?type=email&pageSize=100');
  const common = page.getByRole('row').filter({ hasText: '通用模板' }).first();
  await common.getByRole('button', { name: /更多操作/ }).click();
  await expect(page.getByRole('menuitem', { name: '编辑' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: '详情' }).click();
  await expect(page.getByTestId('template-detail')).toBeVisible();
});

test('the image button checks the type from the bytes: a PNG named .exe goes in, an .exe named .png is refused', async ({ page }) => {
  await page.goto('/campaigns/templates/create?type=email');
  const editor = page.getByTestId('rich-text-editor');
  await editor.click();
  await page.getByTestId('rte-image-input').setInputFiles({ name: 'photo.exe', mimeType: 'application/x-msdownload', buffer: PNG });
  await expect(editor.locator('img[src*="/api/aws/s3/campaign/view?id="]')).toHaveCount(1);
  const exe = Buffer.concat([Buffer.from('4D5A90000300000004000000FFFF0000B8000000', 'hex'), Buffer.alloc(128)]);
  await page.getByTestId('rte-image-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: exe });
  await expect(page.getByText('不支持的文件类型，仅支持：png, jpeg, gif, webp').first()).toBeVisible();
  await expect(editor.locator('img')).toHaveCount(1);
});

test('the list pages beyond one page, keeping the tab in the address', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const options = { headers: { origin: String(baseURL) } };
  const stamp = Date.now();
  const ids: number[] = [];
  try {
    // More SMS templates than one page holds (20 by default).
    for (let i = 0; i < 21; i++) {
      const res = await page.request.post('/api/campaign/template', { ...options, data: { templateName: `Paging ${stamp} ${String(i).padStart(2, '0')}`, type: 1, content: `Paging text ${i}` } });
      expect(res.ok()).toBe(true);
      ids.push((await res.json()).data.templateId);
    }
    await page.goto('/campaigns/templates?type=text');
    const count = Number((await page.getByTestId('template-count').innerText()).replace(/\D/g, ''));
    expect(count).toBeGreaterThan(20);
    await expect(page.getByRole('navigation', { name: '分页' })).toContainText(`共 ${count} 条`);
    const firstPage = await page.getByRole('row').count();
    expect(firstPage).toBe(21); // the header and 20 templates
    await page.getByRole('button', { name: '第 2 页' }).click();
    await expect(page).toHaveURL(/type=text&page=2/);
    await expect(page.getByRole('button', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('row')).toHaveCount(Math.min(count - 20, 20) + 1);
    // Another tab starts on its first page.
    await page.getByRole('tab', { name: /邮件/ }).click();
    await expect(page).toHaveURL(/\?type=email$/);
    await page.getByRole('tab', { name: /短信/ }).click();
    await expect(page).toHaveURL(/\?type=text$/);
  } finally {
    for (const id of ids) await page.request.delete(`/api/campaign/template/${id}`, options);
  }
});
