const BASE = 'http://starloop.invalid';

/**
 * Where to go after signing in: only a path of this site. Browsers read `/\evil.example` and
 * `/<tab>/evil.example` as `//evil.example` (another host), so the address is resolved the way a
 * browser would and must stay on this origin; backslashes and control characters are refused
 * outright, and so is a path that resolves to two leading slashes. Anything else (absent, repeated, foreign, over-long) goes to the dashboard.
 */
export function safeRedirectPath(target: unknown, fallback = '/dashboard'): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.length > 2000) return fallback;
  if (/[\\\u0000-\u001f\u007f]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Resolving can make a second leading slash ("/..//evil.example" is "//evil.example"), which a
  // later redirect reads as another host: only a single-slash path of this origin is answered.
  if (!path.startsWith('/') || path.startsWith('//') || new URL(path, BASE).origin !== BASE) return fallback;
  return path;
}
