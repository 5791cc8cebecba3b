/**
 * Microsoft Word's clipboard HTML, made into what the editor can hold. Word writes a list as
 * paragraphs (`<p style="mso-list:l0 level2 lfo1">`) whose bullet or number is text in a
 * `mso-list:Ignore` span, and its pictures as `file:///…/clip_image001.png`, an address no
 * browser may read. Found from outside: lists arrived as "·" paragraphs and pictures vanished
 * without a word. Lists become `<ul>`/`<ol>` (nested by level); local pictures are removed and
 * counted, so the editor can say so. Browser only (DOMParser).
 */

const LIST_PARAGRAPH = /mso-list:\s*(l\d+)\s+level(\d+)\s+(lfo\d+)/i;
const LIST_LEVEL_RULE = /@list\s+(l\d+):level(\d+)\s*\{([^}]*)\}/gi;

export interface OfficePaste {
  html: string;
  /** Pictures Word gave as local files, left out. */
  localImages: number;
}

/** The rewritten HTML, or null when the clipboard holds nothing of Word's to rewrite. */
export function rewriteOfficeClipboard(html: string): OfficePaste | null {
  if (!/mso-list|<img[^>]+src\s*=\s*["']?file:/i.test(html)) return null;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const localImages = removeLocalImages(doc);
  const lists = convertListParagraphs(doc, orderedLevels(doc));
  if (!localImages && !lists) return null;
  return { html: doc.body.innerHTML, localImages };
}

function removeLocalImages(doc: Document): number {
  const images = [...doc.body.querySelectorAll('img')].filter((img) => /^\s*file:/i.test(img.getAttribute('src') ?? ''));
  for (const img of images) {
    const paragraph = img.closest('p');
    img.remove();
    // A paragraph that held only the picture would stay behind as an empty line.
    if (paragraph && !paragraph.textContent?.trim() && !paragraph.querySelector('img, video, iframe')) paragraph.remove();
  }
  return images.length;
}

/** `l0:2` → whether that level is numbered, from Word's `@list` rules (absent in some copies). */
function orderedLevels(doc: Document): Map<string, boolean> {
  const levels = new Map<string, boolean>();
  const css = [...doc.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
  for (const [, list, level, body] of css.matchAll(LIST_LEVEL_RULE)) {
    const format = /mso-level-number-format:\s*([\w-]+)/i.exec(body)?.[1]?.toLowerCase();
    // No format is Word's default, decimal.
    levels.set(`${list.toLowerCase()}:${level}`, format !== 'bullet' && format !== 'none' && format !== 'image');
  }
  return levels;
}

interface ListParagraph {
  element: HTMLElement;
  level: number;
  ordered: boolean;
}

function convertListParagraphs(doc: Document, levels: Map<string, boolean>): number {
  let converted = 0;
  let run: ListParagraph[] = [];
  const flush = () => {
    if (run.length) converted += replaceRun(doc, run);
    run = [];
  };
  for (const element of [...doc.body.querySelectorAll<HTMLElement>('p, h1, h2, h3, h4, h5, h6')]) {
    const match = LIST_PARAGRAPH.exec(element.getAttribute('style') ?? '');
    if (!match) continue;
    const level = Number(match[2]);
    const marker = takeMarker(element);
    const ordered = levels.get(`${match[1].toLowerCase()}:${level}`) ?? isNumberMarker(marker);
    const previous = run.at(-1);
    if (previous && !adjacent(previous.element, element)) flush();
    run.push({ element, level, ordered });
  }
  flush();
  return converted;
}

/** Whether only white space and comments (Word's `<![if …]>`) stand between two paragraphs. */
function adjacent(before: Element, after: Element): boolean {
  for (let node = before.nextSibling; node; node = node.nextSibling) {
    if (node === after) return true;
    if (node.nodeType === 1 || (node.nodeType === 3 && node.textContent?.trim())) return false;
  }
  return false;
}

/** Removes the paragraph's bullet or number (the `mso-list:Ignore` span) and returns its text. */
function takeMarker(paragraph: HTMLElement): string {
  const marker = [...paragraph.querySelectorAll('span')].find((span) => /mso-list:\s*ignore/i.test(span.getAttribute('style') ?? ''));
  if (!marker) return '';
  // Its first text is the marker; the rest is a run of spaces in a tiny font.
  const text = (marker.firstChild?.textContent ?? marker.textContent ?? '').replace(/[\s\u00a0]+/g, '');
  let removed: Element = marker;
  // Word wraps it in a span that sets the symbol font: remove that too when it holds nothing else.
  while (removed.parentElement && removed.parentElement !== paragraph && removed.parentElement.childNodes.length === 1) removed = removed.parentElement;
  removed.remove();
  return text;
}

/** `1.` `a)` `iv.` `(3)` `一、` `（1）` are numbers; `·` `o` `§` `•` and Word's private-use bullets are not. */
function isNumberMarker(marker: string): boolean {
  return /[0-9a-z\u4e00\u4e8c\u4e09\u56db\u4e94\u516d\u4e03\u516b\u4e5d\u5341\uff10-\uff19]/i.test(marker) && marker.length > 1;
}

/** Replaces one run of list paragraphs with nested lists; returns the items made. */
function replaceRun(doc: Document, run: ListParagraph[]): number {
  const first = run[0].element;
  const holder = doc.createDocumentFragment();
  // Open lists, outermost first, each with the level it stands for.
  const open: { level: number; list: HTMLElement }[] = [];
  for (const { element, level, ordered } of run) {
    const tag = ordered ? 'OL' : 'UL';
    let top = open.at(-1);
    while (top && (top.level > level || (top.level === level && top.list.tagName !== tag))) {
      open.pop();
      top = open.at(-1);
    }
    if (!top || top.level < level) {
      const list = doc.createElement(tag);
      // A deeper level nests in the item above it; a run that starts deep starts at the top.
      const parentItem = top?.list.lastElementChild;
      if (parentItem) parentItem.append(list);
      else if (top) top.list.append(list);
      else holder.append(list);
      top = { level, list };
      open.push(top);
    }
    const item = doc.createElement('li');
    item.append(...element.childNodes);
    top.list.append(item);
  }
  first.replaceWith(holder);
  for (const { element } of run.slice(1)) element.remove();
  return run.length;
}
