import crypto from 'node:crypto';
import { authSecret } from '@/lib/auth/secret';

const VERSION = 'v1';

/**
 * The 32-byte key of AES-256-GCM: TOKEN_ENCRYPTION_KEY (64 hex characters or base64 of 32 bytes)
 * when set, otherwise derived from AUTH_SECRET with HKDF so a local run needs no configuration.
 * Rotating AUTH_SECRET without TOKEN_ENCRYPTION_KEY makes stored provider tokens unreadable: the
 * merchant reconnects (we treat an undecryptable token like a revoked grant).
 */
function key(): Buffer {
  const configured = process.env.TOKEN_ENCRYPTION_KEY?.trim();
  if (configured) {
    if (/^[0-9a-f]{64}$/i.test(configured)) return Buffer.from(configured, 'hex');
    const decoded = Buffer.from(configured, 'base64');
    if (decoded.length === 32) return decoded;
    // Any other text: stretch it, so a passphrase still gives a full-strength key.
    return crypto.createHash('sha256').update(configured).digest();
  }
  return Buffer.from(crypto.hkdfSync('sha256', authSecret(), 'starloop-token-encryption', 'aes-256-gcm', 32));
}

/** Encrypts with a fresh 12-byte nonce: `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function encryptSecret(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Decrypts; null when the text was tampered with or sealed under another key. */
export function decryptSecret(sealed: string | null | undefined): string | null {
  if (!sealed) return null;
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export function sha256Hex(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}
