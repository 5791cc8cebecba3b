import { Star } from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { STAR_PATH, Stars } from '@/components/reviews/stars';

describe('review stars', () => {
  it("draw lucide-react's star", () => {
    expect(renderToStaticMarkup(createElement(Star))).toContain(`d="${STAR_PATH}"`);
  });

  it('fill as many stars as the rating, each pointing at the one path, and say the rating in words', () => {
    const html = renderToStaticMarkup(createElement(Stars, { rating: 3, label: '3 星（满分 5 星）' }));
    const id = /<path id="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`<path id="${id}" d="${STAR_PATH}"`);
    expect(html.match(new RegExp(`<use href="#${id}"`, 'g'))).toHaveLength(5);
    expect(html.match(/class="fill-amber-400/g)).toHaveLength(3);
    expect(html).toContain('role="img" aria-label="3 星（满分 5 星）"');
    expect(html.match(/<path /g)).toHaveLength(1);
  });
});
