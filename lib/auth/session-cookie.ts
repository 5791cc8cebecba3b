/**
 * Auth.js's session cookie: `authjs.session-token`, `__Secure-` prefixed over HTTPS, split into
 * `.0`, `.1`, … when large. Its presence without a working session means the session ended
 * under the browser (refresh failed, signed out elsewhere, account deleted): the sign-in page
 * then says the sign-in expired, where a browser that never signed in just sees the form.
 */
const SESSION_COOKIE = /^(?:__Secure-)?authjs\.session-token(?:\.\d+)?$/;

export function isSessionCookie(name: string): boolean {
  return SESSION_COOKIE.test(name);
}

export function hasSessionCookie(names: Iterable<string>): boolean {
  for (const name of names) if (isSessionCookie(name)) return true;
  return false;
}

/** The sign-in page for a request without a working session. */
export function signInPathFor(cookieNames: Iterable<string>): '/login' | '/login?expired=1' {
  return hasSessionCookie(cookieNames) ? '/login?expired=1' : '/login';
}
