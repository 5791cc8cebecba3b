import sanitizeHtml from 'sanitize-html';
import { LINK_SCHEMES } from './link-schemes';
import { FONT_SIZE, HEIGHT, LETTER_SPACING, LINE_HEIGHT, SPACE, WIDTH, box, boundedAttribute, length, type Bounds } from './bounds';

/**
 * The one HTML sanitiser of rich text (e-mail templates and posts). An allow-list that keeps
 * what an e-mail client renders: block and inline formatting, lists, quotes, links, images, our
 * own `<video>` embed, simple tables, and inline styles limited to typography, colour and box
 * spacing, with non-negative margins and bounded sizes (./bounds.ts: no overlay of the page). Scripts, event handlers, `javascript:`/`data:` links, iframes, forms, CSS
 * `url()`/`expression()` and classes never pass. Runs on the server on every save, whatever the
 * client sent; the browser uses it for previews of unsaved text.
 */
export function sanitizeRichHtml(html: string): string {
  if (!html) return '';
  return sanitizeHtml(html, OPTIONS);
}

const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+))?\s*\)$/i, /^[a-z]{3,20}$/i];
// sanitize-html only calls `.test(value)`: a bounded rule (./bounds.ts) stands in for a RegExp.
const rule = (r: { test(value: string): boolean }) => r as RegExp;
const AUTO = /^auto$/;
const SPACING = rule(length(SPACE));
const BORDER = /^(none|0|\d{1,2}px\s+(solid|dashed|dotted)\s+(#[0-9a-f]{3,8}|[a-z]{3,20}))$/i;

const STYLES: Record<string, RegExp[]> = {
  color: COLOR,
  'background-color': COLOR,
  background: COLOR,
  'font-family': [/^[a-z0-9 ,'"-]{1,120}$/i],
  'font-size': [rule(length(FONT_SIZE))],
  'font-weight': [/^(normal|bold|bolder|lighter|[1-9]00)$/],
  'font-style': [/^(normal|italic)$/],
  'text-decoration': [/^(none|underline|line-through)(\s+(underline|line-through))?$/],
  'text-align': [/^(left|right|center|justify|start|end)$/],
  'text-transform': [/^(none|uppercase|lowercase|capitalize)$/],
  'vertical-align': [/^(top|middle|bottom|baseline|sub|super)$/],
  'white-space': [/^(normal|pre|pre-wrap|pre-line|nowrap)$/],
  'line-height': [/^normal$/, rule(length(LINE_HEIGHT))],
  'letter-spacing': [rule(length(LETTER_SPACING))],
  margin: [rule(box(SPACE, true))],
  'margin-top': [SPACING, AUTO],
  'margin-bottom': [SPACING, AUTO],
  'margin-left': [SPACING, AUTO],
  'margin-right': [SPACING, AUTO],
  padding: [rule(box(SPACE, false))],
  'padding-top': [SPACING],
  'padding-bottom': [SPACING],
  'padding-left': [SPACING],
  'padding-right': [SPACING],
  'padding-inline-start': [SPACING],
  width: [rule(length(WIDTH)), AUTO],
  height: [rule(length(HEIGHT)), AUTO],
  'max-width': [rule(length(WIDTH)), /^none$/],
  display: [/^(block|inline|inline-block)$/],
  border: [BORDER],
  'border-left': [BORDER],
  'border-top': [BORDER],
  'border-bottom': [BORDER],
  'border-radius': [/^((0|\d{1,3}(px|%))(\s+|$)){1,4}$/],
  'border-collapse': [/^(collapse|separate)$/],
  'list-style-type': [/^(disc|circle|square|decimal|lower-alpha|upper-alpha|lower-roman|upper-roman|none)$/],
};

// Images may carry inline data only as raster types (an SVG can carry script).
const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'div', 'span', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'sub', 'sup', 'mark', 'code', 'pre',
    'a', 'ul', 'ol', 'li', 'blockquote', 'hr', 'img', 'video', 'source', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption',
  ],
  allowedAttributes: {
    '*': ['style', 'dir', 'align', 'title'],
    a: ['href', 'target', 'rel', 'name'],
    img: ['src', 'alt', 'width', 'height'],
    video: ['src', 'controls', 'width', 'height', 'poster', 'preload'],
    source: ['src', 'type'],
    li: ['value'],
    ol: ['start', 'type'],
    table: ['width', 'cellpadding', 'cellspacing', 'border', 'role'],
    td: ['colspan', 'rowspan', 'valign', 'width'],
    th: ['colspan', 'rowspan', 'valign', 'width', 'scope'],
  },
  allowedStyles: { '*': STYLES },
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: ['http', 'https', 'data'], video: ['http', 'https'], source: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'poster', 'cite'],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'xmp', 'noembed', 'noframes', 'template', 'svg', 'math', 'object', 'embed', 'select', 'head', 'frameset', 'applet'],
  nestingLimit: 40,
  transformTags: {
    a: (tagName, attribs) => {
      const next: Record<string, string> = { ...withoutScriptUrls(attribs), rel: 'noopener noreferrer' };
      if (next.target !== undefined && next.target !== '_blank') delete next.target;
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => {
      const next = withinSizes(withoutScriptUrls(attribs));
      if (next.src && /^\s*data:/i.test(next.src) && !DATA_IMAGE.test(next.src.trim())) delete next.src;
      return { tagName, attribs: next };
    },
    strike: 's',
    video: (tagName, attribs) => ({ tagName, attribs: withinSizes(withoutScriptUrls(attribs)) }),
    table: (tagName, attribs) => ({ tagName, attribs: withinSizes(attribs) }),
    td: (tagName, attribs) => ({ tagName, attribs: withinSizes(attribs) }),
    th: (tagName, attribs) => ({ tagName, attribs: withinSizes(attribs) }),
    source: (tagName, attribs) => ({ tagName, attribs: withoutScriptUrls(attribs) }),
  },
  // An image or video without a source would be an empty box in the mail.
  exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'video' || frame.tag === 'source') && !frame.attribs.src,
};

// Old browsers ran `javascript:` even behind a backtick or other junk the scheme check reads as a
// relative address; no address of ours contains a script scheme, so any such value goes.
function withoutScriptUrls(attribs: Record<string, string>): Record<string, string> {
  const next = { ...attribs };
  for (const attr of ['href', 'src', 'poster']) {
    if (next[attr] !== undefined && /(java|vb|live)script:/i.test(next[attr].replace(/[\u0000-\u0020\u007f]/g, ''))) delete next[attr];
  }
  return next;
}

// width/height attributes within the CSS ceilings (`<img width="99999">` is an overlay too).
function withinSizes(attribs: Record<string, string>): Record<string, string> {
  const next = { ...attribs };
  for (const [attr, bounds] of [['width', WIDTH], ['height', HEIGHT]] as [string, Bounds][]) {
    if (next[attr] === undefined) continue;
    const kept = boundedAttribute(next[attr], bounds);
    if (kept === undefined) delete next[attr];
    else next[attr] = kept;
  }
  return next;
}
