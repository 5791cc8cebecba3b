import { cookies } from 'next/headers';
import { SESSION_ENDED_COOKIE, SESSION_ENDED_MAX_AGE } from './session-cookie';
import { cookieWriteScope } from './refresh-flight';

/**
 * Leaves the session-ended mark where Auth.js itself clears a dead session cookie: a route
 * handler or server action that reads the session (a page's background fetch) can meet the dead
 * cookie before the navigation does, and without the mark that navigation would show the plain
 * sign-in form instead of "login expired". The proxy sets the mark on its own responses; a
 * server component cannot write cookies, so there this quietly does nothing.
 */
export async function markSessionEnded(): Promise<void> {
  // Not in the proxy: it sets the mark on its own response, and a cookie written there through
  // cookies() makes Next replace every Set-Cookie of the proxy's response with it, the deletion
  // of the dead session cookie included (the browser then kept presenting it).
  if (cookieWriteScope()) return;
  try {
    const jar = await cookies();
    const secure = jar.getAll().some((c) => c.name.startsWith('__Secure-'));
    jar.set(SESSION_ENDED_COOKIE, '1', { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_ENDED_MAX_AGE });
  } catch {
    // Outside a request that may write cookies (a server component): nothing to do here.
  }
}
