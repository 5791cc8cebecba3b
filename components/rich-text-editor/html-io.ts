import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import {
  $createParagraphNode,
  $getRoot,
  $insertNodes,
  $setSelection,
  $isElementNode,
  $isTextNode,
  TextNode,
  type DOMConversionMap,
  type DOMConversionOutput,
  type DOMExportOutput,
  type DOMExportOutputMap,
  type LexicalEditor,
  type LexicalNode,
  type TextFormatType,
} from 'lexical';
import { keptDeclarations, mergeStyle, parseStyle, formatStyle } from './kept-styles';

/** The inline elements that carry a text format; `b` is Google Docs' whole-copy wrapper too. */
const TAG_FORMATS: Record<string, TextFormatType | null> = {
  span: null,
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  u: 'underline',
  s: 'strikethrough',
  strike: 'strikethrough',
  del: 'strikethrough',
  code: 'code',
  mark: 'highlight',
  sub: 'subscript',
  sup: 'superscript',
};

/**
 * Inline import that keeps colour, highlight, font and size on every formatting element, not
 * only `<span>` (Lexical's own keeps none of them): a saved `<strong style="color:…">` or Word's
 * `<b><span style>` reopens as it was written. Priority 1 wins over Lexical's conversions.
 */
export const htmlImport: DOMConversionMap = Object.fromEntries(
  Object.keys(TAG_FORMATS).map((tag) => [tag, () => ({ priority: 1 as const, conversion: (dom: HTMLElement) => convertInline(dom) })]),
);

// For each text node being imported, the depth of the element that set each of its kept styles.
const styleDepths = new WeakMap<LexicalNode, Map<string, number>>();

function convertInline(dom: HTMLElement): DOMConversionOutput {
  // Lexical keeps one `forChild` per tag name (an inner <span> replaces its outer <span>'s) and
  // applies them in the order the names were first met, not innermost last. So the element also
  // says what its same-named ancestors said, and a style is set only over one set less deep: the
  // innermost declaration wins, as in CSS.
  const chain: HTMLElement[] = [];
  for (let el: HTMLElement | null = dom; el; el = el.parentElement) if (el.nodeName === dom.nodeName) chain.unshift(el);
  const formats = new Set(chain.flatMap(elementFormats));
  const declared = chain.flatMap((el) => keptDeclarations(el.style).map(([p, v]) => [p, v, depth(el)] as const));
  return {
    node: null,
    forChild: (node: LexicalNode) => {
      if (!$isTextNode(node)) return node;
      for (const f of formats) if (!node.hasFormat(f)) node.toggleFormat(f);
      const depths = styleDepths.get(node) ?? new Map<string, number>();
      styleDepths.set(node, depths);
      const winning = declared.filter(([p, , d]) => (depths.get(p) ?? -1) <= d);
      for (const [p, , d] of winning) depths.set(p, d);
      if (winning.length) node.setStyle(mergeStyle(node.getStyle(), winning.map(([p, v]) => [p, v])));
      return node;
    },
  };
}

function depth(el: HTMLElement): number {
  let n = 0;
  for (let p = el.parentElement; p; p = p.parentElement) n++;
  return n;
}

function elementFormats(el: HTMLElement): TextFormatType[] {
  const style = el.style;
  const formats: TextFormatType[] = [];
  const tagFormat = TAG_FORMATS[el.nodeName.toLowerCase()];
  // Google Docs wraps the whole copy in <b style="font-weight:normal">: that is not bold.
  if (tagFormat && !(tagFormat === 'bold' && style.fontWeight === 'normal')) formats.push(tagFormat);
  const decoration = style.textDecoration || style.textDecorationLine || '';
  if (style.fontWeight === 'bold' || Number(style.fontWeight) >= 600) formats.push('bold');
  if (style.fontStyle === 'italic') formats.push('italic');
  if (decoration.includes('underline')) formats.push('underline');
  if (decoration.includes('line-through')) formats.push('strikethrough');
  if (style.verticalAlign === 'sub') formats.push('subscript');
  if (style.verticalAlign === 'super') formats.push('superscript');
  const transform = style.textTransform;
  if (transform === 'uppercase' || transform === 'lowercase' || transform === 'capitalize') formats.push(transform);
  return formats;
}

/** Formats as elements, outermost first; the innermost one carries the text's style. */
const FORMAT_TAGS: [TextFormatType, string][] = [
  ['code', 'code'],
  ['highlight', 'mark'],
  ['subscript', 'sub'],
  ['superscript', 'sup'],
  ['underline', 'u'],
  ['strikethrough', 's'],
  ['italic', 'em'],
  ['bold', 'strong'],
];
const TRANSFORMS = ['uppercase', 'lowercase', 'capitalize'] as const;

