import type { Db } from '@/db/client';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { bearerFrom } from '@/lib/http/bearer';
import { loadTokenUser, type SignedInUser } from '@/lib/auth/signed-in-user';

/** Reads the browser session's access token (Auth.js); absent outside a Next.js request. */
export type SessionTokenReader = () => Promise<string | null>;

/**
 * The bearer token first (API clients); otherwise the browser session cookie, only for requests
 * of our own origin (a cross-site request never rides on the cookie). The user row is read
 * again, so a deleted account's tokens stop working at once.
 */
export async function authenticateRequest(db: Db, request: Request, readSessionToken?: SessionTokenReader): Promise<SignedInUser | null> {
  let token = bearerFrom(request.headers.get('authorization'));
  if (!token && readSessionToken && isSameOrigin(request)) {
    token = await readSessionToken().catch(() => null);
  }
  if (!token) return null;
  const claims = await verifyAccessToken(token);
  if (!claims) return null;
  // Null too when the user ended its sessions (password reset or change, sign out everywhere).
  return loadTokenUser(db, claims);
}

/** A request of our own pages: GET and HEAD, or a write whose Origin is this host. */
export function isSameOrigin(request: Request): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return true;
  const origin = request.headers.get('origin');
  if (!origin) return false;
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
