import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '@/db/client';
import { files, fileModules, type FileModule } from '@/db/schema/files';
import { AppError, notFound } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { assertCanManagePosts } from '@/lib/auth/permissions';
import { getStorage } from '@/lib/storage/storage';
import { verifyFileSignature } from './public-links';
import { allowedMimeTypes, kindOf, maxBytesFor, maxMbFor, typeNames } from './rules';

export type FileRow = typeof files.$inferSelect;

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

/**
 * A file and its bytes for a viewer: its own merchant's files; for anyone, a file whose view
 * address carries a valid signature (written only into sent campaign mail and published articles,
 * lib/files/public-links.ts), or a file made public by id before signatures existed
 * (`files.public`, kept so images in mail already sent still load). Anything else is "not
 * found", never "forbidden", so ids cannot be probed. A file opened by signature or by the old
 * flag answers as public (cacheable by anyone).
 */
export async function readFileForViewer(
  db: Db,
  viewerMerchantId: number | null,
  where: { module: FileModule; id: number; signature?: string | null } | { key: string },
): Promise<{ file: FileRow; bytes: Uint8Array }> {
  const condition = 'key' in where ? eq(files.key, where.key) : and(eq(files.id, where.id), eq(files.module, where.module));
  const [row] = await db.select().from(files).where(condition).limit(1);
  const signed = 'id' in where && verifyFileSignature(where.module, where.id, where.signature);
  if (!row || (row.merchantId !== viewerMerchantId && !row.public && !signed)) throw notFound();
  const file = signed ? { ...row, public: true } : row;
  const bytes = await getStorage().get(file.key);
  if (!bytes) throw notFound();
  return { file, bytes };
}

/** Whether anyone may view the file by its id alone (files made public before signed addresses). */
export async function isPublicFile(db: Db, fileId: number): Promise<boolean> {
  const [row] = await db.select({ public: files.public }).from(files).where(eq(files.id, fileId)).limit(1);
  return row?.public ?? false;
}

/** The response of a view or download: the stored type, never sniffed, never run as a page. */
export function fileResponse(file: FileRow, bytes: Uint8Array, disposition: 'inline' | 'attachment'): Response {
  const body = new Uint8Array(bytes).buffer;
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': file.mime,
      'content-length': String(bytes.byteLength),
      'content-disposition': `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': file.public ? 'public, max-age=86400' : 'private, max-age=3600',
    },
  });
}

// Only the last path segment of what the browser sent, without control characters.
function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop()?.replace(/[\u0000-\u001f\u007f]/g, '').trim() ?? '';
  return (base || 'file').slice(0, 200);
}
