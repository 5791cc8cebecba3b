import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { posts, type PostStatus } from '@/db/schema/posts';
import { users } from '@/db/schema/users';
import type { ServiceContext } from '@/lib/context';
import type { Locale } from '@/lib/i18n/locales';
import { postFileUrl } from './file-url';
import type { PostListQuery } from './schema';
import { containsPattern } from '@/db/like';

export interface PostSummary {
  id: number;
  publicId: string;
  title: string;
  summary: string;
  coverFileId: string | null;
  coverUrl: string | null;
  locale: Locale;
  status: PostStatus;
  authorUserId: number | null;
  authorName: string | null;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PostRecord extends PostSummary {
  body: string;
}

export interface PostPage {
  total: number;
  pageNum: number;
  pageSize: number;
  records: PostSummary[];
}

export const summaryColumns = {
  id: posts.id,
  publicId: posts.publicId,
  title: posts.title,
  summary: posts.summary,
  coverFileId: posts.coverFileId,
  locale: posts.locale,
  status: posts.status,
  authorUserId: posts.authorUserId,
  authorName: users.name,
  publishedAt: posts.publishedAt,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
};

/**
 * The merchant's articles, drafts included, newest change first. Reading needs no permission:
 * every user of the merchant may see the list (read-only without post:admin:manage).
 */
export async function listPosts(ctx: ServiceContext, query: PostListQuery): Promise<PostPage> {
  const conditions: SQL[] = [eq(posts.merchantId, ctx.merchantId)];
  if (query.status) conditions.push(eq(posts.status, query.status));
  if (query.keyword) {
    const pattern = containsPattern(query.keyword);
    const match = or(ilike(posts.title, pattern), ilike(posts.summary, pattern));
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const [{ total }] = await ctx.db.select({ total: count() }).from(posts).where(where);
  const rows = await ctx.db
    .select(summaryColumns)
    .from(posts)
    .leftJoin(users, eq(users.id, posts.authorUserId))
    .where(where)
    .orderBy(desc(posts.updatedAt), desc(posts.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  return { total, pageNum: query.pageNum, pageSize: query.pageSize, records: rows.map(withCoverUrl) };
}

export function withCoverUrl<T extends { coverFileId: string | null }>(row: T): T & { coverUrl: string | null } {
  return { ...row, coverUrl: postFileUrl(row.coverFileId) };
}
