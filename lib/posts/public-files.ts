import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { files } from '@/db/schema/files';
import { AppError } from '@/lib/api/app-error';
import { markFilesPublic } from '@/lib/files/service';

/**
 * Marks the cover and the body's files of a published article public, so a signed-out reader of
 * the public page can load them. Files stay public after an unpublish: another published article
 * may show the same file, and a reader's cached copy could not be called back anyway.
 */
export async function makePostFilesPublic(db: Db, merchantId: number, fileIds: string[]): Promise<void> {
  await markFilesPublic(db, merchantId, fileIds.map(Number));
}

/** A cover must be an image this merchant uploaded through the post module (its view address). */
export async function assertOwnCover(db: Db, merchantId: number, coverFileId: string | null): Promise<void> {
  if (!coverFileId) return;
  const [row] = await db
    .select({ mime: files.mime })
    .from(files)
    .where(and(eq(files.id, Number(coverFileId)), eq(files.merchantId, merchantId), eq(files.module, 'post')))
    .limit(1);
  if (!row || !row.mime.startsWith('image/')) {
    throw new AppError('VALIDATION', 'posts.errors.coverNotFound', { fieldErrors: { coverFileId: 'posts.errors.coverNotFound' } });
  }
}
