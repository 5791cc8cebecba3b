import { expect, test } from '@playwright/test';
import twilio from 'twilio';
import { DEMO_STATE } from './auth-state';

test.use({ storageState: DEMO_STATE });

// scripts/e2e-server.sh signs Twilio webhooks with this token and APP_URL = the test's base URL.
const TWILIO_TOKEN = process.env.TWILIO_AUTH_TOKEN ?? 'e2e-twilio-auth-token';

test('a customer SMS arrives, the merchant replies by SMS, marks it processed and filters', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  // A demo contact who may receive texts.
  const list = await (await page.request.get('/api/member?pageSize=100')).json();
  const contact = (list.data.records as { id: number; phone: string | null; smsOptIn: boolean | null; firstName: string; lastName: string }[]).find((c) => c.phone && c.smsOptIn === true);
  expect(contact, 'a demo contact with an SMS opt-in').toBeDefined();
  const phone = contact?.phone ?? '';
  const body = `E2E 请问今晚几点打烊？${Date.now().toString(36)}`;

  // The customer's SMS, as Twilio posts it (signed).
  const path = '/api/webhooks/twilio/inbound';
  const form = { From: phone, To: '+15005550006', Body: body, MessageSid: `SMe2e${Date.now()}` };
  const response = await page.request.post(path, { form, headers: { 'x-twilio-signature': twilio.getExpectedTwilioSignature(TWILIO_TOKEN, `${baseURL}${path}`, form) } });
  expect(response.status()).toBe(200);

  await page.goto('/inbox');
  const item = page.getByTestId('conversation-list').getByRole('button').filter({ hasText: body });
  await expect(item).toBeVisible();
  await item.click();
  const thread = page.getByTestId('thread');
  await expect(thread).toContainText(body);

  // Reply by SMS (the customer's last channel is the default).
  await page.getByLabel('回复内容').fill('您好，今晚营业到 22:00，欢迎光临！');
  await expect(page.getByRole('combobox', { name: '回复方式' })).toContainText('短信');
  await page.getByRole('button', { name: '发送', exact: true }).click();
  await expect(thread).toContainText('您好，今晚营业到 22:00，欢迎光临！');

  // Mark it processed; it leaves the unprocessed filter and appears under processed.
  await page.getByRole('button', { name: '标记为已处理' }).click();
  await expect(page.getByRole('button', { name: '标记为未处理' })).toBeVisible();
  await page.getByRole('radio', { name: '未处理' }).click();
  await expect(page.getByTestId('conversation-list').getByRole('button').filter({ hasText: body })).toHaveCount(0);
  await page.getByRole('radio', { name: '已处理' }).click();
  await expect(page.getByTestId('conversation-list').getByRole('button').filter({ hasText: '您好，今晚营业到 22:00' })).toBeVisible();
  await expect(page).toHaveURL(/filter=processed/);
});

test('the inbox at 375 px shows the list, then the thread with a way back', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/inbox');
  const first = page.getByTestId('conversation-list').getByRole('button').first();
  await first.click();
  await expect(page.getByTestId('thread')).toBeVisible();
  await expect(page.getByTestId('conversation-list')).toBeHidden();
  await page.getByRole('button', { name: '返回会话列表' }).click();
  await expect(page.getByTestId('conversation-list')).toBeVisible();
});
