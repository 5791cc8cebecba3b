import { expect, test } from '@playwright/test';
import { audit, settle } from './a11y';
import { DEMO_STATE } from './auth-state';

test.use({ storageState: DEMO_STATE, viewport: { width: 1280, height: 900 } });

// The server's REVIEW_REPORT_ROWS (default 2,000): run with a small one to see the notice on the demo data.
const LIMIT = Number(process.env.REVIEW_REPORT_ROWS) || 2000;

test('the printable report says plainly when it lists only the newest reviews, and links the .xlsx for all', async ({ page }) => {
  test.setTimeout(180_000);
  const total = (await (await page.request.get('/api/reviews?pageSize=20')).json()).data.total as number;
  await page.goto('/reviews/report');
  await settle(page);
  // The reviews table is the report's last section (the charts carry tables of their own for screen readers).
  const rows = page.locator('#review-report > section').last().locator('tbody tr');
  const notice = page.getByTestId('report-capped');
  if (total <= LIMIT) {
    await expect(notice).toHaveCount(0);
    await expect(rows).toHaveCount(total);
    return;
  }
  await expect(rows).toHaveCount(LIMIT);
  await expect(notice).toContainText(`共 ${total.toLocaleString('zh-CN')} 条`);
  const link = notice.getByRole('link', { name: '下载表格（.xlsx）查看全部评价' });
  await expect(link).toHaveAttribute('href', '/api/reviews/report');
  const download = await page.request.get('/api/reviews/report');
  expect(download.headers()['content-type']).toContain('spreadsheetml');
  // The figures cover every review, not only the rows listed.
  await expect(page.locator('#review-report dl dd').first()).toHaveText(String(total));
  expect(await audit(page, 'review report (capped)')).toEqual([]);
});
