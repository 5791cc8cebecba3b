import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { settle } from './a11y';
import { DEMO_STATE } from './auth-state';

/**
 * Text contrast (WCAG AA 4.5:1) in states a page scan does not reach: a highlighted option or menu
 * item, the selected conversation, the merchant's own message bubble, the open user menu, for
 * every accent colour in light and dark. axe's colour-contrast rule measures each one; the accent
 * is switched on <html data-accent> in the page (what the appearance setting does), so the demo
 * user's saved choice is left alone.
 */
test.use({ storageState: DEMO_STATE, viewport: { width: 1280, height: 800 } });

const ACCENTS = ['blue', 'teal', 'violet', 'rose', 'amber'] as const;
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

async function open(page: Page, path: string, theme: Theme) {
  await page.context().addCookies([{ name: 'theme', value: theme, url: baseURL }]);
  await page.goto(path);
  await settle(page);
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

/** Marks `target` for axe and measures its text (and its children's); one line per finding, '' when nothing was measured. */
async function contrast(page: Page, target: ReturnType<Page['locator']>, where: string): Promise<string[]> {
  await target.evaluate((el) => el.setAttribute('data-contrast-probe', ''));
  try {
    const result = await new AxeBuilder({ page }).withRules(['color-contrast']).include('[data-contrast-probe]').setLegacyMode().analyze();
    const lines = (kind: string, items: typeof result.violations) =>
      items.flatMap((v) => v.nodes.map((n) => `${where}: ${kind} ${n.target.join(' ')}: ${(n.any[0]?.message ?? n.failureSummary ?? '').split('\n')[0]}`));
    const measured = result.passes.flatMap((p) => p.nodes).length + result.violations.flatMap((v) => v.nodes).length;
    // An avatar's initial is too short for axe to call it text: nothing to decide there.
    const undecided = result.incomplete.map((v) => ({ ...v, nodes: v.nodes.filter((n) => !/too short/.test(n.any[0]?.message ?? '')) }));
    return [...lines('fails', result.violations), ...lines('undecided', undecided), ...(measured ? [] : [`${where}: nothing measured`])];
  } finally {
    await target.evaluate((el) => el.removeAttribute('data-contrast-probe'));
  }
}

async function eachAccent(page: Page, check: (accent: string) => Promise<string[]>): Promise<string[]> {
  const problems: string[] = [];
  for (const accent of ACCENTS) {
    await page.evaluate((a) => document.documentElement.setAttribute('data-accent', a), accent);
    problems.push(...(await check(accent)));
  }
  return problems;
}

for (const theme of THEMES) {
  test(`a highlighted option of a select and item of a menu, every accent, ${theme}`, async ({ page }) => {
    await open(page, '/reviews', theme);
    const select = page.getByRole('combobox').first();
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const option = page.getByRole('listbox').locator('[role="option"][data-highlighted]');
    await expect(option).toHaveCount(1);
    const problems = await eachAccent(page, (accent) => contrast(page, option, `select option (${accent}, ${theme})`));
    await page.keyboard.press('Escape');

    const menu = page.getByTestId('user-menu');
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    const item = page.getByRole('menu').locator('[role="menuitem"][data-highlighted]');
    await expect(item).toHaveCount(1);
    problems.push(...(await eachAccent(page, (accent) => contrast(page, item, `menu item (${accent}, ${theme})`))));
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test(`the selected conversation and the merchant's own message, every accent, ${theme}`, async ({ page }) => {
    await open(page, '/inbox', theme);
    // The seeded conversation with the merchant's SMS.
    await page.getByRole('searchbox', { name: '搜索姓名、邮箱、电话或内容' }).fill('下次来店里报手机号');
    const item = page.getByTestId('conversation-list').getByRole('button');
    await expect(item).toHaveCount(1);
    await item.click();
    await expect(item).toHaveAttribute('aria-current', 'true');
    const own = page.getByTestId('thread').locator('article').filter({ hasText: '下次来店里报手机号可以积分哦' });
    await expect(own).toBeVisible();
    // Away from both: a hover fill would be measured instead of the selected one.
    await page.mouse.move(1270, 790);
    const problems = await eachAccent(page, async (accent) => [
      ...(await contrast(page, item, `selected conversation (${accent}, ${theme})`)),
      ...(await contrast(page, own, `own message (${accent}, ${theme})`)),
    ]);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test(`the open user menu: its button and the language row highlighted and open, every accent, ${theme}`, async ({ page }) => {
    await open(page, '/dashboard', theme);
    const trigger = page.getByTestId('user-menu');
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu').first();
    await expect(menu).toBeVisible();
    await expect(trigger).toHaveAttribute('data-state', 'open');
    const language = menu.getByRole('menuitem', { name: /语言/ });
    await language.focus();
    await expect(language).toHaveAttribute('data-highlighted', '');
    const problems = await eachAccent(page, async (accent) => [
      ...(await contrast(page, trigger, `user menu button, open (${accent}, ${theme})`)),
      ...(await contrast(page, language, `language row, highlighted (${accent}, ${theme})`)),
    ]);
    // The submenu open: the row keeps the open fill while its items have the focus.
    await page.keyboard.press('ArrowRight');
    await expect(language).toHaveAttribute('data-state', 'open');
    await expect(page.getByRole('menu')).toHaveCount(2);
    problems.push(...(await eachAccent(page, (accent) => contrast(page, language, `language row, open (${accent}, ${theme})`))));
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
