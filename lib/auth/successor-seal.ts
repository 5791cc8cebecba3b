import crypto from 'node:crypto';

/**
 * A rotated refresh token keeps its successor sealed under a key derived from the rotated token
 * itself. Only we store hashes of refresh tokens, so the successor can be opened only by someone
 * who presents the rotated token again (a late request of the same browser): a copy of the
 * database alone reveals no live token.
 */
const INFO = 'starloop-refresh-successor';

function keyOf(parentToken: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', parentToken, '', INFO, 32));
}

/** `<iv>.<tag>.<ciphertext>` in base64url (AES-256-GCM). */
export function sealSuccessor(successorToken: string, parentToken: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(parentToken), iv);
  const body = Buffer.concat([cipher.update(successorToken, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** The successor token, or null when the seal is missing, damaged or not this parent's. */
export function openSuccessor(sealed: string | null | undefined, parentToken: string): string | null {
  const [iv, tag, body] = (sealed ?? '').split('.');
  if (!iv || !tag || body === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(parentToken), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
