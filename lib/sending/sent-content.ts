import crypto from 'node:crypto';

/** What a delivery put in front of its member: e-mail subject, text and HTML, or an SMS body (text). */
export interface SentContent {
  subject: string | null;
  text: string;
  html: string | null;
}

/** A rendered message with its content address, as the attempt marker stores it (message_contents). */
export interface StoredContent extends SentContent {
  hash: string;
  merchantId: number;
}

/**
 * The content address of a rendered message: sha256 (hex) of the merchant and each part, every
 * part length-prefixed so no two different messages encode alike ("ab"+"c" vs "a"+"bc"), null
 * apart from empty. The merchant is part of the address: identical renders are shared within a
 * merchant, never across tenants.
 */
export function contentHash(merchantId: number, content: SentContent): string {
  const hash = crypto.createHash('sha256');
  hash.update(`starloop-content-v1\n${merchantId}\n`);
  for (const part of [content.subject, content.text, content.html]) {
    if (part === null) hash.update('N\n');
    else hash.update(`S${Buffer.byteLength(part)}\n`).update(part);
  }
  return hash.digest('hex');
}

export function storedContent(merchantId: number, content: SentContent): StoredContent {
  return { ...content, merchantId, hash: contentHash(merchantId, content) };
}
