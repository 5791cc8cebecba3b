import { expect, test, type Page } from '@playwright/test';
import { DEMO_STATE } from './auth-state';

// A real 1x1 PNG (the server checks the bytes, not the name).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

test.use({ storageState: DEMO_STATE });

async function imageLoaded(page: Page, selector: string) {
  await expect.poll(() => page.locator(selector).first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test('write, preview, publish, read signed out, unpublish', async ({ page, browser, baseURL }) => {
  const title = `春季限定：樱花拿铁 ${Date.now()}`;
  await page.goto('/posts/add');
  await page.getByLabel('标题').fill(title);
  await page.getByLabel('摘要').fill('三月起两家门店同步供应，会员首周 8 折。');

  await page.getByTestId('post-cover-input').setInputFiles(png('cover.png'));
  await expect(page.getByTestId('post-cover-image')).toBeVisible();

  const editor = page.getByTestId('rich-text-editor');
  await editor.click();
  await page.keyboard.type('樱花季的第一杯拿铁，已经在静安店等你。');
  await page.getByTestId('rte-image-input').setInputFiles(png('latte.png'));
  await expect(editor.locator('img')).toHaveCount(1);

  await page.getByRole('button', { name: '保存草稿' }).click();
  await expect(page).toHaveURL(/\/posts\/edit\/\d+$/);
  await expect(page.getByTestId('post-save-state')).toContainText('上次保存');
  const id = page.url().match(/edit\/(\d+)/)?.[1];

  // Preview: the public article view, with the draft warning.
  await page.getByRole('button', { name: '预览' }).click();
  await expect(page).toHaveURL(new RegExp(`/posts/preview/${id}$`));
  const frame = page.getByTestId('post-preview-frame');
  await expect(frame.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('post-preview-banner')).toContainText('草稿');
  await expect(frame.locator('img')).toHaveCount(2);

  await page.getByRole('link', { name: '返回编辑' }).click();
  await expect(page).toHaveURL(new RegExp(`/posts/edit/${id}$`));
  await page.getByRole('button', { name: '发布', exact: true }).click();
  await expect(page.getByTestId('post-status')).toHaveText('已发布');
  const publicPath = await page.getByTestId('post-public-link').getAttribute('href');
  expect(publicPath).toMatch(/^\/p\/[A-Za-z0-9_-]{16}$/);

  // A fresh browser context: nobody signed in.
  const visitor = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const reader = await visitor.newPage();
  const response = await reader.goto(publicPath ?? '');
  expect(response?.status()).toBe(200);
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(reader.getByText('樱花季的第一杯拿铁')).toBeVisible();
  await expect(reader.locator('article img')).toHaveCount(2);
  await imageLoaded(reader, 'article img >> nth=0');
  await imageLoaded(reader, 'article img >> nth=1');
  await expect(reader).toHaveTitle(new RegExp(title));
  await expect(reader.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
  await expect(reader.locator('meta[name="description"]')).toHaveAttribute('content', '三月起两家门店同步供应，会员首周 8 折。');
  await expect(reader.locator('meta[property="og:image"]').first()).toHaveAttribute('content', /\/api\/aws\/s3\/post\/view\?id=\d+&s=[A-Za-z0-9_-]+$/);
  await expect(reader.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${publicPath}$`));

  // Unpublish: the public page is gone at once.
  await page.getByRole('button', { name: '取消发布' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '取消发布' }).click();
  await expect(page.getByTestId('post-status')).toHaveText('草稿');
  const gone = await reader.goto(publicPath ?? '');
  expect(gone?.status()).toBe(404);
  await expect(reader.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
  await visitor.close();
});

test('unsaved changes: a warning before leaving, and a local copy restored on return', async ({ page }) => {
  await page.goto('/posts/add');
  await page.getByLabel('标题').fill('还没保存的标题');
  await expect(page.getByTestId('post-save-state')).toHaveText('有未保存的修改');

  // An in-app link asks first; staying keeps the work.
  await page.getByRole('link', { name: /返回列表/ }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('离开此页？');
  await dialog.getByRole('button', { name: '留在此页' }).click();
  await expect(page).toHaveURL(/\/posts\/add$/);

  // Leaving anyway (a reload here) and coming back restores the text, with a way to drop it.
  await page.waitForTimeout(600);
  page.once('dialog', (d) => void d.accept());
  await page.reload();
  await expect(page.getByTestId('post-draft-restored')).toBeVisible();
  await expect(page.getByLabel('标题')).toHaveValue('还没保存的标题');
  await page.getByRole('button', { name: '放弃这些修改' }).click();
  await expect(page.getByLabel('标题')).toHaveValue('');
  await page.reload();
  await expect(page.getByTestId('post-draft-restored')).toHaveCount(0);
});

test('the list: seeded articles, search, and a delete that asks first', async ({ page }) => {
  await page.goto('/posts');
  await expect(page.getByRole('link', { name: '秋冬季新品菜单上线：栗子拿铁回来了' })).toBeVisible();
  await page.getByRole('searchbox').fill('Holiday');
  await page.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/keyword=Holiday/);
  await expect(page.getByRole('link', { name: 'Holiday opening hours for Christmas and New Year' })).toBeVisible();
  await expect(page.getByRole('link', { name: '秋冬季新品菜单上线：栗子拿铁回来了' })).toHaveCount(0);

  await page.goto('/posts?keyword=元旦');
  await page.getByRole('button', { name: /更多操作/ }).first().click();
  await page.getByRole('menuitem', { name: '删除' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('元旦假期营业时间调整');
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(page.getByRole('link', { name: '元旦假期营业时间调整' })).toBeVisible();
});
