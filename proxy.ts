import { NextResponse, type NextRequest } from 'next/server';
import { isMalformedPath, malformedApiPathResponse, malformedPagePathResponse } from '@/lib/api/malformed-path';
import { auth } from '@/lib/auth/auth';
import { withCookieWrites } from '@/lib/auth/refresh-flight';
import { isPublicPage } from '@/lib/auth/public-paths';
import { SESSION_ENDED_COOKIE, SESSION_ENDED_MAX_AGE, isSessionCookie, signInPathFor } from '@/lib/auth/session-cookie';
import { contentSecurityPolicy, isHttpsRequest, newNonce } from '@/lib/security/headers';
import { LOCALE_COOKIE } from '@/lib/i18n/locales';

/**
 * Session refresh, the sign-in redirect and the page Content Security Policy. It is never the
 * only check: every page layout and every service checks again (a proxy can be bypassed,
 * CVE-2025-29927).
 *
 * Each page response gets a fresh nonce: set on the request's Content-Security-Policy header,
 * Next.js puts it on its own scripts, and the root layout reads it (`x-nonce`) for the theme
 * script. Pages render dynamically (the root layout reads headers()), so every response has its own.
 */
const authed = auth((request) => {
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

/**
 * The proxy is where a page's session refreshes (single-flight, lib/auth/refresh-flight.ts). Two
 * things keep the browser from ever presenting a spent refresh token:
 * - a refreshed cookie goes on the response *and* on the request the page renders with, so its
 *   server components read the new session instead of refreshing the old one again;
 * - a response whose session did not refresh sends no session cookie: Auth.js rewrites it on
 *   every request, and a slow response started with the previous cookie would otherwise put the
 *   spent refresh token back into the browser after a concurrent refresh.
 */
export default async function proxy(...args: Parameters<typeof authed>): Promise<Response> {
  const request = args[0] as NextRequest;
  const { pathname } = request.nextUrl;
  const api = pathname === '/api' || pathname.startsWith('/api/');
  // Next.js would answer a path it cannot decode with its own plain-text 500.
  if (isMalformedPath(pathname)) return api ? malformedApiPathResponse(request) : malformedPagePathResponse(request, request.cookies.get(LOCALE_COOKIE)?.value);
  // The matcher sends /api here only for paths with a non-ASCII or stray escape; those that decode
  // go on untouched (routes authenticate themselves).
  if (api) return NextResponse.next();
  const { result, scope } = withCookieWrites(() => authed(...args));
  const response = (await result) as Response;
  const setCookies = response.headers.getSetCookie();
  const sessionCookies = setCookies.map(parseSetCookie).filter((c) => c && isSessionCookie(c.name)) as { name: string; value: string; cleared: boolean }[];
  if (!sessionCookies.length) return response;
  const live = sessionCookies.some((c) => !c.cleared);
  if (live && !scope.refreshed) {
    // Not refreshed: drop Auth.js's rewrite of the same session.
    response.headers.delete('set-cookie');
    for (const line of setCookies) if (!isSessionCookie(parseSetCookie(line)?.name ?? '')) response.headers.append('set-cookie', line);
    return response;
  }
  const forwarded = response.headers.get('x-middleware-request-cookie');
  if (scope.refreshed && forwarded !== null) {
    const kept = forwarded
      .split(/;\s*/)
      .filter((pair) => pair && !isSessionCookie(pair.split('=')[0]));
    const fresh = sessionCookies.filter((c) => !c.cleared).map((c) => `${c.name}=${c.value}`);
    response.headers.set('x-middleware-request-cookie', [...kept, ...fresh].join('; '));
  }
  return response;
}

function parseSetCookie(line: string): { name: string; value: string; cleared: boolean } | null {
  const [pair, ...attributes] = line.split(';');
  const at = pair.indexOf('=');
  if (at <= 0) return null;
  const cleared = pair.slice(at + 1) === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
  return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1), cleared };
}

// The other security headers (HSTS over HTTPS, nosniff, frame and referrer policies) come from
// next.config.ts for every response.
function withCsp(response: NextResponse, csp: string): NextResponse {
  response.headers.set('Content-Security-Policy', csp);
  return response;
}

// /api is left out: routes authenticate themselves, and the proxy would cap request bodies at
// 10 MB (video uploads may be 50 MB). Prefetches still get a nonce: they render the same pages.
// Except /api paths with a `%` that is not an ASCII escape (`%20`): the only ones that may not
// decode (a stray `%`, non-UTF-8 bytes); no upload path has one.
export const config = {
  matcher: ['/((?!api/|api$|_next/static|_next/image|favicon.ico|icon.svg|robots.txt|fonts/).*)', '/api/(.*%(?![0-7][0-9A-Fa-f]).*)'],
};
