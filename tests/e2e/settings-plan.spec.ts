import { expect, test } from '@playwright/test';
import twilio from 'twilio';
import { audit, settle } from './a11y';
import { DEMO_STATE } from './auth-state';

test.use({ storageState: DEMO_STATE, viewport: { width: 1280, height: 900 } });
// Several page loads and axe runs each: slow on a loaded shared machine.
test.setTimeout(180_000);

// scripts/e2e-server.sh signs Twilio webhooks with this token and APP_URL = the test's base URL.
const TWILIO_TOKEN = process.env.TWILIO_AUTH_TOKEN ?? 'e2e-twilio-auth-token';

test('settings shows the plan; Upgrade opens the plans and sends the request to the operator', async ({ page }) => {
  await page.goto('/chat/settings');
  await settle(page);
  // The same plan card as /more: the plan badge, its status, and the start-trial / upgrade actions.
  await expect(page.getByTestId('plan-badge')).toBeVisible();
  await expect(page.getByTestId('current-status')).not.toBeEmpty();
  expect(await audit(page, 'settings')).toEqual([]);
  await page.getByTestId('upgrade').click();

  await expect(page).toHaveURL(/\/more\/upgrade$/);
  await expect(page.getByRole('heading', { level: 1, name: '升级套餐' })).toBeVisible({ timeout: 30_000 });
  const plans = page.getByTestId('upgrade-plans');
  for (const name of ['基础版', '标准版', '高级版', '专业版', '企业版']) await expect(plans.getByRole('radio', { name })).toBeVisible();
  await expect(page.getByTestId('upgrade-details')).toContainText('demo@starloop.app');
  expect(await audit(page, 'upgrade')).toEqual([]);

  await plans.getByRole('radio', { name: '专业版' }).check();
  await page.getByLabel('留言（选填）').fill('E2E：三家门店，想了解专业版。');
  await page.getByTestId('send-upgrade').click();
  await expect(page.getByTestId('upgrade-sent')).toContainText('已收到您的专业版申请');
  await expect(page.getByTestId('upgrade-sent')).toContainText('demo@starloop.app');
  expect(await audit(page, 'upgrade sent')).toEqual([]);
});

test("settings shows the merchant's signed SMS webhook address, and a text posted to it lands in the inbox", async ({ page, baseURL }) => {
  await page.goto('/chat/settings');
  const card = page.getByTestId('sms-webhook-card');
  await expect(card.getByRole('heading', { name: '短信收件网址' })).toBeVisible();
  await expect(card.getByText('A message comes in', { exact: false }).first()).toBeVisible();
  const address = (await page.getByTestId('sms-webhook-url').textContent())?.trim() ?? '';
  expect(address).toMatch(/\/api\/webhooks\/twilio\/inbound\?inbox=m\d+\.[a-z0-9]+$/);
  await expect(card.getByRole('button', { name: '复制网址' })).toBeVisible();

  // Twilio posts to exactly that address, signed; the sender is a number nobody knows yet.
  const url = new URL(address);
  expect(url.origin).toBe(new URL(String(baseURL)).origin);
  const stamp = Date.now().toString(36);
  const form = { From: `+1555${String(Date.now()).slice(-7)}`, To: '+15005559999', Body: `E2E 共用号码 ${stamp}`, MessageSid: `SMweb${stamp}` };
  const posted = await page.request.post(url.pathname + url.search, { form, headers: { 'x-twilio-signature': twilio.getExpectedTwilioSignature(TWILIO_TOKEN, address, form) } });
  expect(posted.status()).toBe(200);

  await page.goto('/inbox');
  await expect(page.getByTestId('conversation-list').getByRole('button').filter({ hasText: `E2E 共用号码 ${stamp}` })).toBeVisible();
});
