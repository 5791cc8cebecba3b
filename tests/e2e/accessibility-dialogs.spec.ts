import { expect, test, type Locator, type Page } from '@playwright/test';

import { audit, settle } from './a11y';
import { DEMO_STATE } from './auth-state';

/**
 * Accessibility (issue 11, item 7), dialogs: each dialog of the app, opened from the keyboard,
 * takes the focus, keeps it inside through Tab and Shift+Tab, has no axe finding (a label for
 * every field), closes on Escape and gives the focus back to what opened it (a menu item's menu
 * button when a menu opened it; the row's name when the edit dialog opened from the row's
 * details). Nothing is saved: every dialog is left with Escape.
 */

interface DialogCase {
  name: string;
  /** Opens the dialog by keyboard; returns where the focus belongs once it closes. */
  open: (page: Page) => Promise<Locator>;
}

/** The dialogs of one page, checked one after the other on one load of it. */
interface DialogPage {
  path: string | ((page: Page) => Promise<string>);
  dialogs: DialogCase[];
}

/** Focus a control and press Enter: the keyboard user's click. */
async function press(page: Page, control: Locator): Promise<Locator> {
  await control.focus();
  await page.keyboard.press('Enter');
  return control;
}

const button = (name: string | RegExp, exact = false) => (page: Page) => press(page, page.getByRole('button', { name, exact }).first());

/** A row's "more" menu, opened by keyboard, then one of its items: focus returns to the menu button. */
const menuItem = (menu: RegExp, item: string) => async (page: Page) => {
  const trigger = page.getByRole('button', { name: menu }).first();
  await press(page, trigger);
  const entry = page.getByRole('menuitem', { name: item, exact: true });
  await expect(entry).toBeVisible();
  await entry.focus();
  await page.keyboard.press('Enter');
  return trigger;
};

/** The first row's name, a button that opens the row's details. */
const firstRowButton = (page: Page) => press(page, page.locator('tbody tr').first().getByRole('button').first());

/**
 * The first row's details, then their Edit button: the details close as the edit dialog opens,
 * taking that button with them, so the focus belongs on the row's name afterwards (not <body>).
 */
