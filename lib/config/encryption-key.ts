/**
 * TOKEN_ENCRYPTION_KEY as 32 bytes: 64 hex characters or base64/base64url of 32 bytes; null for
 * anything else. A production start refuses any other value (lib/config/production-checks.ts):
 * a passphrase is not a key.
 */
export function parseEncryptionKey(value: string | undefined): Buffer | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return null;
  const decoded = Buffer.from(text, 'base64');
  return decoded.length === 32 ? decoded : null;
}
