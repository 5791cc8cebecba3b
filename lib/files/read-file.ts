import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { files, type FileModule } from '@/db/schema/files';
import { notFound } from '@/lib/errors/app-error';
import { getStorage } from '@/lib/storage/storage';
import { verifyFileSignature } from './public-links';

export type FileRow = typeof files.$inferSelect;

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
  const signed = Boolean(row) && 'id' in where && verifyFileSignature(row.merchantId, where.module, where.id, where.signature);
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
