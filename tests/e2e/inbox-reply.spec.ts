import { expect, test } from '@playwright/test';
import { audit } from './a11y';
import { DEMO_STATE } from './auth-state';

test.use({ storageState: DEMO_STATE, viewport: { width: 1280, height: 900 } });

const INBOUND_SECRET = process.env.INBOUND_EMAIL_SECRET ?? 'e2e-inbound-secret-of-at-least-32-characters';

test('an e-mail reply has a subject field prefilled "Re: …", and the subject sent shows in the thread', async ({ page }) => {
  test.setTimeout(180_000);
  const list = await (await page.request.get('/api/member?pageSize=100')).json();
  const contact = (list.data.records as { email: string | null; emailOptIn: boolean | null }[]).find((c) => c.email && c.emailOptIn === true);
  expect(contact, 'a demo contact who takes e-mail').toBeDefined();
  const stamp = Date.now().toString(36);
  const raw = `From: Customer <${contact?.email}>\r\nTo: hello@example.com\r\nSubject: 周六包场 ${stamp}\r\nMessage-ID: <reply-subject-${stamp}@example.com>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n周六下午可以包场吗？${stamp}\r\n`;
  const posted = await page.request.post('/api/webhooks/email/inbound', { headers: { authorization: `Bearer ${INBOUND_SECRET}`, 'content-type': 'message/rfc822' }, data: Buffer.from(raw, 'utf8') });
  expect((await posted.json()).data).toMatchObject({ accepted: true });

  await page.goto('/inbox');
  await page.getByTestId('conversation-list').getByRole('button').filter({ hasText: `周六下午可以包场吗？${stamp}` }).click();
  await expect(page.getByRole('combobox', { name: '回复方式' })).toContainText('邮件');
  const subject = page.getByLabel('主题');
  await expect(subject).toHaveValue(`Re: 周六包场 ${stamp}`);
  expect(await audit(page, 'inbox reply')).toEqual([]);

  await subject.fill(`Re: 周六包场 ${stamp}（已确认）`);
  await page.getByLabel('回复内容').fill('可以的，周六下午两点到六点为您保留。');
  await page.getByRole('button', { name: '发送', exact: true }).click();
  const thread = page.getByTestId('thread');
  await expect(thread).toContainText(`Re: 周六包场 ${stamp}（已确认）`);
  await expect(thread).toContainText('周六下午两点到六点');
  // The sent reply's bubble: white text on the brand colour (its 700 step; 2.8:1 on #409eff).
  expect(await audit(page, 'inbox thread with a reply sent', '[data-testid="thread"]')).toEqual([]);
});
