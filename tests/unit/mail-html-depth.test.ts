import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_HTML_DEPTH } from '@/lib/inbox/limits';
import { inboundMailHtml } from '@/lib/inbox/mail-html';
import { boundHtmlNesting } from '@/lib/inbox/mail-html-depth';
import { mailHtmlToText } from '@/lib/inbox/mail-text';
import { LINEAR_AT_4X, timeGrowth } from '@/tests/fixtures/growth';

/** The depth htmlparser2 reaches, measured on what sanitize-html keeps (closed, well nested). */
function depthOf(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const m of html.matchAll(/<(\/?)([a-z0-9]+)[^>]*?(\/?)>/gi)) {
    if (m[1]) depth--;
    else if (!m[3] && !/^(br|hr|img|wbr)$/i.test(m[2])) deepest = Math.max(deepest, ++depth);
  }
  return deepest;
}

describe('boundHtmlNesting', () => {
  it('passes ordinary mail HTML through unchanged', () => {
    const html =
      '<html><head><title>x</title><style>p > a { color: red }</style></head><body><!-- <div><div> --><table><tr><td>a<td>b<tr><td>c</table>' +
      '<ul><li>one<li>two</ul><p>para<p>graph<br><img src="x.png" alt="<b>"><a title="a>b" href="#">link</a><script>if (a < b) { "<div>" }</script></body></html>';
    expect(boundHtmlNesting(html)).toBe(html);
    expect(boundHtmlNesting('plain text, no tags')).toBe('plain text, no tags');
  });

  it('drops the tags past the depth, keeping every text and the close tags of what it kept', () => {
    expect(boundHtmlNesting('<b><b><b><b>x</b></b></b></b>y', 2)).toBe('<b><b>x</b></b>y');
    expect(boundHtmlNesting('<div><i>a<div>b<span>c</span></div></i></div>', 2)).toBe('<div><i>abc</i></div>');
    // Implied closes (a <p> ends the open <p>; a <td> the open <td>) are not depth.
    expect(boundHtmlNesting('<p>a'.repeat(10), 2)).toBe('<p>a'.repeat(10));
    expect(boundHtmlNesting(`<table><tr>${'<td>x'.repeat(50)}</table>`, 3)).toBe(`<table><tr>${'<td>x'.repeat(50)}</table>`);
  });

  it('bounds the depth of what the converters see, in linear time, for any nesting', async () => {
    for (const unit of ['<div>', '<b><i>', '<p><div></p>', '<div title="<x>">', '<svg><a/><g></a>', '<table><tr><td>']) {
      const htmlOf = (repeats: number) => `${unit.repeat(repeats)}the end`;
      const inputs = new Map([12_500, 50_000].map((repeats) => [repeats, htmlOf(repeats)]));
      let text = '';
      let kept = '';
      const growth = await timeGrowth((repeats) => {
        const html = inputs.get(repeats) ?? '';
        text = mailHtmlToText(html);
        kept = inboundMailHtml(html);
      }, 12_500, 50_000, { rounds: 2 });
      // Four times the nesting takes 4 to 5.5 times as long here (the garbage collector does more
      // on a larger tree); a parser that walked back up the open tags at each one would take 16
      // times. Below 10,000 tags the small run fits the young heap and the ratio means little.
      expect(growth.ratio, `${unit}: ${growth}`).toBeLessThan(LINEAR_AT_4X);
      // What the last, larger run answered. (The test's timeout is a backstop for a hang: under a
      // load of 30 on two cores the six shapes took three minutes; quiet, a few seconds.)
      expect(text, unit).toContain('the end');
      // The rich-text allow-list keeps no <svg>, nor what is in it.
      if (!unit.startsWith('<svg')) expect(kept, unit).toContain('the end');
      expect(depthOf(kept), unit).toBeLessThanOrEqual(MAX_HTML_DEPTH);
    }
  }, 600_000);

  it('never loses text: generated tag soup keeps every word', () => {
    const piece = fc.oneof(fc.constantFrom('<div>', '</div>', '<b>', '</b>', '<p>', '</p>', '<br>', '<td>', '<!-- c -->', '<i title="x>y">', '</i>'), fc.stringMatching(/^[a-z]{1,6}$/).map((w) => ` ${w} `));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 300 }), fc.integer({ min: 1, max: 8 }), (pieces, depth) => {
        const html = pieces.join('');
        const words = (s: string) => s.replace(/<!--.*?-->|<[^>]*"[^"]*"[^>]*>|<[^>]*>/g, ' ').split(/\s+/).filter(Boolean);
        expect(words(boundHtmlNesting(html, depth))).toEqual(words(html));
      }),
      { numRuns: 300 },
    );
  });
});
