import { expect, test, type Page } from '@playwright/test';
import { DEMO_STATE } from './auth-state';

// Found from outside: a form opened before someone else's change saved its stale values over it.
// A contact dialog re-subscribed a customer who had just opted out ("optin / manual"), and a
// campaign form's Send now widened a draft another user had narrowed to one recipient. Both
// forms now send the version they opened and show the refusal with a way to reload.
test.use({ storageState: DEMO_STATE });
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString().slice(-6);
const STALE = '此内容在你打开后已被他人修改。请重新加载以查看更改。';

async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, baseURL: string | undefined, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`/api${path}`, { method, headers: { origin: String(baseURL) }, data });
  const body = await res.json();
  expect(body.code, `${method} ${path}: ${body.msg}`).toBe(200);
  return body.data as T;
}

test('a contact dialog opened before an opt-out cannot undo it', async ({ page, baseURL }) => {
  const { id } = await api<{ id: number }>(page, 'POST', '/member', baseURL, { firstName: '旧', lastName: `表${stamp}`, email: `stale.${stamp}@example.com`, emailOptIn: true, smsOptIn: true, phone: `+86 137 11${stamp}` });
  const contact = await api<{ optoutUrl: string }>(page, 'GET', `/member/${id}`, baseURL);
  const token = new URL(contact.optoutUrl).pathname.split('/').pop();

  await page.goto(`/contacts/${id}`);
  await page.getByRole('button', { name: '编辑' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(/^名/)).toHaveValue('旧');

  // Meanwhile the customer opts out of everything from the link in a message.
  await api(page, 'POST', `/member/public/${token}/consent`, baseURL, { action: 'optout' });

  await dialog.getByLabel(/^名/).fill('新');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByTestId('stale-edit')).toContainText(STALE);
  const refused = await api<{ firstName: string; emailOptIn: boolean; smsOptIn: boolean; consentHistory: { action: string; source: string }[] }>(page, 'GET', `/member/${id}`, baseURL);
  expect(refused).toMatchObject({ firstName: '旧', emailOptIn: false, smsOptIn: false });
  expect(refused.consentHistory.filter((h) => h.source === 'manual')).toEqual([]);

  // Reloaded, the same edit saves, and the opt-out stays.
  await dialog.getByRole('button', { name: '重新加载' }).click();
  await page.getByRole('button', { name: '编辑' }).click();
  await page.getByRole('dialog').getByLabel(/^名/).fill('新');
  await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  const saved = await api<{ firstName: string; emailOptIn: boolean; smsOptIn: boolean; consentHistory: { source: string }[] }>(page, 'GET', `/member/${id}`, baseURL);
  expect(saved).toMatchObject({ firstName: '新', emailOptIn: false, smsOptIn: false });
  expect(saved.consentHistory.filter((h) => h.source === 'manual')).toEqual([]);
});

test('a campaign form opened before another user narrowed the draft neither saves nor sends', async ({ page, context, baseURL }) => {
  const templates = await api<{ records: { templateId: number }[] }>(page, 'GET', '/campaign/template?type=1&common=all', baseURL);
  const [location] = await api<{ locationId: number }[]>(page, 'GET', '/merchant/location/enabled', baseURL);
  const members = await api<{ records: { phone: string | null }[] }>(page, 'GET', `/member?locationId=${location.locationId}&pageSize=50`, baseURL);
  const phone = members.records.find((r) => r.phone)?.phone;
  const draft = { campaignName: `过期表单 ${stamp}`, campaignChannel: 1, templateId: templates.records[0].templateId, locationId: location.locationId, sendType: 0 };
  const { campaignId } = await api<{ campaignId: number }>(page, 'POST', '/campaign', baseURL, draft);

  // The staff's form opens the draft: no filters, the whole location.
  await page.goto(`/campaigns/sms-request?id=${campaignId}`);
  await expect(page.getByRole('button', { name: '立即发送' })).toBeVisible();

  // The owner, on another page, narrows it to one recipient.
  const owner = await context.newPage();
  const opened = await api<{ version: number }>(owner, 'GET', `/campaign/${campaignId}`, baseURL);
  await api(owner, 'PUT', '/campaign', baseURL, { ...draft, campaignId, version: opened.version, recipientName: '唯一', recipientPhone: phone });

  // The staff presses Send now: the save is refused, so nothing is sent.
  await page.getByRole('button', { name: '立即发送' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '立即发送' }).click();
  await expect(page.getByTestId('stale-edit')).toContainText(STALE);
  const after = await api<{ status: number; totalRecords: number; recipientPhone: string }>(owner, 'GET', `/campaign/${campaignId}`, baseURL);
  expect(after).toMatchObject({ status: 0, totalRecords: 0, recipientPhone: phone });
  await owner.close();
});
