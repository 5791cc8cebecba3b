import { test } from '@playwright/test';
import { DEMO_STATE } from './auth-state';

// Screenshots for review (not assertions): SCREENSHOTS=1 npx playwright test tests/e2e/templates-screens.spec.ts
test.skip(!process.env.SCREENSHOTS, 'screenshots only on demand');
test.use({ storageState: DEMO_STATE });

const pages = [
  ['list-email', '/campaigns/templates?type=email'],
  ['list-text', '/campaigns/templates?type=text'],
  ['editor-email', '/campaigns/templates/create?type=email'],
  ['editor-text', '/campaigns/templates/create?type=text'],
] as const;

for (const [width, label] of [[1280, 'desktop'], [375, 'mobile']] as const) {
  for (const dark of [false, true]) {
    test(`templates screens ${label} ${dark ? 'dark' : 'light'}`, async ({ page }) => {
      await page.setViewportSize({ width, height: label === 'desktop' ? 900 : 812 });
      for (const [name, url] of pages) {
        await page.goto(url);
        await page.waitForLoadState('networkidle');
        if (dark) await page.evaluate(() => document.documentElement.classList.add('dark'));
        await page.waitForTimeout(300);
        await page.screenshot({ path: `test-results/screens/templates-${name}-${label}-${dark ? 'dark' : 'light'}.png`, fullPage: true });
      }
    });
  }
}
