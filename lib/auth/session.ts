import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import type { ServiceContext } from '@/lib/context';
import { LOCALE_COOKIE, isLocale, pickLocale, type Locale } from '@/lib/i18n/locales';
import { verifyAccessToken } from './tokens';
import { loadSignedInUser, type SignedInUser } from './service';
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
  // The cookie may carry an access token that just expired before the proxy refreshed it;
  // the refresh token is the authority here, so accept a recently expired one.
  const claims = await verifyAccessToken(session.accessToken, new Date(Date.now() - 5 * 60 * 1000));
  if (!claims) return null;
  const db = await getDb();
  const user = await loadSignedInUser(db, claims.userId);
  if (!user) return null;
  const locale = await requestLocale();
  return {
    user,
    accessTokenExpires: claims.expiresAt,
    ctx: { db, merchantId: user.merchantId, userId: user.userId, permissions: user.permissions, locale, now: () => new Date() },
  };
});

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
