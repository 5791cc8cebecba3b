import { describe, expect, it } from 'vitest';
import { mailButton, productEmailHtml } from '@/lib/messaging/layout';
import { commonTemplateRows } from '@/lib/seed/common-templates';

/** WCAG contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('product and template e-mails', () => {
  it('writes the action as an escaped button and the address in full', () => {
    const html = mailButton('https://app.example/reset?a=1&b="2"', 'Reset <now>');
    expect(html).toContain('href="https://app.example/reset?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain('>Reset &lt;now&gt;</a>');
    expect(html).toMatch(/word-break:break-all[^>]*>https:\/\/app\.example\/reset\?a=1&amp;b=&quot;2&quot;<\/p>$/);
  });

  it('puts white text only on backgrounds of at least 4.5:1, and the brand name too', () => {
    const backgrounds = (html: string) => [...html.matchAll(/background(?:-color)?:(#[0-9a-f]{6});[^"]*color:#fff/gi)].map((m) => m[1]);
    const bodies = [mailButton('https://a.example', 'Go'), ...commonTemplateRows().map((r) => r.content ?? '')];
    const found = bodies.flatMap(backgrounds);
    expect(found.length).toBeGreaterThan(1);
    for (const bg of found) expect(contrast(bg, '#ffffff'), bg).toBeGreaterThanOrEqual(4.5);
    const brand = /color:(#[0-9a-f]{6});padding-bottom:16px">StarLoop/.exec(productEmailHtml({ title: 't', body: '', footer: 'f' }))?.[1] ?? '';
    expect(contrast(brand, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
