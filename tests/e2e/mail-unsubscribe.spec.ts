import fs from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_STATE } from './auth-state';

/**
 * The List-Unsubscribe address opened in a browser (issue 17): GET and HEAD lead to the contact's
 * translated confirmation page, and change nothing until the person presses the button.
 */
const messages = (locale: string) => JSON.parse(fs.readFileSync(`messages/${locale}.json`, 'utf8')).contacts.public as Record<string, string>;

async function demoContact(request: APIRequestContext) {
  const list = await (await request.get('/api/member?pageSize=50')).json();
  const record = (list.data.records as { id: number; email: string | null; emailOptIn: boolean | null }[]).find((c) => c.email && c.emailOptIn !== false);
  if (!record) throw new Error('no demo contact with an e-mail');
  const contact = (await (await request.get(`/api/member/${record.id}`)).json()).data as { id: number; optoutUrl: string; emailOptIn: boolean | null; locale: string | null };
  const token = /\/u\/([^?]+)/.exec(contact.optoutUrl)?.[1] ?? '';
  return { ...contact, token };
}

test.describe('List-Unsubscribe opened in a browser', () => {
  test.use({ storageState: DEMO_STATE });

  test('shows the translated confirmation page at desktop and 375 px width, and GET/HEAD change nothing', async ({ page, browser, request }) => {
    const contact = await demoContact(page.request);
    const address = `/api/member/public/${contact.token}/consent`;
    const head = await request.head(address, { maxRedirects: 0 });
    expect(head.status()).toBe(303);
    expect(head.headers().location).toMatch(new RegExp(`/u/${contact.token}\\?action=optout&channel=email$`));

    // The person who opens it is not signed in: a fresh browser context.
    for (const viewport of [
      { width: 1280, height: 800, name: 'desktop' },
      { width: 375, height: 740, name: '375' },
    ]) {
      const visitor = await browser.newContext({ viewport, locale: 'zh-CN' });
      const tab = await visitor.newPage();
      const response = await tab.goto(address);
      expect(response?.status()).toBe(200);
      await expect(tab).toHaveURL(new RegExp(`/u/${contact.token}\\?action=optout&channel=email$`));
      const lang = (await tab.locator('main').getAttribute('lang')) ?? 'zh-CN';
      const t = messages(lang);
      await expect(tab.getByRole('button', { name: t.confirmOptout })).toBeVisible();
      await expect(tab.getByText(t.optoutQuestion.split('{merchant}')[0].trim()).first()).toBeVisible();
      const width = await tab.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
      await tab.screenshot({ path: test.info().outputPath(`unsubscribe-${viewport.name}.png`), fullPage: true });
      await visitor.close();
    }

    const after = (await (await page.request.get(`/api/member/${contact.id}`)).json()).data as { emailOptIn: boolean | null };
    expect(after.emailOptIn).toBe(contact.emailOptIn);
  });
});

test.describe('inbound HTML mail in the inbox', () => {
  test.use({ storageState: DEMO_STATE });

  test('reads as text, and opening the thread fetches nothing from another server (no false opens)', async ({ page, baseURL }) => {
    const list = await (await page.request.get('/api/member?pageSize=100')).json();
    const contact = (list.data.records as { email: string | null }[]).find((c) => c.email);
    const stamp = Date.now().toString(36);
    const raw = fs
      .readFileSync('tests/fixtures/mail/html-only.eml', 'latin1')
      .replace(/^From: .*$/m, `From: Sam Lee <${contact?.email}>`)
      .replace(/^Message-ID: .*$/m, `Message-ID: <html-only-${stamp}@example.com>`)
      .replace('Hi&nbsp;team', `Hi&nbsp;team&nbsp;${stamp}`);
    const secret = process.env.INBOUND_EMAIL_SECRET ?? 'e2e-inbound-secret-of-at-least-32-characters';
    const posted = await page.request.post('/api/webhooks/email/inbound', { headers: { authorization: `Bearer ${secret}`, 'content-type': 'message/rfc822' }, data: Buffer.from(raw, 'latin1') });
    expect((await posted.json()).data).toMatchObject({ accepted: true });

    const origin = new URL(baseURL ?? '').origin;
    const elsewhere: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) elsewhere.push(r.url());
    });
    await page.goto('/inbox');
    const item = page.getByTestId('conversation-list').getByRole('button').filter({ hasText: `Hi team ${stamp}` });
    await expect(item).toContainText('Coffee & cake were great');
    await item.click();
    const thread = page.getByTestId('thread');
    await expect(thread).toContainText(`Hi team ${stamp}`);
    await expect(thread).toContainText('your menu [https://example.com/menu?a=1&b=2]');
    await expect(thread).not.toContainText('font-family');
    await expect(thread).not.toContainText('&nbsp;');
    await expect(thread.locator('img')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(elsewhere).toEqual([]);
  });
});
