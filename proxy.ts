import { NextResponse } from 'next/server';
import { auth } from '@/lib/auth/auth';
import { isPublicPage } from '@/lib/auth/public-paths';
import { SESSION_ENDED_COOKIE, SESSION_ENDED_MAX_AGE, isSessionCookie, signInPathFor } from '@/lib/auth/session-cookie';
import { contentSecurityPolicy, isHttpsRequest, newNonce } from '@/lib/security/headers';

/**
 * Session refresh, the sign-in redirect and the page Content Security Policy. It is never the
 * only check: every page layout and every service checks again (a proxy can be bypassed,
 * CVE-2025-29927).
 *
 * Each page response gets a fresh nonce: set on the request's Content-Security-Policy header,
 * Next.js puts it on its own scripts, and the root layout reads it (`x-nonce`) for the theme
 * script. Pages render dynamically (the root layout reads headers()), so every response has its own.
 */
export default auth((request) => {
  const { pathname, search } = request.nextUrl;
  const nonce = newNonce();
  const csp = contentSecurityPolicy({ nonce, dev: process.env.NODE_ENV === 'development', https: isHttpsRequest(request.headers, request.url) });
  const session = request.auth;
  const signedIn = !!session && !session.error;
  // A session cookie that yields no session: its refresh failed (revoked family, reuse, deleted
  // account). Auth.js queues the cookie's deletion when its jwt step ended the session; this
  // deletes it in every case and leaves the session-ended mark, on any request (prefetches too).
  const stale = signedIn ? [] : request.cookies.getAll().filter((c) => isSessionCookie(c.name));
  let response: NextResponse;
  if (!signedIn && !isPublicPage(pathname)) {
    const url = new URL('/login', request.nextUrl.origin);
    if (pathname !== '/') url.searchParams.set('callbackUrl', pathname + search);
    if (signInPathFor(request.cookies.getAll().map((c) => c.name)) !== '/login') url.searchParams.set('expired', '1');
    response = NextResponse.redirect(url);
  } else {
    const headers = new Headers(request.headers);
    headers.set('x-nonce', nonce);
    headers.set('Content-Security-Policy', csp);
    response = NextResponse.next({ request: { headers } });
  }
  const cookie = { path: '/', httpOnly: true, sameSite: 'lax' as const };
  for (const { name } of stale) response.cookies.set(name, '', { ...cookie, maxAge: 0, secure: name.startsWith('__Secure-') });
  if (stale.length) response.cookies.set(SESSION_ENDED_COOKIE, '1', { ...cookie, maxAge: SESSION_ENDED_MAX_AGE });
  else if (signedIn && request.cookies.has(SESSION_ENDED_COOKIE)) response.cookies.set(SESSION_ENDED_COOKIE, '', { ...cookie, maxAge: 0 });
  return withCsp(response, csp);
});

// The other security headers (HSTS over HTTPS, nosniff, frame and referrer policies) come from
// next.config.ts for every response.
function withCsp(response: NextResponse, csp: string): NextResponse {
  response.headers.set('Content-Security-Policy', csp);
  return response;
}

// /api is left out: routes authenticate themselves, and the proxy would cap request bodies at
// 10 MB (video uploads may be 50 MB). Prefetches still get a nonce: they render the same pages.
export const config = {
  matcher: ['/((?!api/|api$|_next/static|_next/image|favicon.ico|icon.svg|robots.txt|fonts/).*)'],
};
