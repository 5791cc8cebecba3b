import { cookies } from 'next/headers';
import { SESSION_ENDED_COOKIE, SESSION_ENDED_MAX_AGE } from './session-cookie';

/**
 * Leaves the session-ended mark where Auth.js itself clears a dead session cookie: a route
 * handler or server action that reads the session (a page's background fetch) can meet the dead
 * cookie before the navigation does, and without the mark that navigation would show the plain
 * sign-in form instead of "login expired". The proxy sets the mark on its own responses; a
 * server component cannot write cookies, so there this quietly does nothing.
 */
export async function markSessionEnded(): Promise<void> {
  try {
    const jar = await cookies();
    const secure = jar.getAll().some((c) => c.name.startsWith('__Secure-'));
    jar.set(SESSION_ENDED_COOKIE, '1', { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_ENDED_MAX_AGE });
  } catch {
    // Outside a request that may write cookies (server component, proxy): nothing to do here.
  }
}
