import crypto from 'node:crypto';
import { purposeKey } from '@/lib/crypto/secret';

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: read off paper and typed again.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten new codes, `xxxxx-xxxxx` (10 characters of a 31-letter alphabet, ~49 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What a typed code is compared as: lower case, without spaces or dashes. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The stored form: HMAC-SHA256 under the two-factor key, so a leaked table alone cannot be tried offline. */
export function hashRecoveryCode(code: string): string {
  return crypto.createHmac('sha256', purposeKey('two-factor')).update(`recovery:${normaliseRecoveryCode(code)}`).digest('hex');
}

/** A 6-digit code is a TOTP code; anything else is tried as a recovery code. */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.trim());
}
