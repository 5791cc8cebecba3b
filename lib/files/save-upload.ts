import crypto from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { files, fileModules, type FileModule } from '@/db/schema/files';
import { AppError } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { assertCanManagePosts } from '@/lib/auth/permissions';
import { getStorage } from '@/lib/storage/storage';
import { allowedMimeTypes, kindOf, maxBytesFor, maxMbFor, typeNames } from './rules';

export function parseModule(value: string): FileModule {
  if (!(fileModules as readonly string[]).includes(value)) throw new AppError('NOT_FOUND', 'files.errors.badModule');
  return value as FileModule;
}

/**
 * Stores an upload and answers its id. The type comes from the bytes (a PNG renamed .exe is a
 * PNG; an .exe renamed .png is refused); the name is kept for display only and the storage key
 * is ours, so a name like ../../etc/passwd is harmless. Post images are part of writing a post,
 * so module 'post' needs post:admin:manage like every post write (checked here too, not only by
 * the route: a service is the last line).
 */
export async function saveUpload(ctx: ServiceContext, module: FileModule, input: { name: string; bytes: Uint8Array }): Promise<number> {
  if (module === 'post') assertCanManagePosts(ctx);
  const allowed = allowedMimeTypes(module);
  const detected = await fileTypeFromBuffer(input.bytes);
  const mime = detected?.mime ?? '';
  const kind = kindOf(mime);
  if (!kind || !allowed.includes(mime)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'files.errors.typeNotAllowed', { values: { types: typeNames(allowed) } });
  if (input.bytes.byteLength > maxBytesFor(kind)) throw new AppError('PAYLOAD_TOO_LARGE', 'files.errors.tooLarge', { values: { mb: maxMbFor(kind) } });
  const storage = getStorage();
  const now = ctx.now();
  const key = `${module}/${ctx.merchantId}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${crypto.randomUUID()}.${detected?.ext ?? 'bin'}`;
  await storage.put(key, input.bytes, mime);
  const [row] = await ctx.db
    .insert(files)
    .values({ merchantId: ctx.merchantId, uploadedBy: ctx.userId, module, key, bucket: storage.bucket, name: displayName(input.name), mime, size: input.bytes.byteLength, createdAt: now })
    .returning({ id: files.id });
  return row.id;
}

// Only the last path segment of what the browser sent, without control characters.
function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop()?.replace(/[\u0000-\u001f\u007f]/g, '').trim() ?? '';
  return (base || 'file').slice(0, 200);
}
