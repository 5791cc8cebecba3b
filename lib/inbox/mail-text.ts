import { convert, type HtmlToTextOptions } from 'html-to-text';
import { MAX_HTML_DEPTH } from './limits';
import { boundHtmlNesting } from './mail-html-depth';

// What a person reads: no <title>, <style>, <script> or head text, images not named by their
// address (a tracking pixel would read as a URL), links kept as "label [address]" (the address
// alone when it is the label), headings in their own case, table cells on lines of their own, no
// hard wrapping (the thread wraps).
const OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  // maxDepth only backs up boundHtmlNesting (deeper content would become an ellipsis).
  limits: { maxInputLength: 2_000_000, maxDepth: 2 * MAX_HTML_DEPTH },
  selectors: [
    { selector: 'head', format: 'skip' },
    { selector: 'title', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'script', format: 'skip' },
    { selector: 'img', format: 'skip' },
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true, ignoreHref: false, noAnchorUrl: true } },
    // Mail lays out with tables: a cell is a block of its own, so cells never run together.
    ...(['table', 'tr', 'td', 'th'] as const).map((selector) => ({ selector, format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } })),
    ...(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).map((selector) => ({ selector, options: { uppercase: false } })),
  ],
};

/** The readable text of an e-mail's HTML body (an HTML-only mail's thread text and list preview). */
export function mailHtmlToText(html: string): string {
  if (!html.trim()) return '';
  // &nbsp; comes out as U+00A0: a plain space reads the same and matches the inbox search.
  return convert(boundHtmlNesting(html), OPTIONS)
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The text of an inbound e-mail: its plain part when it has one with words in it, else its HTML
 * made readable.
 */
export function inboundMailText(email: { text?: string | null; html?: string | null }): string {
  const plain = (email.text ?? '').trim();
  return plain || mailHtmlToText(email.html ?? '');
}
