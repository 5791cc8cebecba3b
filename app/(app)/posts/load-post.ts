import { notFound } from 'next/navigation';
import { isAppError } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { getPost } from '@/lib/posts/get-post';
import type { PostRecord } from '@/lib/posts/list-posts';

/** The merchant's article for a page, or the not-found page (a foreign id looks the same). */
export async function loadPostOrNotFound(ctx: ServiceContext, rawId: string): Promise<PostRecord> {
  const id = Number(rawId);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) notFound();
  try {
    return await getPost(ctx, id);
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') notFound();
    throw error;
  }
}