/**
 * Text export that says each format once (`<strong>`, not Lexical's `<b><strong>`), puts the
 * style where htmlImport reads it back, and writes `white-space: pre-wrap` only where the text
 * would otherwise collapse on the way back in. Lexical's own export grew every save (a body near
 * the limit could not be saved again) and lost styles on bold or italic text.
 */
export const htmlExport: DOMExportOutputMap = new Map([[TextNode, (_editor: LexicalEditor, node: LexicalNode) => exportText(node)]]);

function exportText(node: LexicalNode): DOMExportOutput {
  if (!$isTextNode(node)) return { element: null };
  const text = node.getTextContent();
  const style = parseStyle(node.getStyle());
  const transform = TRANSFORMS.find((t) => node.hasFormat(t));
  if (transform) style.set('text-transform', transform);
  if ($needsPreWrap(node, text)) style.set('white-space', 'pre-wrap');
  const tags = FORMAT_TAGS.filter(([f]) => node.hasFormat(f)).map(([, tag]) => tag);
  if (!tags.length && style.size) tags.push('span');
  let element: HTMLElement | Text = document.createTextNode(text);
  tags.reverse().forEach((tag, i) => {
    const wrapper = document.createElement(tag);
    if (i === 0 && style.size) wrapper.setAttribute('style', formatStyle(style));
    wrapper.append(element);
    element = wrapper;
  });
  return { element };
}

/**
 * Whether HTML's white-space collapsing (Lexical's import follows it) would change the text:
 * runs of spaces, tabs and newlines, a space at the start or end of a line, or after a space.
 */
function $needsPreWrap(node: LexicalNode, text: string): boolean {
  if (/[\t\n\r]| {2}/.test(text)) return true;
  if (text.startsWith(' ') && /(^|\s)$/.test($lineText(node, 'before'))) return true;
  return text.endsWith(' ') && !/\S/.test($lineText(node, 'after').split('\n')[0]);
}

/** The text of the node's block before or after it (through links and other inline parents). */
function $lineText(node: LexicalNode, side: 'before' | 'after'): string {
  let out = '';
  for (let current: LexicalNode | null = node; current; ) {
    for (let s = side === 'before' ? current.getPreviousSibling() : current.getNextSibling(); s; s = side === 'before' ? s.getPreviousSibling() : s.getNextSibling()) {
      out = side === 'before' ? s.getTextContent() + out : out + s.getTextContent();
    }
    const parent: LexicalNode | null = current.getParent();
    current = parent && $isElementNode(parent) && parent.isInline() ? parent : null;
  }
  return out;
}

/** Replaces the editor's content with the given HTML (inside an update). */
export function $importHtml(editor: LexicalEditor, html: string): void {
  const root = $getRoot();
  root.clear();
  // On the server (no DOMParser) and for an empty value: one empty paragraph to type into.
  if (!html.trim() || typeof DOMParser === 'undefined') {
    root.append($createParagraphNode());
    return;
  }
  const dom = new DOMParser().parseFromString(html, 'text/html');
  const nodes = $generateNodesFromDOM(editor, dom);
  root.select();
  $insertNodes(nodes);
  // Loading is no editing: with a selection left in it, Lexical focused the editor on mount, past
  // the skip link, the name and the subject (found from outside, keyboard-only).
  $setSelection(null);
}

/**
 * The editor's content as e-mail-safe HTML: inline styles only (no classes), quotes styled
 * inline, token links kept as `{{token}}` (Lexical would prefix them with https://), and ''
 * for an empty document. The server sanitises again on save.
 */
export function $exportHtml(editor: LexicalEditor): string {
  const root = $getRoot();
  if (!root.getTextContent().trim() && !hasDecorator(root)) return '';
  const html = $generateHtmlFromNodes(editor, null);
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  doc.body.querySelectorAll('[class]').forEach((el) => el.removeAttribute('class'));
  doc.body.querySelectorAll('*').forEach((el) => {
    for (const attr of [...el.attributes]) if (attr.name.startsWith('data-')) el.removeAttribute(attr.name);
  });
  doc.body.querySelectorAll('blockquote').forEach((el) => {
    el.setAttribute('style', `margin:0 0 12px;padding:4px 0 4px 12px;border-left:4px solid #dcdfe6;color:#606266;${el.getAttribute('style') ?? ''}`);
  });
  doc.body.querySelectorAll('a[href]').forEach((a) => {
    const href = a.getAttribute('href') ?? '';
    const token = /^https?:\/\/(\{\{[^{}]+\}\}|%7B%7B[^%]+%7D%7D)\/?$/i.exec(href);
    if (token) a.setAttribute('href', decodeURIComponent(token[1]));
    a.setAttribute('target', '_blank');
  });
  return doc.body.innerHTML;
}

function hasDecorator(node: LexicalNode): boolean {
  if (node.getType().startsWith('starloop-')) return true;
  const children = 'getChildren' in node && typeof node.getChildren === 'function' ? (node.getChildren() as LexicalNode[]) : [];
  return children.some(hasDecorator);
}
