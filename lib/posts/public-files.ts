import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { files } from '@/db/schema/files';
import { AppError } from '@/lib/errors/app-error';

// A published article's files need no marking: its public page and the public post API write
// signed file addresses (lib/files/public-links.ts), which only they hand out.

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
