import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Shared by the accessibility specs: axe with WCAG 2.x A/AA and axe's best practices
 * (aria-dialog-name, tabindex, label-title-only, scrollable-region-focusable, ...).
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Rules whose every finding means a form control without a name. */
const LABEL_RULES = new Set(['label', 'select-name', 'aria-input-field-name', 'aria-toggle-field-name', 'input-button-name', 'button-name']);

/**
 * The page's outline, which axe rates moderate: a skipped heading level (h1 then h3), a second
 * <main> or one nested in another landmark. Screen-reader users navigate by these, so they fail.
 */
const STRUCTURE_RULES = new Set([
  'heading-order',
  'page-has-heading-one',
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-main-is-top-level',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-banner-is-top-level',
  'landmark-contentinfo-is-top-level',
  'landmark-complementary-is-top-level',
]);

/**
 * Serious and critical findings, plus any unnamed form control or broken page outline whatever its
 * impact, one line each; `include` limits the check to a selector (an open dialog). Other moderate
 * and minor findings are printed with A11Y_VERBOSE=1, not failed on.
 */
export async function audit(page: Page, where: string, include?: string): Promise<string[]> {
  // axe.run in the page itself ("legacy" mode): the partial-run mode stalls on the sandboxed frame of
  // the e-mail preview (no script may run there, so axe can only check the frame's title anyway).
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode();
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  const line = (v: (typeof violations)[number]) =>
    `${where}: [${v.impact}] ${v.id} (${v.help}) at ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(' | ')}${v.nodes.length > 4 ? ` +${v.nodes.length - 4}` : ''}`;
  const failing = (v: (typeof violations)[number]) => v.impact === 'serious' || v.impact === 'critical' || LABEL_RULES.has(v.id) || STRUCTURE_RULES.has(v.id);
  if (process.env.A11Y_VERBOSE === '1') for (const v of violations.filter((v) => !failing(v))) console.log(`note: ${line(v)}`);
  return violations.filter(failing).map(line);
}

/** The page has rendered its heading and no error boundary. */
export async function settle(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByText('Application error')).toHaveCount(0);
}
