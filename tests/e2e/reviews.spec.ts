import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_STATE } from './auth-state';

test.use({ storageState: DEMO_STATE });

const SHOTS = process.env.REVIEWS_SCREENSHOTS;

async function english(page: Page, baseURL: string | undefined) {
  await page.context().addCookies([{ name: 'NEXT_LOCALE', value: 'en-US', url: String(baseURL) }]);
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.describe.serial('sources, reviews and dashboard', () => {
  test('connect the sandbox, drill down, link a location and sync', async ({ page, baseURL }) => {
    await english(page, baseURL);
    await page.goto('/sources');
    await expect(page.getByRole('heading', { level: 1, name: 'Sources' })).toBeVisible();
    // The demo merchant starts connected: disconnect first (with confirmation), then connect again.
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByText('Disconnected', { exact: true }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Reconnect' }).first().click();
    await expect(page.getByTestId('source-card').getByText('Connected', { exact: true })).toBeVisible();
    await expect(page.getByText('Demo data', { exact: true })).toBeVisible();

    // Accounts -> locations -> reviews, and back.
    await page.getByRole('link', { name: 'View locations' }).first().click();
    await expect(page).toHaveURL(/account=accounts%2F/);
    await expect(page.getByTestId('provider-location')).toHaveCount(3);
    const xuhui = page.getByTestId('provider-location').filter({ hasText: '晨光咖啡 徐汇滨江店' });
    await xuhui.getByRole('link', { name: 'View reviews' }).click();
    await expect(page).toHaveURL(/location=locations%2F/);
    await expect(page.getByTestId('provider-review')).toHaveCount(50);
    await expect(page.getByText(/64 reviews/)).toBeVisible();
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page.getByTestId('provider-review')).toHaveCount(14);
    await page.getByRole('navigation', { name: 'You are here' }).getByRole('link', { name: /Morning Light Group/ }).click();
    await expect(page.getByTestId('provider-location')).toHaveCount(3);

    // Link the Xuhui location to the pop-up store.
    await page.getByRole('combobox', { name: 'Link 晨光咖啡 徐汇滨江店 to one of your locations' }).click();
    await page.getByRole('option', { name: '晨光咖啡 西岸快闪店' }).click();
    await page.getByTestId('provider-location').filter({ hasText: '晨光咖啡 徐汇滨江店' }).getByRole('button', { name: 'Link' }).click();
    await expect(page.getByTestId('provider-location').filter({ hasText: '晨光咖啡 徐汇滨江店' }).getByText('Linked to 晨光咖啡 西岸快闪店')).toBeVisible();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByText(/Sync finished: 64 new/)).toBeVisible({ timeout: 30_000 });
    await shot(page, 'sources-desktop');
  });

  test('reply to a review with a draft, then filter the reviews', async ({ page, baseURL }) => {
    // Many steps (reply, filters, report): ~55 s on a loaded shared machine, close to the default.
    test.slow();
    await english(page, baseURL);
    await page.goto('/reviews?view=needsResponse&site=google');
    await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
    const card = page.getByTestId('review-card').first();
    await expect(card.getByText('Needs response')).toBeVisible();
    const reviewer = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
    await card.getByRole('button', { name: 'Reply' }).click();
    await card.getByRole('button', { name: 'Draft a reply' }).click();
    const box = card.getByRole('textbox');
    await expect(box).not.toHaveValue('');
    await expect(card.getByText(/\d+ \/ 4096 bytes/)).toBeVisible();
    await box.fill('非常抱歉这次没有让您满意，我们已经改进了出品流程，欢迎再来。');
    await expect(card.getByText('90 / 4096 bytes')).toBeVisible();
    await card.getByRole('button', { name: 'Post to Google' }).click();
    await expect(page.getByText('Reply posted')).toBeVisible();
    // Answered: it leaves the needs-response view.
    await expect(page.getByTestId('review-card').filter({ hasText: reviewer }).filter({ hasText: '非常抱歉这次没有让您满意' })).toHaveCount(0);
    await page.goto(`/reviews?q=${encodeURIComponent('出品流程')}`);
    await expect(page.getByTestId('owner-reply')).toContainText('非常抱歉这次没有让您满意');

    // Filters are applied through the form and kept in the URL.
    await page.goto('/reviews');
    await page.getByLabel('Keyword').fill('拿铁');
    await page.getByRole('combobox', { name: 'Maximum rating' }).click();
    await page.getByRole('option', { name: '5 stars' }).click();
    await page.getByRole('combobox', { name: 'Minimum rating' }).click();
    await page.getByRole('option', { name: '4 stars' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/q=%E6%8B%BF%E9%93%81/);
    await expect(page).toHaveURL(/minRating=4/);
    const cards = page.getByTestId('review-card');
    await expect(cards.first()).toContainText('拿铁');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) await expect(cards.nth(i)).toContainText(/拿铁/);
    await page.getByRole('combobox', { name: 'Review site' }).click();
    await page.getByRole('option', { name: 'Dianping' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/site=dianping/);
    await expect(page.getByTestId('review-card').first().getByText('Dianping')).toBeVisible();
    await shot(page, 'reviews-desktop');

    // The report of the filtered reviews: a spreadsheet, and a printable page with its charts.
    await page.getByRole('button', { name: 'Report' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /Download spreadsheet/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^reviews-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await page.goto(`/reviews/report?site=dianping`);
    await expect(page.getByRole('heading', { level: 1, name: 'Review report' })).toBeVisible();
    await expect(page.getByText('Filters: Review site: Dianping')).toBeVisible();
    await expect(page.getByTestId('trend-chart')).toBeVisible();
    await expect(page.getByTestId('rating-chart')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  });

  test('the dashboard shows its figures and charts', async ({ page, baseURL }) => {
    await english(page, baseURL);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('trend-chart')).toBeVisible();
    expect(await page.getByTestId('trend-chart').locator('rect').count()).toBeGreaterThanOrEqual(12);
    await expect(page.getByTestId('stat-review-total')).toContainText(/\d+/);
    await expect(page.getByTestId('stat-email')).toBeVisible();
    await expect(page.getByTestId('stat-request-to-review')).toBeVisible();
    await expect(page.getByTestId('stat-request-to-review')).toContainText('per 100 requests');
    await expect(page.getByTestId('rating-chart')).toBeVisible();
    await page.getByRole('combobox', { name: 'Location' }).click();
    await page.getByRole('option', { name: 'Morning Light Café Central' }).click();
    await expect(page).toHaveURL(/locationId=\d+/);
    await expect(page.getByTestId('trend-chart')).toBeVisible();
    await shot(page, 'dashboard-desktop');
  });
});

test('at 375 px each review card keeps its actions button in the top corner, beside the reviewer', async ({ page, baseURL }) => {
  await english(page, baseURL);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/reviews');
  const cards = page.getByTestId('review-card');
  await expect(cards.first()).toBeVisible();
  const count = Math.min(await cards.count(), 10);
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const card = cards.nth(i);
    const button = card.getByRole('button', { name: /^More actions/ });
    const name = card.getByRole('heading', { level: 3 });
    const [b, h, c] = await Promise.all([button.boundingBox(), name.boundingBox(), card.boundingBox()]);
    if (!b || !h || !c) throw new Error(`card ${i} not laid out`);
    // Same first line as the reviewer's name (not wrapped below the details), inside the card.
    expect(b.y, `card ${i}`).toBeLessThan(h.y + h.height);
    expect(b.x + b.width, `card ${i}`).toBeLessThanOrEqual(c.x + c.width);
    expect(h.x + h.width, `card ${i}`).toBeLessThanOrEqual(b.x);
  }
});
