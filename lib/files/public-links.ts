import crypto from 'node:crypto';
import { purposeKey } from '@/lib/crypto/secret';
import type { FileModule } from '@/db/schema/files';

/**
 * The public address of an uploaded file: its view address plus `s`, an HMAC of module and id
 * under the file-links key (HKDF of AUTH_SECRET). Only two places write it: a campaign e-mail as
 * it is sent (lib/sending/render-message.ts) and a published article as it is read publicly
 * (lib/posts/public-posts.ts). So a file becomes viewable signed out only once a campaign sent it
 * or an article published it, and the address cannot be guessed from the sequential id. The
 * signature never expires: a customer may open a months-old e-mail. Rotating AUTH_SECRET ends
 * these addresses (like tracking links); files made public by id before signatures existed stay
 * open by id (files.public, lib/files/read-file.ts).
 */
export function fileSignature(module: FileModule | string, id: number): string {
  return crypto.createHmac('sha256', purposeKey('file-links')).update(`${module}:${id}`).digest('base64url').slice(0, 22);
}

/** Constant-time check of a presented signature. */
export function verifyFileSignature(module: string, id: number, given: string | null | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(fileSignature(module, id));
  const actual = Buffer.from(given);
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

/** The signed view address of one file (for JSON and metadata: a plain `&`). */
export function signedFileUrl(module: FileModule, id: number | string): string {
  return `/api/aws/s3/${module}/view?id=${id}&s=${fileSignature(module, Number(id))}`;
}

// Our view address inside HTML, with any query it already has; the id is the file's.
const VIEW_IN_HTML = /(\/api\/aws\/s3\/([a-z]+)\/view\?)([^"'\s<>]*)/g;

/**
 * Signs every view address in a rich text (an e-mail body as sent, a published article's body).
 * An address that already carries a signature is re-signed, so a forged `s` is never passed on.
 */
export function signFileLinks(html: string): string {
  return html.replace(VIEW_IN_HTML, (match, prefix: string, module: string, query: string) => {
    const params = query.split(/&amp;|&/).filter((p) => p && !p.startsWith('s='));
    const id = params.find((p) => /^id=\d{1,10}$/.test(p));
    if (!id) return match;
    return `${prefix}${[...params, `s=${fileSignature(module, Number(id.slice(3)))}`].join('&amp;')}`;
  });
}
