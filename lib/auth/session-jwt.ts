import { getDb } from '@/db/client';
import { defaultLocale } from '@/lib/i18n/locales';
import { cookieWriteScope, refreshLatest } from './refresh-flight';
import { isRefreshTokenLive, refreshTokenPair } from './token-pairs';
import { loadSignedInUser, type SignedInUser } from './signed-in-user';
import { sha256, verifyAccessToken } from './tokens';

/** Refresh the access token when it expires within this many seconds (spec section 9). */
export const REFRESH_MARGIN_SECONDS = 60;

/** What the browser session's cookie carries besides Auth.js's own claims. */
export interface StarloopJwt {
  sub?: string;
  accessToken?: string;
  refreshToken?: string;
  accessTokenExpires?: number;
  account?: SignedInUser;
  error?: 'RefreshFailed';
}

/**
 * The session cookie's next state (Auth.js's jwt callback after sign-in): unchanged while the
 * access token has time left, a new pair from the token service when it expires within the
 * margin (60 s; the browser's periodic check asks for more), or null when the session has ended:
 * refresh token revoked (signed out, reuse detected), refresh refused, account deleted. Null
 * makes Auth.js clear the cookie, and the proxy sends the page to /login?expired=1.
 * Kept free of next-auth so it is tested against the real database.
 */
export async function nextSessionJwt<T extends StarloopJwt>(token: T, refreshWithin?: number, now: Date = new Date(), canWrite = true): Promise<T | null> {
  // An older cookie still carrying the error mark of a failed refresh ends the same way.
  if (token.error) return null;
  if (!token.refreshToken || !token.accessTokenExpires) return token;
  const db = await getDb();
  // A signed-out (revoked) or deleted session ends here, even if a request that was in flight
  // during sign-out wrote the old cookie back.
  if (!(await isRefreshTokenLive(db, token.refreshToken))) return null;
  const margin = refreshWithin && Number.isFinite(refreshWithin) && refreshWithin > 0 ? Math.min(refreshWithin, 3600) : REFRESH_MARGIN_SECONDS;
  if (token.accessTokenExpires - now.getTime() / 1000 > margin) return token;
  // Where the new cookie cannot reach the browser, refreshing would only spend the token.
  if (!canWrite) return token;
  try {
    const refreshToken = token.refreshToken;
    // Single-flight: concurrent requests of one session share one refresh (lib/auth/refresh-flight.ts).
    const pair = await refreshLatest(sha256(refreshToken), sha256, () => refreshTokenPair({ db, locale: defaultLocale, now: () => now }, refreshToken), now.getTime());
    const scope = cookieWriteScope();
    if (scope) scope.refreshed = true;
    const account = await loadSignedInUser(db, Number(token.sub ?? token.account?.userId));
    if (!account) return null;
    return { ...token, accessToken: pair.accessToken, refreshToken: pair.refreshToken, accessTokenExpires: pair.expiresAt, account };
  } catch {
    return null;
  }
}

/** Whether this jwt step may refresh: inside the proxy's cookie scope, or an explicit update. */
export function canWriteSessionCookie(trigger: string | undefined): boolean {
  return trigger === 'update' || !!cookieWriteScope();
}

/**
 * A change of password keeps the asking session with a new access token (the old one belongs to
 * the ended epoch): the server action hands it to the cookie through Auth.js's update. Taken
 * only when it is a valid access token of the cookie's own user.
 */
export async function withReplacedAccessToken<T extends StarloopJwt>(token: T, accessToken: unknown): Promise<T | null> {
  if (typeof accessToken !== 'string') return null;
  const claims = await verifyAccessToken(accessToken);
  if (!claims || String(claims.userId) !== String(token.sub ?? token.account?.userId)) return null;
  return { ...token, accessToken, accessTokenExpires: claims.expiresAt };
}
