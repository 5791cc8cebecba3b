/** Appearance choices of the settings page (spec section 2); 'system' follows the OS. */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_COOKIE = 'theme';
export const DEFAULT_THEME: Theme = 'system';
export const THEME_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/**
 * Runs in <head> before the first paint. The server already put `dark` on <html> for an explicit
 * dark choice (and data-theme for every choice); only 'system' needs the browser's
 * prefers-color-scheme, which the server cannot see. It keeps following OS changes while the
 * choice is still 'system'.
 */
export const THEME_SCRIPT = `(function(){try{var d=document.documentElement,m=window.matchMedia('(prefers-color-scheme: dark)');function a(){if((d.getAttribute('data-theme')||'system')==='system')d.classList.toggle('dark',m.matches)}a();m.addEventListener('change',a)}catch(e){}})()`;

/** Client side: apply a choice at once and remember it for the server (one year). */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.setAttribute('data-theme', theme);
  const dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.toggle('dark', dark);
  // A display preference written by this script, so it cannot be HttpOnly; Secure over HTTPS.
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${THEME_COOKIE}=${theme}; path=/; max-age=${THEME_COOKIE_MAX_AGE}; samesite=lax${secure}`;
}
