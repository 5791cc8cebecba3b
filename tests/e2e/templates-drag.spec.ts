import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_STATE } from './auth-state';

test.use({ storageState: DEMO_STATE });

/**
 * A real HTML5 drag in Chromium: press on the chip, move in steps (Chromium starts the drag after
 * a few pixels), over the target, release. Playwright carries the chip's DataTransfer (both the
 * custom token type and text/plain) to the drop.
 */
async function drag(page: Page, from: Locator, to: Locator, at?: { x: number; y: number }) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('drag source or target is not visible');
  const target = at ? { x: b.x + at.x, y: b.y + at.y } : { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 5 });
  await page.mouse.move(target.x, target.y, { steps: 10 });
  await page.mouse.up();
}

test('dragging a parameter chip into the e-mail editor drops its token where the pointer is', async ({ page }) => {
  await page.goto('/campaigns/templates/create?type=email');
  const editor = page.getByTestId('rich-text-editor');
  await editor.click();
  await page.keyboard.type('Hello and welcome');
  const paragraph = editor.locator('p').first();
  await expect(paragraph).toHaveText('Hello and welcome');

  // Dropped right after "Hello": the pointer's caret position, not the end of the text.
  const box = await paragraph.boundingBox();
  const helloWidth = await paragraph.evaluate((p) => {
    const range = document.createRange();
    const text = p.querySelector('span')?.firstChild ?? p.firstChild;
    if (!text) return 0;
    range.setStart(text, 0);
    range.setEnd(text, 5);
    return range.getBoundingClientRect().width;
  });
  await drag(page, page.locator('[data-token="firstName"]'), paragraph, { x: helloWidth + 1, y: (box?.height ?? 20) / 2 });
  await expect(paragraph).toHaveText('Hello{{firstName}} and welcome');

  // A second chip dropped on the blank right of the line lands at the end of the text.
  await drag(page, page.locator('[data-token="googleReviewLink"]'), paragraph, { x: (box?.width ?? 200) - 4, y: (box?.height ?? 20) / 2 });
  await expect(paragraph).toHaveText('Hello{{firstName}} and welcome{{googleReviewLink}}');
  // Typing goes on at the drop point: the editor kept the focus and the caret.
  await page.keyboard.type('!');
  await expect(editor).toContainText('{{googleReviewLink}}!');
});

test('dragging a parameter chip into the SMS textarea drops its token', async ({ page }) => {
  await page.goto('/campaigns/templates/create?type=text');
  const area = page.getByTestId('sms-content');
  await area.fill('您好，');
  await drag(page, page.locator('[data-token="fullName"]'), area);
  await expect(area).toHaveValue(/\{\{fullName\}\}/);
  await expect(area).toHaveValue(/^您好，/);
});
