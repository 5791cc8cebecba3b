import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDefaultStyle, keptDeclarations, mergeStyle, parseColour, withoutDefaultColours } from '@/components/rich-text-editor/kept-styles';
import { sanitizeRichHtml } from '@/lib/sanitize/html';

// What a CSSStyleDeclaration answers, from a plain map.
const declared = (style: Record<string, string>) => ({ getPropertyValue: (p: string) => style[p] ?? '' });

describe('default colours (issue: black Google Docs text unreadable in dark mode)', () => {
  it.each(['rgb(0, 0, 0)', 'rgb(0,0,0)', '#000', '#000000', '#333333', 'black', 'BLACK', 'windowtext', 'rgba(34, 34, 34, 1)', 'inherit', 'currentcolor'])('drops the text colour %s', (v) => {
    expect(isDefaultStyle('color', v)).toBe(true);
  });
  it.each(['rgb(192, 0, 0)', '#000080', 'red', 'rgb(0, 0, 128)', '#555', 'rgba(0, 0, 0, 0)'])('keeps the text colour %s', (v) => {
    expect(isDefaultStyle('color', v)).toBe(false);
  });
  it.each(['transparent', 'white', '#fff', '#ffffff', 'rgb(255, 255, 255)', 'rgba(0, 0, 0, 0)', 'window'])('drops the highlight %s', (v) => {
    expect(isDefaultStyle('background-color', v)).toBe(true);
  });
  it.each(['yellow', 'rgb(255, 255, 0)', '#ffe599', 'black'])('keeps the highlight %s', (v) => {
    expect(isDefaultStyle('background-color', v)).toBe(false);
  });
  it('never drops a font or a size', () => {
    expect(isDefaultStyle('font-size', '11pt')).toBe(false);
    expect(isDefaultStyle('font-family', 'Arial')).toBe(false);
  });
  it('reads hex with alpha and percentages', () => {
    expect(parseColour('#0008')).toEqual([0, 0, 0, 0x88 / 255]);
    expect(parseColour('rgb(100%, 0%, 0%)')).toEqual([255, 0, 0, 1]);
    expect(parseColour('rgb(1 2 3 / 50%)')).toEqual([1, 2, 3, 0.5]);
    expect(parseColour('hsl(0, 0%, 0%)')).toBeNull();
  });
});

describe('kept declarations on import', () => {
  it('keeps colour, highlight, font and size, less the defaults, and nothing else', () => {
    const style = declared({ color: 'rgb(0, 0, 0)', 'background-color': 'yellow', 'font-size': '14pt', 'font-family': 'Arial', 'line-height': '1.38', 'white-space': 'pre' });
    expect(keptDeclarations(style)).toEqual([
      ['background-color', 'yellow'],
      ['font-family', 'Arial'],
      ['font-size', '14pt'],
    ]);
  });
  it('lets the inner element win, as CSS does', () => {
    expect(mergeStyle('color: red; font-size: 12px', [['color', 'blue']])).toBe('color: blue; font-size: 12px');
  });
});

describe('withoutDefaultColours (the article view, bodies saved before the import dropped them)', () => {
  it('drops black text and white or transparent paper from sanitised HTML, keeping the rest', () => {
    const html = sanitizeRichHtml('<p><span style="color: rgb(0, 0, 0); background-color: transparent; font-size: 11pt">a</span><span style="background:yellow;color:#000000">b</span><strong style="color: rgb(192, 0, 0)">c</strong><span style="color:#000">d</span></p>');
    expect(withoutDefaultColours(html)).toBe('<p><span style="font-size:11pt">a</span><span style="background:yellow">b</span><strong style="color:rgb(192, 0, 0)">c</strong><span>d</span></p>');
  });
  it('leaves text and other attributes that merely look like a style alone', () => {
    const html = sanitizeRichHtml('<p title="x style=&quot;color:#000&quot;">text style="color:#000" <span style="font-family:&quot;Times New Roman&quot;;color:black">t</span></p>');
    const out = withoutDefaultColours(html);
    expect(out).toContain('text style="color:#000"');
    expect(out).toContain('title="x style=&quot;color:#000&quot;"');
    expect(out).toContain('style="font-family:&quot;Times New Roman&quot;"');
  });
  it('keeps every declaration that is not a default colour (property)', () => {
    const colour = fc.constantFrom('#000', '#000000', 'rgb(0, 0, 0)', 'black', 'white', 'transparent', '#c00000', 'rgb(192, 0, 0)', 'yellow', '#000080');
    const decl = fc.oneof(
      fc.tuple(fc.constantFrom('color', 'background-color', 'background'), colour),
      fc.tuple(fc.constant('font-size'), fc.constantFrom('11pt', '14px')),
      fc.tuple(fc.constant('white-space'), fc.constantFrom('pre-wrap', 'nowrap')),
    );
    fc.assert(
      fc.property(fc.array(decl, { maxLength: 6 }), (decls) => {
        const css = decls.map(([p, v]) => `${p}:${v}`).join(';');
        const out = withoutDefaultColours(sanitizeRichHtml(`<p><span style="${css}">x</span></p>`));
        const style = /style="([^"]*)"/.exec(out)?.[1] ?? '';
        const left = style ? style.split(';') : [];
        const expected = sanitizeRichHtml(`<p><span style="${css}">x</span></p>`).match(/style="([^"]*)"/)?.[1]?.split(';') ?? [];
        const kept = expected.filter((d) => {
          const [p, v] = [d.slice(0, d.indexOf(':')), d.slice(d.indexOf(':') + 1)];
          return !(['color', 'background-color', 'background'].includes(p) && isDefaultStyle(p === 'color' ? 'color' : 'background-color', v));
        });
        expect(left).toEqual(kept);
      }),
    );
  });
});
