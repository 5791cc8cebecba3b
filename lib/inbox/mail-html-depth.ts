import { MAX_HTML_DEPTH } from './limits';

// What htmlparser2 (under html-to-text and sanitize-html) does with its open-element stack, so
// the depth counted here is the one it reaches: void elements never open, these open tags close
// the ones named first, a close tag closes up to the nearest open element of its name.
const VOID = new Set(['area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const P = new Set(['p']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p']);
const FORM = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const IMPLIES_CLOSE = new Map<string, Set<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['a', new Set(['a'])],
  ['li', new Set(['li'])],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', new Set(['dd', 'dt'])],
  ['dt', new Set(['dd', 'dt'])],
  ['rt', new Set(['rt', 'rp'])],
  ['rp', new Set(['rt', 'rp'])],
  ['tbody', new Set(['thead', 'tbody'])],
  ['tfoot', new Set(['thead', 'tbody'])],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((h) => [h, HEADINGS] as [string, Set<string>]),
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map((f) => [f, FORM] as [string, Set<string>]),
  ...['p', 'address', 'article', 'aside', 'blockquote', 'details', 'div', 'dl', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'header', 'hr', 'main', 'nav', 'ol', 'pre', 'section', 'table', 'ul'].map(
    (b) => [b, P] as [string, Set<string>],
  ),
]);
// Their content is text up to their own close tag: it opens nothing.
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext']);

const TAG = /<(?:(!--)|([!?])|(\/?)([a-zA-Z][^\s/>]*))/g;

/**
 * The HTML with every tag that would open an element deeper than `maxDepth` left out, and the
 * close tags that would end those; all text stays. A hostile or broken mail nests thousands of
 * unclosed tags: html-to-text then overflows the call stack and htmlparser2 slows with the square
 * of the depth (100,000 levels: seconds). One linear pass, so any size stays cheap.
 */
export function boundHtmlNesting(html: string, maxDepth = MAX_HTML_DEPTH): string {
  if (!html.includes('<')) return html;
  const stack: string[] = [];
  const kept: string[] = [];
  let copied = 0;
  let overflow = 0;
  const drop = (start: number, end: number) => {
    kept.push(html.slice(copied, start));
    copied = end;
  };
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m; m = TAG.exec(html)) {
    const start = m.index;
    if (m[1] || m[2]) {
      // A comment, a declaration or a processing instruction: nothing in it opens.
      const end = html.indexOf(m[1] ? '-->' : '>', start + (m[1] ? 4 : 2));
      TAG.lastIndex = end < 0 ? html.length : end + (m[1] ? 3 : 1);
      continue;
    }
    const name = m[4].toLowerCase();
    const end = tagEnd(html, TAG.lastIndex);
    TAG.lastIndex = end;
    if (m[3]) {
      if (overflow > 0) {
        overflow--;
        drop(start, end);
      } else {
        const at = stack.lastIndexOf(name);
        if (at >= 0) stack.length = at;
      }
      continue;
    }
    const closes = IMPLIES_CLOSE.get(name);
    while (closes && stack.length && closes.has(stack[stack.length - 1])) stack.pop();
    if (RAW_TEXT.has(name)) {
      // Its content and its close tag pass as they are (one level, opened and closed again).
      if (name === 'plaintext') break;
      const close = new RegExp(`</${name}[\\s/>]`, 'gi');
      close.lastIndex = end;
      const found = close.exec(html);
      TAG.lastIndex = found ? tagEnd(html, found.index + name.length + 2) : html.length;
      continue;
    }
    if (VOID.has(name)) continue;
    if (stack.length >= maxDepth) {
      overflow++;
      drop(start, end);
      continue;
    }
    stack.push(name);
  }
  if (!copied) return html;
  kept.push(html.slice(copied));
  return kept.join('');
}

/** The index after a tag's closing `>` (a `>` in a quoted attribute value does not end it). */
function tagEnd(html: string, from: number): number {
  let afterEquals = false;
  for (let i = from; i < html.length; i++) {
    const c = html[i];
    if (c === '>') return i + 1;
    if ((c === '"' || c === "'") && afterEquals) {
      const close = html.indexOf(c, i + 1);
      if (close < 0) return html.length;
      i = close;
      afterEquals = false;
    } else if (c === '=') afterEquals = true;
    else if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r' && c !== '\f') afterEquals = false;
  }
  return html.length;
}
