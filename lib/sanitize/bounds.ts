/**
 * Bounded CSS lengths for the sanitiser's style allow-list. sanitize-html asks each allowed value
 * `.test(value)`, so a rule here is an object with that method. Margins and padding are never
 * negative and sizes have a ceiling: a post or mail body stays in its own box, so no `margin:
 * -9999px`, 9999px-wide block or giant text can lay itself over the page around it (the public
 * post page shows the merchant's name and links). The ceilings sit well above any layout an
 * e-mail uses (600-700 px wide).
 */
export interface Bounds {
  px: number;
  pt: number;
  em: number;
  percent: number;
  /** Unitless numbers (line-height) up to this; absent: only 0 is allowed unitless. */
  unitless?: number;
  /** How far below zero a value may go, as a share of the ceiling; absent: never. */
  negativeShare?: number;
}

export interface ValueRule {
  test(value: string): boolean;
}

const NUMBER = /^(-?)(\d{1,4}(?:\.\d{1,3})?)(px|pt|em|rem|%)?$/i;

/** Whether one length is within bounds. */
export function withinBounds(value: string, bounds: Bounds): boolean {
  const match = NUMBER.exec(value.trim());
  if (!match) return false;
  const [, minus, digits, unit] = match;
  const amount = Number(digits);
  const ceiling = unit === undefined ? (bounds.unitless ?? 0) : unit.toLowerCase() === 'px' ? bounds.px : unit.toLowerCase() === 'pt' ? bounds.pt : unit === '%' ? bounds.percent : bounds.em;
  if (!minus) return amount <= ceiling;
  return amount === 0 || amount <= ceiling * (bounds.negativeShare ?? 0);
}

/** One bounded length. */
export function length(bounds: Bounds): ValueRule {
  return { test: (value) => withinBounds(value, bounds) };
}

/** One to four bounded lengths or `auto` (the margin/padding shorthand). */
export function box(bounds: Bounds, allowAuto: boolean): ValueRule {
  return {
    test: (value) => {
      const parts = value.trim().split(/\s+/);
      return parts.length >= 1 && parts.length <= 4 && parts.every((p) => (allowAuto && p === 'auto') || withinBounds(p, bounds));
    },
  };
}

/** Spacing: margins and padding, never negative. */
export const SPACE: Bounds = { px: 200, pt: 150, em: 12, percent: 25 };
/** Widths: the widest e-mail layout and then some. */
export const WIDTH: Bounds = { px: 1200, pt: 900, em: 75, percent: 100 };
export const HEIGHT: Bounds = { px: 2000, pt: 1500, em: 125, percent: 100 };
export const FONT_SIZE: Bounds = { px: 96, pt: 72, em: 6, percent: 600 };
export const LINE_HEIGHT: Bounds = { px: 150, pt: 110, em: 5, percent: 500, unitless: 5 };
/** Letter spacing may tighten a little (a tenth of its ceiling), never fold text onto itself. */
export const LETTER_SPACING: Bounds = { px: 20, pt: 15, em: 1, percent: 0, negativeShare: 0.1 };

/**
 * An HTML width/height attribute (pixels, or a percentage): kept within the same ceilings as CSS,
 * otherwise dropped (the image then has its natural size, capped by the page's own CSS).
 */
export function boundedAttribute(value: string | undefined, bounds: Bounds): string | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  const match = /^(\d{1,5})(%?)$/.exec(text);
  if (!match) return undefined;
  const amount = Number(match[1]);
  return amount <= (match[2] ? bounds.percent : bounds.px) ? text : undefined;
}
