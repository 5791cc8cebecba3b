import { expect, test } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/seed/demo-account';

/**
 * Addresses found from outside, against the production build: paths that do not percent-decode
 * (Next answered a plain-text 500 before any code of ours ran), a repeated invitation token (a
 * 500 page), and sign-in's next address written so a browser reads another host (`/\evil.example`).
 */

test('paths that do not decode: the 400 envelope under /api, a 404 page elsewhere', async ({ request }) => {
  for (const path of ['/api/%ZZ', '/api/member/public/%ZZ', '/api/member/public/%ED%A0%80/consent', '/api/t/c/%ED%A0%80', '/api/post/%C0%AF']) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(400);
    expect(await answer.json(), path).toMatchObject({ code: 400 });
  }
  for (const path of ['/u/%ZZ', '/p/%ED%A0%80']) {
    const answer = await request.get(path, { headers: { 'accept-language': 'en-US' } });
    expect(answer.status(), path).toBe(404);
    expect(await answer.text(), path).toContain('Page not found');
  }
});

test('a repeated invitation token reads the first one', async ({ page }) => {
  const answer = await page.goto('/portal/invite?token=a&token=b');
  expect(answer?.status()).toBe(200);
  // The invalid-link message (Next's route announcer is an alert too: take the page's own).
  await expect(page.locator('p[role="alert"]')).toBeVisible();
});

test('sign-in never leaves the site for a next address a browser reads as another host', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL: String(baseURL), locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`/login?callbackUrl=${encodeURIComponent('/\\evil.example')}`);
  await page.waitForLoadState('networkidle');
  await page.locator('input[type="email"]').fill(DEMO_EMAIL);
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard/, { timeout: 20_000 });
  await context.close();
});
