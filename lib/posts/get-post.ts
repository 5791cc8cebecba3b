import { and, eq } from 'drizzle-orm';
import { posts } from '@/db/schema/posts';
import { users } from '@/db/schema/users';
import { notFound } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import { summaryColumns, withCoverUrl, type PostRecord } from './list-posts';

/** One article of the merchant; another merchant's id answers 404 like a missing one. */
export async function getPost(ctx: ServiceContext, id: number): Promise<PostRecord> {
  const [row] = await ctx.db
    .select({ ...summaryColumns, body: posts.body })
    .from(posts)
    .leftJoin(users, eq(users.id, posts.authorUserId))
    .where(and(eq(posts.id, id), eq(posts.merchantId, ctx.merchantId)))
    .limit(1);
  if (!row) throw notFound('posts.errors.notFound');
  return withCoverUrl(row);
}
