'use client';

import type { FileModule } from '@/db/schema/files';
import { allowedMimeTypes, fileViewUrl, kindOf, maxBytesFor, maxMbFor, typeNames, type FileKind } from './rules';
import { SNIFF_BYTES, sniffMime } from './sniff';

/** useTranslations('files'), or a stand-in that answers the same keys. */
type UploadErrorKey = 'errors.failed' | 'errors.typeNotAllowed' | 'errors.tooLarge' | 'errors.network' | 'errors.server';
type Translate = (key: UploadErrorKey, values?: Record<string, string | number>) => string;

/** A refusal to show as is (already translated). */
export class UploadError extends Error {}

/**
 * Uploads one file to POST /api/aws/s3/{module}/upload and answers its id and view address.
 * Checks type and size first, the type from the file's first bytes like the server (which checks
 * again and decides), never from its name: file.type is only the name's extension. Every failure
 * becomes a translated message of spec section 8: type not allowed, size exceeded, server error
 * (HTTP 500), network (no answer), or the generic upload failure. `t` is useTranslations('files').
 */
export async function uploadFile(module: FileModule, file: File, t: Translate, expect?: FileKind): Promise<{ id: number; url: string }> {
  const allowed = allowedMimeTypes(module).filter((m) => !expect || kindOf(m) === expect);
  const head = await file
    .slice(0, SNIFF_BYTES)
    .arrayBuffer()
    .catch(() => null);
  if (!head) throw new UploadError(t('errors.failed'));
  const mime = sniffMime(new Uint8Array(head));
  const kind = mime ? kindOf(mime) : null;
  if (!mime || !kind || !allowed.includes(mime)) throw new UploadError(t('errors.typeNotAllowed', { types: typeNames(allowed) }));
  if (file.size > maxBytesFor(kind)) throw new UploadError(t('errors.tooLarge', { mb: maxMbFor(kind) }));
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(`/api/aws/s3/${module}/upload`, { method: 'POST', body: form, credentials: 'same-origin' });
  } catch {
    throw new UploadError(t('errors.network'));
  }
  if (response.status >= 500) throw new UploadError(t('errors.server'));
  const body = (await response.json().catch(() => null)) as { code?: number | string; msg?: string; data?: unknown } | null;
  if (!response.ok || !body || String(body.code) !== '200' || typeof body.data !== 'number') {
    throw new UploadError(body?.msg || t('errors.failed'));
  }
  return { id: body.data, url: fileViewUrl(module, body.data) };
}
