import { describe, expect, it } from 'vitest';
import { listClasses, tabClasses } from '@/components/ui/tab-parts';

/**
 * Tab bars (Campaigns/Templates, Reviews' All / Needs response) showed a stray scroll arrow where
 * scrollbars always show: tabs pulled a pixel below a bordered, scrolling list made 40 px of
 * content in a 39 px box. The list scrolls sideways only and its tabs fit its height.
 */
describe('the tab bar', () => {
  it('never scrolls vertically, and no tab reaches below the list', () => {
    expect(listClasses).toContain('overflow-y-hidden');
    expect(listClasses).not.toMatch(/\bborder-b\b/);
    for (const active of [true, false]) expect(tabClasses(active)).not.toMatch(/-mb-px/);
  });
});
