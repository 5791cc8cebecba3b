/**
 * The inline styles the editor keeps on text: what its toolbar writes (colour, highlight, font,
 * size). Pure functions over CSS text, so they run in unit tests without a DOM.
 */
export const KEPT_STYLES = ['color', 'background-color', 'font-family', 'font-size'] as const;
export type KeptStyle = (typeof KEPT_STYLES)[number];

/** `color: red; font-size: 12px` as an ordered map (later declarations win, as in CSS). */
export function parseStyle(style: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of style.split(';')) {
    const i = part.indexOf(':');
    if (i > 0) map.set(part.slice(0, i).trim().toLowerCase(), part.slice(i + 1).trim());
  }
  return map;
}

/** CSS text in one order (the kept styles first), so the same style always reads the same. */
export function formatStyle(style: Map<string, string>): string {
  const rank = (p: string) => ((KEPT_STYLES as readonly string[]).indexOf(p) + KEPT_STYLES.length + 1) % (KEPT_STYLES.length + 1);
  return [...style]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([p, v]) => `${p}: ${v}`)
    .join('; ');
}

/**
 * Whether a kept declaration only restates the page's default and is dropped on import. Google
 * Docs writes `color: rgb(0,0,0)` on every span and Word `color: windowtext`: kept, they painted
 * black text on the dark-mode article (unreadable). A white or transparent highlight is the
 * paper, not a highlight. An author's dark colour (navy, dark red) is kept: only near-grey black.
 */
export function isDefaultStyle(property: string, value: string): boolean {
  const v = value.trim().toLowerCase();
  if (!v || ['inherit', 'initial', 'unset', 'currentcolor'].includes(v)) return true;
  if (property === 'color') return v === 'windowtext' || isNearBlack(parseColour(v));
  if (property === 'background-color') return v === 'window' || isPaper(parseColour(v));
  return false;
}

/** The kept, non-default declarations of a CSS text, in the order written. */
export function keptDeclarations(style: { getPropertyValue(property: string): string }): [KeptStyle, string][] {
  return KEPT_STYLES.map((p) => [p, style.getPropertyValue(p).trim()] as [KeptStyle, string]).filter(([p, v]) => v && !isDefaultStyle(p, v));
}

/**
 * A text node's style with an enclosing element's declarations added, later ones winning (callers
 * pass them outermost first, so the innermost declaration wins, as in CSS).
 */
export function mergeStyle(current: string, kept: [string, string][]): string {
  const map = parseStyle(current);
  for (const [p, v] of kept) map.set(p, v);
  return formatStyle(map);
}

type Rgba = [number, number, number, number];

const NAMED: Record<string, Rgba> = { black: [0, 0, 0, 1], white: [255, 255, 255, 1], transparent: [0, 0, 0, 0] };

/** `#rgb`, `#rrggbb(aa)`, `rgb()`/`rgba()` (numbers or percentages) and three names; null otherwise. */
export function parseColour(value: string): Rgba | null {
  const v = value.trim().toLowerCase();
  if (NAMED[v]) return NAMED[v];
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(v)?.[1];
  if (hex) {
    const digits = hex.length <= 4 ? [...hex].map((d) => d + d) : (hex.match(/../g) ?? []);
    const [r, g, b, a = 'ff'] = digits;
    return [parseInt(r, 16), parseInt(g, 16), parseInt(b, 16), parseInt(a, 16) / 255];
  }
  const fn = /^rgba?\(([^)]*)\)$/.exec(v)?.[1];
  if (!fn) return null;
  const parts = fn.split(/[\s,/]+/).filter(Boolean);
  if (parts.length < 3 || parts.length > 4) return null;
  const channel = (p: string) => (p.endsWith('%') ? (parseFloat(p) * 255) / 100 : parseFloat(p));
  const alpha = parts[3] === undefined ? 1 : parts[3].endsWith('%') ? parseFloat(parts[3]) / 100 : parseFloat(parts[3]);
  const rgba: Rgba = [channel(parts[0]), channel(parts[1]), channel(parts[2]), alpha];
  return rgba.some((n) => Number.isNaN(n)) ? null : rgba;
}

// Every channel at most 0x40 (#404040, a dark grey): black as documents write it (#000, #222,
// #333), not a dark hue the author picked (navy #000080 has a channel of 0x80).
const NEAR_BLACK_MAX = 0x40;

function isNearBlack(c: Rgba | null): boolean {
  return c !== null && c[3] > 0 && Math.max(c[0], c[1], c[2]) <= NEAR_BLACK_MAX;
}

function isPaper(c: Rgba | null): boolean {
  return c !== null && (c[3] === 0 || Math.min(c[0], c[1], c[2]) >= 250);
}

// A start tag's style attribute in sanitised HTML: text and attribute values have `<`, `>` and
// `"` escaped there, so this matches real attributes only.
const TAG_STYLE = /(<[a-z][a-z0-9]*\b[^<>]*?\sstyle=")([^"]*)(")/gi;
// Declarations end at `;`, but not at the `;` of an entity (`font-family:&quot;Arial&quot;`).
const DECLARATION_END = /(?<!&[a-z0-9#]+);/i;

/**
 * Sanitised HTML without the colours that only restate a document's default (black text, white
 * or transparent paper): bodies written before the import dropped them, or sent through the API,
 * would otherwise show black text on the dark-mode article.
 */
export function withoutDefaultColours(html: string): string {
  return html.replace(TAG_STYLE, (_all, head: string, css: string, tail: string) => {
    const cleaned = css.split(DECLARATION_END).filter((d) => d.trim() && !isDefaultColourDeclaration(d)).join(';');
    return cleaned ? head + cleaned + tail : head.replace(/\sstyle="$/, '');
  });
}

function isDefaultColourDeclaration(declaration: string): boolean {
  const i = declaration.indexOf(':');
  const property = declaration.slice(0, i).trim().toLowerCase();
  if (i < 0 || !['color', 'background-color', 'background'].includes(property)) return false;
  return isDefaultStyle(property === 'color' ? 'color' : 'background-color', declaration.slice(i + 1));
}
