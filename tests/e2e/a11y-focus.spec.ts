import { expect, test, type Locator, type Page } from '@playwright/test';
import { settle } from './a11y';
import { DEMO_STATE } from './auth-state';

/**
 * Keyboard and screen-reader paths: focus is shown where it is, never falls to <body> when what
 * had it goes away, one Tab stop per radio group, the reply box stays in view after a send, and
 * a list announces its count rather than its cards.
 */
test.use({ storageState: DEMO_STATE, viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });

const SEARCH = '搜索姓名、邮箱、电话或内容';

test('the tags field of the contact dialog shows the focus', async ({ page }) => {
  await page.goto('/contacts');
  await settle(page);
  await page.getByRole('button', { name: '添加联系人' }).first().click();
  const dialog = page.getByRole('dialog');
  const input = dialog.getByLabel('标签', { exact: true });
  const frame = input.locator('xpath=..');
  const look = () => frame.evaluate((el) => { const s = getComputedStyle(el); return `${s.boxShadow} / ${s.borderTopColor}`; });
  await dialog.getByLabel('邮箱').focus();
  const unfocused = await look();
  await input.focus();
  await expect.poll(look).not.toBe(unfocused);
});

test('the inbox filters are one Tab stop and arrows choose', async ({ page }) => {
  await page.goto('/inbox');
  await settle(page);
  const group = page.getByRole('radiogroup', { name: '会话筛选' });
  const radio = (name: string) => group.getByRole('radio', { name, exact: true });
  await page.getByRole('searchbox', { name: SEARCH }).focus();
  await page.keyboard.press('Tab');
  await expect(radio('全部')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(radio('邮件')).toBeFocused();
  await expect(radio('邮件')).toHaveAttribute('aria-checked', 'true');
  await expect(radio('全部')).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('End');
  await expect(radio('未处理')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(radio('全部')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(radio('未处理')).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Home');
  await expect(radio('全部')).toHaveAttribute('aria-checked', 'true');
  // Tab leaves the group; Shift+Tab comes back to the checked radio.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  expect(await group.evaluate((el) => el.contains(document.activeElement))).toBe(false);
  await page.keyboard.press('Shift+Tab');
  await expect(radio('邮件')).toBeFocused();
  await expect(group.locator('[tabindex="0"]')).toHaveCount(1);
});

test('at 375 px, opening a conversation focuses its heading and Back returns to its item', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/inbox');
  await settle(page);
  const list = page.getByTestId('conversation-list');
  await list.getByRole('button').first().focus();
  await page.keyboard.press('Enter');
  const heading = page.locator('section').filter({ has: page.getByTestId('thread') }).getByRole('heading', { level: 2 });
  await expect(heading).toBeFocused();
  const name = ((await heading.textContent()) ?? '').trim();
  await page.getByRole('button', { name: '返回会话列表' }).focus();
  await page.keyboard.press('Enter');
  await expect(list).toBeVisible();
  await expect(list.getByRole('button').filter({ hasText: name }).first()).toBeFocused();
});

test('a reply sent with Ctrl+Enter leaves the reply box focused and in view', async ({ page }) => {
  await openConversation(page, '周末我们已经增加了一位咖啡师');
  const box = page.getByLabel('回复内容');
  await box.focus();
  await expect(box).toBeInViewport({ ratio: 1 });
  const text = `键盘回复 ${Date.now().toString(36)}`;
  await page.keyboard.type(text);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('thread')).toContainText(text);
  await expect(box).toBeFocused();
  // Not 1: after the reload the inbox's overflow-hidden frame clips the box's last pixels (ratio 0.97);
  // the page scroll this guards against took it out of view altogether (ratio 0).
  await expect(box).toBeInViewport({ ratio: 0.9 });
});

test.describe('review replies', () => {
  test('Escape and Cancel close the editor and give focus back to Reply', async ({ page }) => {
    await page.goto('/reviews');
    await settle(page);
    const card = await stableCard(page, page.getByTestId('review-card').filter({ has: page.getByRole('button', { name: '回复', exact: true }) }).first());
    const reply = card.getByRole('button', { name: '回复', exact: true });
    const box = card.getByRole('textbox');
    await reply.focus();
    await page.keyboard.press('Enter');
    await expect(box).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);
    await expect(reply).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(box).toBeFocused();
    await card.getByRole('button', { name: '取消' }).focus();
    await page.keyboard.press('Enter');
    await expect(box).toHaveCount(0);
    await expect(reply).toBeFocused();
  });

  test('saving a reply gives focus to its Edit button (a new reply, then an edit)', async ({ page }) => {
    await page.goto('/reviews');
    await settle(page);
    // A review kept in StarLoop (nothing is posted elsewhere); its reply is deleted at the end.
    const card = await stableCard(page, page.getByTestId('review-card').filter({ has: page.getByRole('button', { name: '回复', exact: true }) }).filter({ hasNotText: 'Google' }).first());
    await card.getByRole('button', { name: '回复', exact: true }).click();
    await card.getByRole('textbox').fill('谢谢您的评价，期待再次光临。');
    await card.getByRole('button', { name: '保存回复' }).focus();
    await page.keyboard.press('Enter');
    const edit = card.getByRole('button', { name: '编辑' });
    await expect(edit).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(card.getByRole('textbox')).toBeFocused();
    await card.getByRole('button', { name: '保存回复' }).focus();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('textbox')).toHaveCount(0);
    await expect(edit).toBeFocused();

    await card.getByRole('button', { name: '删除', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: /删除|确定|确认/ }).click();
    await expect(card.getByTestId('owner-reply')).toHaveCount(0);
  });

  test('the list announces its count, not its cards', async ({ page }) => {
    await page.goto('/reviews');
    await settle(page);
    await expect(page.getByTestId('review-card').first()).toBeVisible();
    await expect(page.locator('[aria-live], [role="status"], [role="log"], [role="alert"]').filter({ has: page.getByTestId('review-card') })).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /^共 \d+ 条评价$/ })).toHaveCount(1);
  });
});

async function openConversation(page: Page, text: string) {
  await page.goto('/inbox');
  await settle(page);
  await page.getByRole('searchbox', { name: SEARCH }).fill(text);
  const list = page.getByTestId('conversation-list');
  await expect(list.getByRole('button')).toHaveCount(1);
  await list.getByRole('button').first().click();
  await expect(page.getByTestId('thread')).toContainText(text);
}

/** The card by its reviewer heading, which stays when the buttons the first locator matched on change. */
async function stableCard(page: Page, card: Locator): Promise<Locator> {
  const by = await card.getAttribute('aria-labelledby');
  return page.locator(`article[aria-labelledby="${by}"]`);
}

test('opening a saved e-mail template leaves the focus at the top of the page, not in its body', async ({ page }) => {
  const list = (await (await page.request.get('/api/campaign/template?type=0&pageSize=100')).json()).data as { records: { templateId: number }[] };
  const id = list.records[0]?.templateId;
  expect(id).toBeTruthy();
  await page.goto(`/campaigns/templates/create?type=email&id=${id}`);
  await settle(page);
  await expect(page.getByTestId('rich-text-editor')).not.toHaveText('');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="rich-text-editor"]')))).toBe(false);
});
