import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { authSecret } from './secret';
import { verifyHs256 } from './hs256';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface AccessClaims {
  userId: number;
  merchantId: number;
  expiresAt: number; // epoch seconds
}

let signingKey: { secret: string; key: Promise<CryptoKey> } | undefined;

/**
 * The HMAC key, imported once. Handed a fresh byte array per call, jose imported it into WebCrypto
 * again for every token: ~1 ms of CPU per API request under load (bench/RESULTS.md, issue 11).
 */
function key(): Promise<CryptoKey> {
  const secret = authSecret();
  if (signingKey?.secret !== secret) {
    signingKey = { secret, key: globalThis.crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']) };
  }
  return signingKey.key;
}

export async function signAccessToken(userId: number, merchantId: number, now: Date): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(now.getTime() / 1000);
  const expiresAt = iat + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ mid: merchantId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt(iat)
    .setExpirationTime(expiresAt)
    .setIssuer('starloop')
    .setAudience('starloop-api')
    .setJti(crypto.randomUUID())
    .sign(await key());
  return { token, expiresAt };
}

/** null for anything that is not a valid, unexpired access token of ours. */
export async function verifyAccessToken(token: string, now: Date = new Date()): Promise<AccessClaims | null> {
  const payload = verifyHs256(token, authSecret(), { issuer: 'starloop', audience: 'starloop-api' }, now);
  if (!payload) return null;
  const userId = Number(payload.sub);
  const merchantId = Number(payload.mid);
  if (!Number.isInteger(userId) || !Number.isInteger(merchantId) || typeof payload.exp !== 'number') return null;
  return { userId, merchantId, expiresAt: payload.exp };
}

export function newOpaqueToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

export function bearerFrom(header: string | null | undefined): string | null {
  if (!header) return null;
  const value = header.trim();
  const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '') : value;
  return token.length > 0 && token.length < 4096 ? token : null;
}

/** How long a verified registration e-mail may wait for the details step. */
export const VERIFICATION_TOKEN_TTL_SECONDS = 30 * 60;

/** Proof that an e-mail passed its code check, carried to /user/register by the client. */
export async function signVerificationToken(email: string, now: Date): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(now.getTime() / 1000);
  const expiresAt = iat + VERIFICATION_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ purpose: 'register' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(email)
    .setIssuedAt(iat)
    .setExpirationTime(expiresAt)
    .setIssuer('starloop')
    .setAudience('starloop-register')
    .sign(await key());
  return { token, expiresAt };
}

/** The verified e-mail, or null when the token is missing, forged or expired. */
export async function verifyVerificationToken(token: string | undefined, now: Date): Promise<string | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, await key(), { issuer: 'starloop', audience: 'starloop-register', algorithms: ['HS256'], currentDate: now });
    return payload.purpose === 'register' && typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}
