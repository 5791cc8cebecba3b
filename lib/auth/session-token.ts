import { cookies } from 'next/headers';
import { getToken } from 'next-auth/jwt';
import { getDb } from '@/db/client';
import { sessionSecrets } from '@/lib/crypto/secret';
import type { Db } from '@/db/client';
import { revokeRefreshToken } from './token-pairs';
import { familyOfRefreshToken } from './sessions';
import { sha256 } from './tokens';

/**
 * The refresh token inside the browser's Auth.js cookie. It never reaches the client (the
 * session callback leaves it out); only the server reads it, to revoke it on sign-out.
 */
export async function readSessionRefreshToken(): Promise<string | null> {
  const token = await readSessionCookie();
  return token && typeof token.refreshToken === 'string' ? token.refreshToken : null;
}

/**
 * The access token of the session cookie as this request now has it: after a server action
 * rewrote the cookie (a changed password), the new one, where Auth.js's auth() still reads the
 * request's original Cookie header.
 */
export async function readSessionAccessToken(): Promise<string | null> {
  const token = await readSessionCookie();
  return token && typeof token.accessToken === 'string' ? token.accessToken : null;
}

async function readSessionCookie(): Promise<Record<string, unknown> | null> {
  const cookieHeader = (await cookies())
    .getAll()
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
  // Only the cookie: getToken would otherwise fall back to an Authorization header.
  for (const secureCookie of [false, true]) {
    const token = await getToken({ req: { headers: { cookie: cookieHeader } }, secret: sessionSecrets(), secureCookie });
    if (token) return token as Record<string, unknown>;
  }
  return null;
}

/** Sign-out's server half: the refresh token family of this browser stops working. */
export async function revokeSessionRefreshToken(): Promise<void> {
  const token = await readSessionRefreshToken();
  if (token) await revokeRefreshToken(await getDb(), token, new Date());
}

/** The refresh token family (sign-in) of this browser's session, when it is live and the user's. */
export async function sessionFamilyId(db: Db, userId: number): Promise<string | null> {
  const token = await readSessionRefreshToken();
  return token ? ((await familyOfRefreshToken(db, userId, sha256(token)))?.familyId ?? null) : null;
}
