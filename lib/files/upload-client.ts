'use client';

import type { FileModule } from '@/db/schema/files';
import { allowedMimeTypes, fileViewUrl, kindOf, maxBytesFor, maxMbFor, typeNames, type FileKind } from './rules';

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** A refusal to show as is (already translated). */
export class UploadError extends Error {}

/**
 * Uploads one file to POST /api/aws/s3/{module}/upload and answers its id and view address.
 * Checks type and size first (the server checks again, from the bytes); every failure becomes a
 * translated message of spec section 8: type not allowed, size exceeded, server error (HTTP 500),
 * network (no answer), or the generic upload failure. `t` is useTranslations('files').
 */
export async function uploadFile(module: FileModule, file: File, t: Translate, expect?: FileKind): Promise<{ id: number; url: string }> {
  const allowed = allowedMimeTypes(module).filter((m) => !expect || kindOf(m) === expect);
  const kind = kindOf(file.type);
  if (!kind || !allowed.includes(file.type)) throw new UploadError(t('errors.typeNotAllowed', { types: typeNames(allowed) }));
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
