import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { posts, type PostStatus } from '@/db/schema/posts';
import { users } from '@/db/schema/users';
import { notFound } from '@/lib/errors/app-error';
import type { ServiceContext } from '@/lib/context';
import type { Locale } from '@/lib/i18n/locales';
import { postFileUrl } from './body';
import type { PostListQuery } from './schema';

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

const summaryColumns = {
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
    const pattern = `%${escapeLike(query.keyword)}%`;
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

function withCoverUrl<T extends { coverFileId: string | null }>(row: T): T & { coverUrl: string | null } {
  return { ...row, coverUrl: postFileUrl(row.coverFileId) };
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
