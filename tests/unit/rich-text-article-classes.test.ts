import { describe, expect, it } from 'vitest';
import { ARTICLE_BODY_CLASSES } from '@/components/posts/article-body-classes';
import { RICH_CONTENT_CLASSES } from '@/components/rich-text-editor/content-classes';

const classes = (s: string) => s.split(/\s+/);

// The browser check is tests/e2e/rich-text-roundtrip.spec.ts (375 px, dark mode); these name the rules.
describe('article body classes', () => {
  it('lets a wide table scroll inside itself instead of the page', () => {
    expect(classes(ARTICLE_BODY_CLASSES)).toEqual(expect.arrayContaining(['[&_table]:block', '[&_table]:max-w-full', '[&_table]:overflow-x-auto']));
    expect(classes(ARTICLE_BODY_CLASSES)).not.toContain('[&_table]:w-full');
  });
  it('wraps pasted nowrap text', () => {
    expect(classes(ARTICLE_BODY_CLASSES)).toContain('[&_[style*=nowrap]]:whitespace-normal!');
  });
  it('keeps text on a highlight dark in dark mode, in the article and in the editor', () => {
    expect(classes(ARTICLE_BODY_CLASSES)).toContain('dark:[&_[style*=background]]:text-slate-900');
    expect(classes(RICH_CONTENT_CLASSES)).toContain('dark:[&_[style*=background]]:text-gray-900');
  });
});
