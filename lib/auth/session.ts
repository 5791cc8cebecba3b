import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import type { ServiceContext } from '@/lib/context';
import { LOCALE_COOKIE, isLocale, pickLocale, type Locale } from '@/lib/i18n/locales';
import type { Db } from '@/db/client';
import { verifyAccessToken, type AccessClaims } from './tokens';
import { readSessionAccessToken } from './session-token';
import { loadTokenUser, type SignedInUser } from './signed-in-user';
import { auth } from './auth';
import { signInPathFor } from './session-cookie';

export interface PageSession {
  ctx: ServiceContext;
  user: SignedInUser;
  /** Access token expiry, epoch seconds: the browser's SessionKeeper schedules its refresh by it. */
  accessTokenExpires: number;
}

/** The request's locale: the user's cookie, then Accept-Language (spec section 9). */
export const requestLocale = cache(async (): Promise<Locale> => {
  const fromCookie = (await cookies()).get(LOCALE_COOKIE)?.value;
  return isLocale(fromCookie) ? fromCookie : pickLocale((await headers()).get('accept-language'));
});

/**
 * The signed-in user of this request, read again from the database (a deleted account stops at
 * once), or null. Cached per request.
 */
export const currentSession = cache(async (): Promise<PageSession | null> => {
  const session = await auth();
  if (!session?.accessToken || session.error) return null;
  const db = await getDb();
  let found = await tokenUser(db, session.accessToken);
  // A password changed by a server action of this request rewrote the cookie with the new
  // epoch's access token; auth() still reads the request's original Cookie header.
  if (!found) {
    const rewritten = await readSessionAccessToken();
    if (rewritten && rewritten !== session.accessToken) found = await tokenUser(db, rewritten);
  }
  if (!found) return null;
  const { user, claims } = found;
  const locale = await requestLocale();
  return {
    user,
    accessTokenExpires: claims.expiresAt,
    ctx: { db, merchantId: user.merchantId, userId: user.userId, permissions: user.permissions, locale, now: () => new Date() },
  };
});

async function tokenUser(db: Db, accessToken: string): Promise<{ user: SignedInUser; claims: AccessClaims } | null> {
  // The cookie may carry an access token that just expired before the proxy refreshed it;
  // the refresh token is the authority here, so accept a recently expired one.
  const claims = await verifyAccessToken(accessToken, new Date(Date.now() - 5 * 60 * 1000));
  const user = claims ? await loadTokenUser(db, claims) : null;
  return user && claims ? { user, claims } : null;
}

/**
 * Where a request without a working session signs in: /login?expired=1 (the login-expired
 * message) when the browser still sends a session cookie that no longer works, plain /login
 * when it never had one.
 */
export async function signInPath(): Promise<string> {
  return signInPathFor((await cookies()).getAll().map((c) => c.name));
}

/** For signed-in pages and actions: the session, or a redirect to the sign-in page. */
export async function requireSession(): Promise<PageSession> {
  const session = await currentSession();
  if (!session) redirect(await signInPath());
  return session;
}

/** For pages that need a permission: the session, or the no-permission page. */
export async function requirePermission(permission: string): Promise<PageSession> {
  const session = await requireSession();
  if (!session.user.permissions.includes(permission)) redirect('/no-permission');
  return session;
}
