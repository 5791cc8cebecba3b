import crypto from 'node:crypto';
import { authSecret, purposeKey } from '@/lib/crypto/secret';
import { parseEncryptionKey } from '@/lib/config/encryption-key';
import { setting } from '@/lib/config/settings';

const VERSION = 'v1';

/**
 * The 32-byte AES-256-GCM key that seals new provider tokens: TOKEN_ENCRYPTION_KEY (32 bytes, hex
 * or base64) when set, otherwise the provider-tokens key derived from AUTH_SECRET (lib/crypto/secret.ts).
 * Rotating AUTH_SECRET without TOKEN_ENCRYPTION_KEY makes stored provider tokens unreadable: the
 * merchant reconnects (we treat an undecryptable token like a revoked grant).
 */
function sealingKey(): Buffer {
  return configuredKey() ?? purposeKey('provider-tokens');
}

/**
 * Every key a stored token may be sealed under, newest first: the sealing key, then the derived
 * key (tokens sealed before TOKEN_ENCRYPTION_KEY was set), then the key of the first release
 * (HKDF with the info `starloop-token-encryption`), and a pre-validation passphrase form. A token
 * opened with an older key stays as it is until its next write (every refresh re-seals it).
 */
function openingKeys(): Buffer[] {
  const configured = configuredKey();
  const legacy = Buffer.from(crypto.hkdfSync('sha256', authSecret(), 'starloop-token-encryption', 'aes-256-gcm', 32));
  const text = setting('tokenEncryptionKey');
  const passphrase = text && !configured ? [crypto.createHash('sha256').update(text).digest()] : [];
  return [...(configured ? [configured] : []), purposeKey('provider-tokens'), legacy, ...passphrase];
}

// A production start refuses a TOKEN_ENCRYPTION_KEY that is not 32 bytes; elsewhere it is ignored.
function configuredKey(): Buffer | null {
  return parseEncryptionKey(setting('tokenEncryptionKey') ?? undefined);
}

/** Encrypts with a fresh 12-byte nonce: `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function encryptSecret(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', sealingKey(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Decrypts; null when the text was tampered with or sealed under another key. */
export function decryptSecret(sealed: string | null | undefined): string | null {
  if (!sealed) return null;
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  for (const key of openingKeys()) {
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      // Not this key (GCM's tag check failed): try the next.
    }
  }
  return null;
}

export function sha256Hex(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/** encryptSecret under a given 32-byte key (one purpose's key, e.g. the two-factor secrets). */
export function sealWith(key: Buffer, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Opens what sealWith sealed under the same key; null when tampered with or sealed under another. */
export function openWith(key: Buffer, sealed: string | null | undefined): string | null {
  if (!sealed) return null;
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