const editFromDetails = async (page: Page) => {
  const row = await firstRowButton(page);
  await press(page, page.getByRole('dialog').getByRole('button', { name: '编辑', exact: true }));
  await expect(page.getByRole('dialog', { name: '编辑门店' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  return row;
};

/** Chooses the first option of a labelled select (setup, not under test). */
async function choose(page: Page, label: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option').first().click();
}

async function firstContactPath(page: Page): Promise<string> {
  await page.goto('/contacts');
  const href = await page.locator('tbody a[href^="/contacts/"]').first().getAttribute('href');
  if (!href) throw new Error('no contact in the demo data');
  return href;
}

const DESKTOP: DialogPage[] = [
  {
    path: '/contacts',
    dialogs: [
      { name: 'add contact', open: button('添加联系人') },
      { name: 'quick add contact', open: button('快速添加') },
    ],
  },
  {
    path: firstContactPath,
    dialogs: [
      { name: 'edit contact', open: button('编辑', true) },
      { name: 'delete contact (confirm)', open: button('删除', true) },
    ],
  },
  {
    path: '/locations',
    dialogs: [
      { name: 'add location', open: button('添加门店') },
      { name: 'location details', open: firstRowButton },
      { name: 'edit location (from the details)', open: editFromDetails },
      { name: 'edit location (from a menu)', open: menuItem(/的操作/, '编辑') },
      { name: 'delete location (confirm, from a menu)', open: menuItem(/的操作/, '删除') },
    ],
  },
  {
    path: '/campaigns/campaigns',
    dialogs: [
      { name: 'campaign details', open: firstRowButton },
      { name: 'campaign message preview (from a menu)', open: menuItem(/的操作$/, '预览') },
      { name: 'sending settings', open: button('发送设置') },
    ],
  },
  {
    path: '/campaigns/email-request',
    dialogs: [
      {
        name: 'campaign form: e-mail preview',
        open: async (page) => {
          await choose(page, '模板');
          await choose(page, '门店');
          return button('预览模板')(page);
        },
      },
      {
        name: 'campaign form: members preview',
        open: async (page) => {
          await choose(page, '门店');
          return button('预览会员')(page);
        },
      },
    ],
  },
  { path: '/campaigns/templates', dialogs: [{ name: 'template details (from a menu)', open: menuItem(/^更多操作: /, '详情') }] },
  {
    path: '/campaigns/templates/create?type=email',
    dialogs: [
      { name: 'template editor: preview', open: button('预览', true) },
      { name: 'template editor: AI draft', open: button('AI 起草') },
      {
        name: 'rich-text editor: link',
        open: async (page) => {
          // Focus goes back to the editor (where typing goes on), not to the toolbar button.
          const editor = page.getByTestId('rich-text-editor');
          await editor.click();
          await press(page, page.getByRole('button', { name: '链接', exact: true }));
          return editor;
        },
      },
    ],
  },
  { path: '/posts', dialogs: [{ name: 'delete post (confirm, from a menu)', open: menuItem(/^更多操作: /, '删除') }] },
  {
    path: '/reviews',
    dialogs: [
      { name: 'add review', open: button('添加评价') },
      { name: 'import reviews', open: button('导入', true) },
      { name: 'delete reply (confirm)', open: (page) => press(page, page.getByTestId('owner-reply').first().getByRole('button', { name: '删除', exact: true })) },
    ],
  },
  { path: '/chat/settings', dialogs: [{ name: 'delete account', open: button('删除账户') }] },
];

const MOBILE: DialogPage[] = [
  { path: '/dashboard', dialogs: [{ name: 'navigation drawer', open: button('打开导航菜单') }] },
  {
    path: '/locations',
    dialogs: [
      { name: 'add location (bottom sheet)', open: button('添加门店') },
      { name: 'location details (bottom sheet)', open: firstRowButton },
      { name: 'edit location (bottom sheet, from the details)', open: editFromDetails },
    ],
  },
];

const isOpen = (page: Page) => page.getByRole('dialog').or(page.getByRole('alertdialog'));

/** Where the focus is: inside an open dialog, and seen before in this walk (the Tab order wrapped). */
function where(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { tabSeen?: Set<Element> };
    w.tabSeen ??= new Set();
    const active = document.activeElement;
    const inside = !!active?.closest('[role="dialog"], [role="alertdialog"]');
    const again = !!active && w.tabSeen.has(active);
    if (active) w.tabSeen.add(active);
    return { inside, again, tag: active ? `${active.tagName.toLowerCase()} ${active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 30) ?? ''}` : 'none' };
  });
}

async function check(page: Page, c: DialogCase) {
  const returnTo = await c.open(page);
  const dialog = isOpen(page);
  await expect(dialog).toBeVisible();
  await expect.poll(async () => (await where(page)).inside, { message: 'focus moved into the dialog' }).toBe(true);

  const found = await audit(page, `dialog ${c.name}`, '[role="dialog"], [role="alertdialog"]');
  expect(found, found.join('\n')).toEqual([]);

  // Tab until the order wraps: every stop is inside the dialog.
  await page.evaluate(() => delete (window as unknown as { tabSeen?: unknown }).tabSeen);
  let wrapped = false;
  for (let i = 0; i < 60 && !wrapped; i++) {
    await page.keyboard.press('Tab');
    const at = await where(page);
    expect(at.inside, `Tab ${i + 1} left the dialog (focus on ${at.tag})`).toBe(true);
    wrapped = at.again;
  }
  expect(wrapped, 'Tab never came round inside the dialog').toBe(true);
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Shift+Tab');
    const at = await where(page);
    expect(at.inside, `Shift+Tab ${i + 1} left the dialog (focus on ${at.tag})`).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(returnTo, 'focus went back to what opened the dialog').toBeFocused();
}

/** One load of the page for all its dialogs; a failing dialog is reported and the page reloaded. */
function checkPages(pages: DialogPage[]) {
  for (const { path, dialogs } of pages) {
    test(dialogs.map((d) => d.name).join(', '), async ({ page }) => {
      test.setTimeout(Math.max(60_000, dialogs.length * 25_000)); // each dialog: axe, a Tab round, Escape
      const url = typeof path === 'string' ? path : await path(page);
      await page.goto(url);
      await settle(page);
      const failures: string[] = [];
      for (const c of dialogs) {
        await test.step(c.name, async () => {
          try {
            await check(page, c);
          } catch (error) {
            failures.push(`${c.name}: ${error instanceof Error ? error.message : String(error)}`);
            await page.goto(url);
            await settle(page);
          }
        });
      }
      expect(failures, failures.join('\n\n')).toEqual([]);
    });
  }
}

test.describe('dialogs, desktop', () => {
  test.use({ storageState: DEMO_STATE, viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  checkPages(DESKTOP);
});

test.describe('dialogs, 375 px', () => {
  test.use({ storageState: DEMO_STATE, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
  checkPages(MOBILE);
});
