/**
 * Accent colour and text size (spec section 3, Settings: "theme colours, dark flag, size"). Both
 * are data attributes on <html> (data-accent, data-text-size) that app/globals.css turns into the
 * primary colour variables and the root font size, so one attribute change repaints every screen.
 * The user's row is the authority; the `appearance` cookie mirrors it for pages rendered without
 * a session (the login page after sign-out).
 */
export const ACCENTS = ['blue', 'teal', 'violet', 'rose', 'amber'] as const;
export type Accent = (typeof ACCENTS)[number];
export const TEXT_SIZES = ['normal', 'large'] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

export interface Appearance {
  accent: Accent;
  textSize: TextSize;
}

export const DEFAULT_APPEARANCE: Appearance = { accent: 'blue', textSize: 'normal' };
export const APPEARANCE_COOKIE = 'appearance';
const COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** The swatch shown beside each accent's name: its filled-button colour (primary-700). */
export const ACCENT_SWATCHES: Record<Accent, string> = {
  blue: '#2b6cb0',
  teal: '#0f766e',
  violet: '#6d28d9',
  rose: '#be123c',
  amber: '#b45309',
};

export function isAccent(value: unknown): value is Accent {
  return typeof value === 'string' && (ACCENTS as readonly string[]).includes(value);
}

export function isTextSize(value: unknown): value is TextSize {
  return typeof value === 'string' && (TEXT_SIZES as readonly string[]).includes(value);
}

/** Stored values to a choice: anything unknown (an accent removed later, null) is the default. */
export function appearanceOf(accent: unknown, textSize: unknown): Appearance {
  return { accent: isAccent(accent) ? accent : DEFAULT_APPEARANCE.accent, textSize: isTextSize(textSize) ? textSize : DEFAULT_APPEARANCE.textSize };
}

/** Cookie text `accent.size`, e.g. `teal.large`. */
export function appearanceCookieValue(appearance: Appearance): string {
  return `${appearance.accent}.${appearance.textSize}`;
}

export function parseAppearanceCookie(value: string | undefined): Appearance {
  const [accent, textSize] = (value ?? '').split('.');
  return appearanceOf(accent, textSize);
}

/** Client side: repaint at once and mirror the choice into the cookie for the first paint. */
export function applyAppearance(appearance: Appearance): void {
  const root = document.documentElement;
  root.setAttribute('data-accent', appearance.accent);
  root.setAttribute('data-text-size', appearance.textSize);
  writeAppearanceCookie(appearance);
}

export function writeAppearanceCookie(appearance: Appearance): void {
  // A display preference written by this script, so it cannot be HttpOnly; Secure over HTTPS.
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${APPEARANCE_COOKIE}=${appearanceCookieValue(appearance)}; path=/; max-age=${COOKIE_MAX_AGE}; samesite=lax${secure}`;
}
