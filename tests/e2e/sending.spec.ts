import { expect, test, type Page } from '@playwright/test';
import { DEMO_STATE } from './auth-state';

test.use({ storageState: DEMO_STATE });

const RUN = Date.now().toString(36);
const NAME = `E2E 邮件发送 ${RUN}`;
const EMAIL = `e2e-sending-${RUN}@example.com`;
const LOCATION = '晨光咖啡 静安店';

/** Picks an option of one of our Radix selects by the select's accessible name. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** The HTML attribute text as the browser stores it, entities decoded (srcdoc holds raw HTML). */
function decodeAttr(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

test('an e-mail request sent now reaches the dev mailbox, its review link is tracked and its opt-out works', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const origin = { headers: { origin: String(baseURL) } };

  // Our own member, so the demo's members and their consent stay as other specs expect.
  const created = await page.request.post('/api/member', { ...origin, data: { firstName: '发送', lastName: '测试', email: EMAIL, emailOptIn: true, locale: 'zh-CN' } });
  expect(created.ok(), await created.text()).toBe(true);
  const memberId = Number((await created.json()).data.id);

  // The request form: the common review-request e-mail, the demo location, one recipient, send now.
  await page.goto('/campaigns/email-request');
  await page.getByLabel('请求名称').fill(NAME);
  await choose(page, '模板', /^邀请评价（邮件）/);
  await choose(page, '门店', LOCATION);
  await page.getByRole('switch', { name: '只发送给一个人' }).click();
  await page.getByRole('textbox', { name: '姓名', exact: true }).fill('测试发送');
  await page.getByRole('textbox', { name: '邮箱', exact: true }).fill(EMAIL);
  await page.getByRole('button', { name: '立即发送', exact: true }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: '立即发送' }).click();
  await expect(page).toHaveURL(/\/campaigns\/campaigns/);

  // The inline dispatcher (every second in e2e) sends it; the list's polling shows 1/1, then done.
  const row = page.getByRole('row').filter({ hasText: NAME });
  await expect(row).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('1/1', { timeout: 2_000 });
    await expect(row).toContainText('已完成', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });

  // The dev mailbox holds the message, with the member's name and the subject rendered.
  await page.goto(`/dev/mailbox?channel=email&to=${encodeURIComponent(EMAIL)}`);
  const message = page.getByTestId('mailbox-message').filter({ hasText: EMAIL });
  await expect(message).toHaveCount(1);
  await expect(message.getByTestId('mailbox-subject')).toHaveText('发送，感谢光临，邀您留下评价');
  await expect(message.getByTestId('mailbox-body')).toContainText('测试发送，您好');
  await message.getByText('查看 HTML 版本').click();
  const html = decodeAttr((await message.locator('iframe').getAttribute('srcdoc')) ?? '');
  expect(html).not.toContain('{{');

  // The review button is a signed click redirect to the location's review link.
  const tracked = [...html.matchAll(/href="([^"]*\/api\/t\/c\/\d+\?u=[^"]+)"/g)].map((m) => m[1]);
  expect(tracked.length).toBeGreaterThan(0);
  // The only tracked link of this template is its review button (the demo's Google sandbox
  // connection may have replaced the seeded review link, so it is read from the signed target).
  const click = tracked[0];
  const REVIEW_LINK = Buffer.from(new URL(click).searchParams.get('u') ?? '', 'base64url').toString();
  expect(REVIEW_LINK).toMatch(/^https:\/\/(g\.page|search\.google\.com)\//);
  const clickUrl = new URL(click ?? '');
  const redirect = await page.request.get(clickUrl.pathname + clickUrl.search, { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  expect(redirect.headers().location).toBe(REVIEW_LINK);
  // A tampered signature never becomes an open redirect.
  const forged = new URL(clickUrl);
  forged.searchParams.set('u', Buffer.from('https://evil.example/').toString('base64url'));
  const refused = await page.request.get(forged.pathname + forged.search, { maxRedirects: 0 });
  const home = new URL(refused.headers().location ?? '', String(baseURL));
  expect(home.host).not.toContain('evil.example');
  expect(home.pathname).toBe('/');

  // The opt-out link stays direct (no tracking), and opens the member's page: confirm there.
  const optout = html.match(/href="([^"]*\/u\/[A-Za-z0-9_-]+\?action=optout[^"]*)"/)?.[1];
  expect(optout).toBeTruthy();
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] }, locale: 'zh-CN' });
  const pub = await visitor.newPage();
  const target = new URL(optout ?? '');
  await pub.goto(target.pathname + target.search);
  await expect(pub.getByTestId('state-email')).toContainText('已订阅');
  await pub.getByRole('button', { name: '确认退订' }).click();
  await expect(pub.getByRole('status')).toContainText('您已退订');
  await expect(pub.getByTestId('state-email')).toContainText('已退订');
  await visitor.close();

  // The member is opted out of e-mail, with the public page as the source; the click was recorded.
  const member = await (await page.request.get(`/api/member/${memberId}`)).json();
  expect(member.data.emailOptIn).toBe(false);
  expect(member.data.consentHistory[0]).toMatchObject({ channel: 'email', action: 'optout', source: 'public-page' });
  const list = await (await page.request.get('/api/campaign?pageNum=1&pageSize=50')).json();
  const campaign = list.data.records.find((r: { campaignName: string }) => r.campaignName === NAME);
  expect(campaign).toMatchObject({ successRecords: 1, totalRecords: 1 });
});
