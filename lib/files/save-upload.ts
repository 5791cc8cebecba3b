import crypto from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { files, fileModules, type FileModule } from '@/db/schema/files';
import { AppError } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { assertCanManagePosts } from '@/lib/auth/permissions';
import { getStorage } from '@/lib/storage/storage';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, allowedMimeTypes, kindOf, maxBytesFor, maxMbFor, typeNames } from './rules';
import { imagePixelSize } from './image-size';

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
  if (kind === 'image') assertDecodableSize(input.bytes, mime);
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

/**
 * An image every browser can show: its header must say its size, and that size must be at most
 * MAX_IMAGE_SIDE on a side and MAX_IMAGE_PIXELS in all (a 48-megapixel phone photo passes; a
 * pixel flood claiming 50,000 × 50,000 in a few kilobytes does not).
 */
function assertDecodableSize(bytes: Uint8Array, mime: string): void {
  const size = imagePixelSize(bytes, mime);
  if (!size || size.width === 0 || size.height === 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'files.errors.imageUnreadable');
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE || size.width * size.height > MAX_IMAGE_PIXELS) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'files.errors.imageTooManyPixels', { values: { width: size.width, height: size.height, side: MAX_IMAGE_SIDE, megapixels: MAX_IMAGE_PIXELS / 1_000_000 } });
  }
}

// Only the last path segment of what the browser sent, without control characters.
function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop()?.replace(/[\u0000-\u001f\u007f]/g, '').trim() ?? '';
  return (base || 'file').slice(0, 200);
}
