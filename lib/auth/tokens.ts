import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { purposeSecret } from '@/lib/crypto/secret';
// Access tokens have their own key (HKDF of AUTH_SECRET, lib/crypto/secret.ts). Those signed before
// the split expire within 15 minutes; their holders refresh as after any expiry.
const authSecret = () => purposeSecret('access-token');
import { verifyHs256 } from './hs256';
import { setting, settingDefault } from '@/lib/config/settings';

export const ACCESS_TOKEN_TTL_SECONDS = settingDefault('accessTokenTtlSeconds');
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface AccessClaims {
  userId: number;
  merchantId: number;
  expiresAt: number; // epoch seconds
  /** The user's session epoch when issued (claim `sv`; 0 for tokens older than the claim). */
  sessionEpoch: number;
  /** The refresh token family (one sign-in) it was issued for (claim `sid`), when known. */
  familyId: string | null;
}

/** What an access token binds besides the user: its sign-in and the user's session epoch. */
export interface AccessBinding {
  familyId?: string;
  sessionEpoch?: number;
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

export async function signAccessToken(userId: number, merchantId: number, now: Date, binding: AccessBinding = {}): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(now.getTime() / 1000);
  const expiresAt = iat + accessTokenTtlSeconds();
  const token = await new SignJWT({ mid: merchantId, sv: binding.sessionEpoch ?? 0, ...(binding.familyId ? { sid: binding.familyId } : {}) })
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
  const sessionEpoch = payload.sv === undefined ? 0 : Number(payload.sv);
  if (!Number.isInteger(sessionEpoch)) return null;
  return { userId, merchantId, expiresAt: payload.exp, sessionEpoch, familyId: typeof payload.sid === 'string' ? payload.sid : null };
}

/**
 * 15 minutes, or ACCESS_TOKEN_TTL_SECONDS (60 s at least): the e2e session test shortens it so
 * that refreshes happen while it browses.
 */
export function accessTokenTtlSeconds(): number {
  return setting('accessTokenTtlSeconds');
}

/** 90 days, or SESSION_MAX_AGE_DAYS: how long one sign-in lasts however often it refreshes. */
export const SESSION_MAX_AGE_DAYS = settingDefault('sessionMaxAgeDays');

export function sessionMaxAgeSeconds(): number {
  return Math.round(setting('sessionMaxAgeDays') * 24 * 60 * 60);
}

export function newOpaqueToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
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
