import { NextResponse } from 'next/server';
import { auth } from '@/lib/auth/auth';
import { isPublicPage } from '@/lib/auth/public-paths';
import { isSessionCookie } from '@/lib/auth/session-cookie';
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
  if (!isPublicPage(pathname)) {
    const session = request.auth;
    if (!session || session.error) {
      const url = new URL('/login', request.nextUrl.origin);
      if (pathname !== '/') url.searchParams.set('callbackUrl', pathname + search);
      // A session cookie that yields no session: its refresh failed (revoked family, reuse,
      // deleted account). The page says the sign-in expired, and the cookie goes (Auth.js queues
      // its deletion on this response too when the jwt callback ended it; this covers the rest).
      const stale = request.cookies.getAll().filter((c) => isSessionCookie(c.name));
      if (session?.error || stale.length) url.searchParams.set('expired', '1');
      const response = NextResponse.redirect(url);
      for (const { name } of stale) response.cookies.set(name, '', { path: '/', maxAge: 0, httpOnly: true, sameSite: 'lax', secure: name.startsWith('__Secure-') });
      return withCsp(response, csp);
    }
  }
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('Content-Security-Policy', csp);
  return withCsp(NextResponse.next({ request: { headers } }), csp);
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
  matcher: ['/((?!api/|_next/static|_next/image|favicon.ico|icon.svg|robots.txt|fonts/).*)'],
};
