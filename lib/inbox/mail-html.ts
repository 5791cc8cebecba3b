import sanitizeHtml from 'sanitize-html';
import { sanitizeRichHtml } from '@/lib/sanitize/html';
import { boundHtmlNesting } from './mail-html-depth';
import { MAX_INBOUND_HTML_LENGTH } from './limits';

/**
 * The HTML of an inbound e-mail as we keep it: the rich-text allow-list (lib/sanitize/html), then
 * nothing that would fetch from another server when shown. A sender's remote images (tracking
 * pixels above all, often in the quoted part of a reply: our own campaign's pixel) would report
 * an open each time a merchant or an API client displayed the thread; inline `data:` images stay,
 * remote ones leave their alt text; video (its poster and sources are remote) goes. Nesting is
 * bounded first (mail-html-depth.ts): the parser slows with the square of the depth.
 */
export function inboundMailHtml(html: string): string {
  const clean = sanitizeRichHtml(boundHtmlNesting(html));
  if (!/<(img|video|source)\b/i.test(clean)) return clean;
  // A second pass over HTML the allow-list has already cleaned: every tag and attribute it kept
  // stays (so the "vulnerable tags" it warns of are long gone), only images and video change.
  return sanitizeHtml(clean, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    allowedSchemesByTag: { img: ['data'] },
    exclusiveFilter: (frame) => frame.tag === 'video' || frame.tag === 'source',
    transformTags: {
      img: (tagName, attribs) => (/^data:/i.test(attribs.src ?? '') ? { tagName, attribs } : { tagName: 'span', attribs: {}, text: attribs.alt ?? '' }),
    },
  });
}

/**
 * HTML past MAX_INBOUND_HTML_LENGTH clipped before anything parses it: at the last tag start
 * before the bound (no tag cut in two; the sanitiser closes what stays open), or at the bound when
 * the clipped part has no tag in its second half.
 */
export function clipMailHtml(html: string, max = MAX_INBOUND_HTML_LENGTH): string {
  if (html.length <= max) return html;
  const tagStart = html.lastIndexOf('<', max);
  const end = tagStart > max / 2 ? tagStart : max;
  return html.slice(0, /[\uD800-\uDBFF]/.test(html[end - 1] ?? '') ? end - 1 : end);
}
