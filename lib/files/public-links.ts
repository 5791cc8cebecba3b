import crypto from 'node:crypto';
import { purposeKey } from '@/lib/crypto/secret';
import type { FileModule } from '@/db/schema/files';

/**
 * The public address of an uploaded file: its view address plus `s`, an HMAC of the signing
 * merchant, module and id under the file-links key (HKDF of AUTH_SECRET). Only two places write
 * it: a campaign e-mail as it is sent (lib/sending/render-message.ts) and a published article as it
 * is read publicly (lib/posts/public-posts.ts), each for its own merchant. So a file becomes
 * viewable signed out only once its own merchant's campaign sent it or article published it, and
 * the address cannot be guessed from the sequential id. The view checks the signature against the
 * file's merchant: another merchant's article naming this file's id signs for that merchant,
 * which opens nothing (found from outside: any merchant could publish another's private files).
 * The signature never expires: a customer may open a months-old e-mail. Rotating AUTH_SECRET ends
 * these addresses (like tracking links); files made public by id before signatures existed stay
 * open by id (files.public, lib/files/read-file.ts).
 */
export function fileSignature(merchantId: number, module: FileModule | string, id: number): string {
  return crypto.createHmac('sha256', purposeKey('file-links')).update(`${merchantId}:${module}:${id}`).digest('base64url').slice(0, 22);
}

/** Constant-time check of a presented signature, for the file's own merchant. */
export function verifyFileSignature(merchantId: number, module: string, id: number, given: string | null | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(fileSignature(merchantId, module, id));
  const actual = Buffer.from(given);
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

/** The signed view address of one of the merchant's files (for JSON and metadata: a plain `&`). */
export function signedFileUrl(merchantId: number, module: FileModule, id: number | string): string {
  return `/api/aws/s3/${module}/view?id=${id}&s=${fileSignature(merchantId, module, Number(id))}`;
}

// Our view address inside HTML, with any query it already has; the id is the file's.
const VIEW_IN_HTML = /(\/api\/aws\/s3\/([a-z]+)\/view\?)([^"'\s<>]*)/g;

/**
 * Signs every view address in a merchant's rich text (an e-mail body as sent, a published
 * article's body), for that merchant: an address naming another merchant's file gets a signature
 * that opens nothing. An address that already carries a signature is re-signed, so a forged `s`
 * is never passed on.
 */
export function signFileLinks(html: string, merchantId: number): string {
  return html.replace(VIEW_IN_HTML, (match, prefix: string, module: string, query: string) => {
    const params = query.split(/&amp;|&/).filter((p) => p && !p.startsWith('s='));
    const id = params.find((p) => /^id=\d{1,10}$/.test(p));
    if (!id) return match;
    return `${prefix}${[...params, `s=${fileSignature(merchantId, module, Number(id.slice(3)))}`].join('&amp;')}`;
  });
}
