import { cookies } from 'next/headers';
import { getToken } from 'next-auth/jwt';
import { getDb } from '@/db/client';
import { authSecret } from './secret';
import { revokeRefreshToken } from './service';

/**
 * The refresh token inside the browser's Auth.js cookie. It never reaches the client (the
 * session callback leaves it out); only the server reads it, to revoke it on sign-out.
 */
export async function readSessionRefreshToken(): Promise<string | null> {
  const cookieHeader = (await cookies())
    .getAll()
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
  // Only the cookie: getToken would otherwise fall back to an Authorization header.
  for (const secureCookie of [false, true]) {
    const token = await getToken({ req: { headers: { cookie: cookieHeader } }, secret: authSecret(), secureCookie });
    if (token && typeof token.refreshToken === 'string') return token.refreshToken;
  }
  return null;
}

/** Sign-out's server half: the refresh token family of this browser stops working. */
export async function revokeSessionRefreshToken(): Promise<void> {
  const token = await readSessionRefreshToken();
  if (token) await revokeRefreshToken(await getDb(), token, new Date());
}
