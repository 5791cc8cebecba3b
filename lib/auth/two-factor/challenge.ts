import { SignJWT } from 'jose';
import { purposeSecret } from '@/lib/crypto/secret';
import { verifyHs256 } from '@/lib/auth/hs256';

/** How long the second step may follow a correct password. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;
const ISSUER = 'starloop';
const AUDIENCE = 'starloop-2fa-challenge';

export interface Challenge {
  userId: number;
  /** The user's session epoch at the password step: a password change in between voids it. */
  sessionEpoch: number;
}

/**
 * The proof that the password was right, carrying no session: signed with its own key (HKDF
 * purpose 'login-challenge'), bound to the user and its session epoch, valid 5 minutes.
 */
export async function signChallenge(challenge: Challenge, now: Date): Promise<{ challenge: string; expiresAt: number }> {
  const iat = Math.floor(now.getTime() / 1000);
  const expiresAt = iat + CHALLENGE_TTL_SECONDS;
  const token = await new SignJWT({ sv: challenge.sessionEpoch })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(challenge.userId))
    .setIssuedAt(iat)
    .setExpirationTime(expiresAt)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setJti(crypto.randomUUID())
    .sign(new TextEncoder().encode(purposeSecret('login-challenge')));
  return { challenge: token, expiresAt };
}

/** null for anything but an unexpired challenge of ours (signature compared in constant time). */
export function verifyChallenge(token: string, now: Date): Challenge | null {
  const payload = verifyHs256(token, purposeSecret('login-challenge'), { issuer: ISSUER, audience: AUDIENCE }, now);
  if (!payload) return null;
  const userId = Number(payload.sub);
  const sessionEpoch = Number(payload.sv);
  if (!Number.isInteger(userId) || userId <= 0 || !Number.isInteger(sessionEpoch)) return null;
  return { userId, sessionEpoch };
}
