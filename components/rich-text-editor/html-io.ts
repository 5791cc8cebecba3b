import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { $createParagraphNode, $getRoot, $insertNodes, $isTextNode, type DOMConversionMap, type LexicalEditor, type LexicalNode, type TextFormatType } from 'lexical';

/** The inline styles our toolbar writes; kept on import so a saved template reopens the same. */
const KEPT_STYLES = ['color', 'background-color', 'font-family', 'font-size'] as const;

/**
 * `<span style>` import that keeps colour, highlight, font and size (Lexical's own keeps only
 * bold/italic/underline/strike), so reopening a template shows what was saved.
 */
export const htmlImport: DOMConversionMap = {
  span: () => ({
    priority: 1,
    conversion: (dom) => {
      const style = (dom as HTMLElement).style;
      const formats: TextFormatType[] = [];
      const decoration = style.textDecoration || '';
      if (style.fontWeight === 'bold' || Number(style.fontWeight) >= 600) formats.push('bold');
      if (style.fontStyle === 'italic') formats.push('italic');
      if (decoration.includes('underline')) formats.push('underline');
      if (decoration.includes('line-through')) formats.push('strikethrough');
      const kept = KEPT_STYLES.map((p) => [p, style.getPropertyValue(p)] as const).filter(([, v]) => v);
      return {
        node: null,
        forChild: (node: LexicalNode) => {
          if (!$isTextNode(node)) return node;
          for (const f of formats) if (!node.hasFormat(f)) node.toggleFormat(f);
          if (kept.length) {
            const current = parseStyle(node.getStyle());
            for (const [p, v] of kept) if (!current.has(p)) current.set(p, v);
            node.setStyle([...current].map(([p, v]) => `${p}: ${v}`).join('; '));
          }
          return node;
        },
      };
    },
  }),
};

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

function parseStyle(style: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of style.split(';')) {
    const i = part.indexOf(':');
    if (i > 0) map.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return map;
}
