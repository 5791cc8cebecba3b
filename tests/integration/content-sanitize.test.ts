import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeRichHtml } from '@/lib/sanitize/html';

/**
 * The sanitiser keeps a post or mail body inside its own box: no negative margins, no size past
 * the ceilings of lib/sanitize/bounds.ts, no positioning, so a public post page cannot be overlaid.
 */
const CEILING_PX: Record<string, number> = { width: 1200, 'max-width': 1200, height: 2000, margin: 200, padding: 200, 'font-size': 96, 'line-height': 150 };

function declarations(html: string): [string, string][] {
  const out: [string, string][] = [];
  for (const [, style] of html.matchAll(/style="([^"]*)"/g)) {
    for (const part of style.split(';')) {
      const colon = part.indexOf(':');
      if (colon > 0) out.push([part.slice(0, colon).trim(), part.slice(colon + 1).trim()]);
    }
  }
  return out;
}

const px = (value: string) => [...value.matchAll(/(-?\d+(?:\.\d+)?)px/g)].map((m) => Number(m[1]));

describe('the sanitiser bounds box styles', () => {
  it('drops negative margins and padding, huge sizes, and positioning', () => {
    const dirty = [
      '<div style="margin:-9999px;position:fixed;top:0;left:0;z-index:99999;width:99999px;height:9999px">x</div>',
      '<p style="margin-top:-500px;margin-left:-1px;padding:-5px;font-size:999px;line-height:999px;letter-spacing:-50px">y</p>',
      '<img src="https://example.com/a.png" width="99999" height="50000" style="max-width:9999%;width:5000em">',
      '<table width="100000"><tr><td width="-5" style="padding:9999px">z</td></tr></table>',
      '<span style="transform:translate(-100vw);inset:0;margin:0 -10px">w</span>',
    ].join('');
    const clean = sanitizeRichHtml(dirty);
    expect(clean).not.toMatch(/-\d|position|z-index|transform|inset|top:|left:/);
    expect(clean).not.toMatch(/99999|9999|50000|100000|5000em/);
    expect(clean).toContain('x');
    expect(clean).toContain('https://example.com/a.png');
  });

  it('keeps ordinary e-mail layout', () => {
    const html = '<table width="600" style="width:600px;max-width:100%;margin:0 auto"><tr><td width="50%" style="padding:16px 24px;font-size:16px;line-height:1.5;letter-spacing:-0.5px">Hi</td></tr></table><img src="https://e.com/a.png" width="560" height="200" style="height:auto">';
    const clean = sanitizeRichHtml(html);
    for (const kept of ['width="600"', 'width:600px', 'max-width:100%', 'margin:0 auto', 'padding:16px 24px', 'font-size:16px', 'line-height:1.5', 'letter-spacing:-0.5px', 'width="50%"', 'width="560"', 'height="200"', 'height:auto']) {
      expect(clean, kept).toContain(kept);
    }
  });

  it('never lets a style through negative or past its ceiling (property)', () => {
    const props = ['margin', 'margin-top', 'margin-left', 'padding', 'padding-right', 'width', 'height', 'max-width', 'font-size', 'line-height', 'position', 'top', 'left', 'z-index'];
    const value = fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 99_999 }), fc.constantFrom('px', 'pt', 'em', 'rem', '%', '')).map(([neg, n, unit]) => `${neg ? '-' : ''}${n}${unit}`);
    const decl = fc.tuple(fc.constantFrom(...props), fc.array(value, { minLength: 1, maxLength: 4 })).map(([prop, values]) => `${prop}:${values.join(' ')}`);
    fc.assert(
      fc.property(fc.array(decl, { minLength: 1, maxLength: 6 }), fc.constantFrom('div', 'p', 'img', 'td'), (styles, tag) => {
        const html = tag === 'img' ? `<img src="https://e.com/x.png" style="${styles.join(';')}">` : tag === 'td' ? `<table><tr><td style="${styles.join(';')}">t</td></tr></table>` : `<${tag} style="${styles.join(';')}">t</${tag}>`;
        for (const [prop, kept] of declarations(sanitizeRichHtml(html))) {
          expect(['position', 'top', 'left', 'z-index']).not.toContain(prop);
          expect(kept).not.toMatch(/(^|\s)-[1-9]/);
          const family = prop.replace(/-(top|bottom|left|right)$/, '');
          for (const n of px(kept)) expect(n).toBeLessThanOrEqual(CEILING_PX[family] ?? Infinity);
          for (const [, n] of kept.matchAll(/(\d+(?:\.\d+)?)%/g)) expect(Number(n)).toBeLessThanOrEqual(family === 'font-size' ? 600 : family === 'line-height' ? 500 : 100);
          for (const [, n] of kept.matchAll(/(\d+(?:\.\d+)?)r?em/g)) expect(Number(n)).toBeLessThanOrEqual(125);
        }
      }),
      { numRuns: 500 },
    );
  });
});
