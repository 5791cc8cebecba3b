import { Secret, TOTP } from 'otpauth';
import { purposeKey } from '@/lib/crypto/secret';
import { openWith, sealWith } from '@/lib/crypto/secret-box';

export const TOTP_PERIOD_SECONDS = 30;
/** Codes of the step before and after the current one are accepted too (clock drift). */
export const TOTP_WINDOW = 1;
const ISSUER = 'StarLoop';

/** A new random 160-bit secret, base32 (RFC 4226's recommended size). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(base32: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(base32) });
}

/** The otpauth:// URI an authenticator app reads (as a QR code or typed). */
export function otpauthUri(base32: string, email: string): string {
  return totpOf(base32, email).toString();
}

/**
 * The time step the 6-digit code belongs to (within ±TOTP_WINDOW of now), or null. otpauth compares
 * the codes in constant time.
 */
export function totpStep(base32: string, code: string, now: Date): number | null {
  const delta = totpOf(base32).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The secret as stored: sealed with the two-factor purpose key (lib/crypto/secret.ts). */
export function sealTotpSecret(base32: string): string {
  return sealWith(purposeKey('two-factor'), base32);
}

export function openTotpSecret(sealed: string): string | null {
  return openWith(purposeKey('two-factor'), sealed);
}
