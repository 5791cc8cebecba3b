/**
 * Auth.js's session cookie: `authjs.session-token`, `__Secure-` prefixed over HTTPS, split into
 * `.0`, `.1`, … when large. Its presence without a working session means the session ended
 * under the browser (refresh failed, signed out elsewhere, account deleted): the sign-in page
 * then says the sign-in expired, where a browser that never signed in just sees the form.
 */
const SESSION_COOKIE = /^(?:__Secure-)?authjs\.session-token(?:\.\d+)?$/;

/**
 * Set by the proxy when it clears such a dead session cookie, and removed once a session works
 * again. The first request to meet the dead cookie is often a background one (a link prefetch),
 * which takes the cookie away before the navigation the person sees; this remembers the ending
 * for that navigation. It holds no identity, only "a session ended here".
 */
export const SESSION_ENDED_COOKIE = 'starloop-session-ended';
/** Long enough for the navigation that follows; short, so a later visit is an ordinary one. */
export const SESSION_ENDED_MAX_AGE = 30 * 60;

export function isSessionCookie(name: string): boolean {
  return SESSION_COOKIE.test(name);
}

export function hasSessionCookie(names: Iterable<string>): boolean {
  for (const name of names) if (isSessionCookie(name)) return true;
  return false;
}

/** The sign-in page for a request without a working session. */
export function signInPathFor(cookieNames: Iterable<string>): '/login' | '/login?expired=1' {
  const names = [...cookieNames];
  return names.includes(SESSION_ENDED_COOKIE) || hasSessionCookie(names) ? '/login?expired=1' : '/login';
}
