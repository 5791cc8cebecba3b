import { expect, test, type Page } from '@playwright/test';
import twilio from 'twilio';
import { DEMO_STATE } from './auth-state';

test.use({ storageState: DEMO_STATE });

// scripts/e2e-server.sh signs Twilio webhooks with this token and APP_URL = the test's base URL.
const TWILIO_TOKEN = process.env.TWILIO_AUTH_TOKEN ?? 'e2e-twilio-auth-token';
const PATH = '/api/webhooks/twilio/inbound';

/** A customer's text as Twilio posts it, signed by the official library. */
async function textFromCustomer(page: Page, baseURL: string, form: Record<string, string>) {
  const signature = twilio.getExpectedTwilioSignature(TWILIO_TOKEN, `${baseURL}${PATH}`, form);
  const response = await page.request.post(PATH, { form, headers: { 'x-twilio-signature': signature } });
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain('<Response></Response>');
}

test('an MMS shows its photo and file in the thread, [图片] in the list; STOP shows the opt-out and our confirmation', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const base = baseURL ?? '';
  // Our own member with a phone and an SMS opt-in: the demo's list order moves as other specs add members.
  const stamp = Date.now().toString(36);
  const phone = `+1415555${String(Date.now() % 10_000).padStart(4, '0')}`;
  const created = await page.request.post('/api/member', {
    headers: { origin: base },
    data: { firstName: '彩信', lastName: '测试', phone, smsOptIn: true, locale: 'zh-CN' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const memberId = Number((await created.json()).data.id);
  const stored = await (await page.request.get(`/api/member/${memberId}`)).json();
  expect(stored.data.phone, 'the phone is stored as Twilio will send it').toBe(phone);
  const sid = (n: number) => `MM${stamp}${n}`.padEnd(34, '0');

  // Two media: an image (served by the app itself, so the page's CSP lets it load) and a contact card.
  await textFromCustomer(page, base, {
    From: phone,
    To: '+15005550006',
    Body: `这是我们的桌位照片 ${stamp}`,
    MessageSid: sid(1),
    NumMedia: '2',
    MediaUrl0: `${base}/icon.svg`,
    MediaContentType0: 'image/svg+xml',
    MediaUrl1: `${base}/robots.txt`,
    MediaContentType1: 'text/vcard',
  });
  // A photo alone.
  await textFromCustomer(page, base, { From: phone, To: '+15005550006', Body: '', MessageSid: sid(2), NumMedia: '1', MediaUrl0: `${base}/icon.svg`, MediaContentType0: 'image/jpeg' });

  await page.goto('/inbox');
  const item = page.getByTestId('conversation-list').getByRole('button').filter({ hasText: '[图片]' }).first();
  await expect(item).toBeVisible();
  await item.click();
  const thread = page.getByTestId('thread');
  const photo = thread.getByRole('img', { name: '图片 1/2（image/svg+xml）' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(thread.getByRole('link', { name: '文件 2/2（text/vcard）' })).toHaveAttribute('href', `${base}/robots.txt`);
  await expect(thread.getByRole('img', { name: '图片 1/1（image/jpeg）' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('sms-mms-desktop.png') });

  // STOP: the keyword, the opt-out and our confirmation (the outbox takes it here) in order.
  await textFromCustomer(page, base, { From: phone, To: '+15005550006', Body: 'stop', MessageSid: sid(3), NumMedia: '0' });
  await page.reload();
  await expect(thread.getByTestId('consent-note').last()).toContainText('客户回复短信退订了短信');
  await expect(thread.locator('article').filter({ hasText: 'START' }).last()).toBeVisible();
  await thread.locator('article').last().scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('sms-stop-desktop.png') });

  // At 375 px the page opens on the conversation in the URL: the thread alone.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(thread).toBeVisible();
  await thread.getByRole('img', { name: '图片 1/2（image/svg+xml）' }).scrollIntoViewIfNeeded();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'no horizontal scroll at 375 px').toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('sms-mms-375.png') });
});
