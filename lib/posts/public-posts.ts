import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { merchants } from '@/db/schema/merchants';
import { posts } from '@/db/schema/posts';
import { notFound } from '@/lib/errors/app-error';
import type { PublicContext } from '@/lib/context';
import type { Locale } from '@/lib/i18n/locales';
import { signedFileUrl, signFileLinks } from '@/lib/files/public-links';
import { bodyText } from './body';
import type { PublicPostListQuery } from './schema';

/** What anyone may read about a published article: never a draft, never internal ids. */
export interface PublicPost {
  publicId: string;
  title: string;
  summary: string;
  coverUrl: string | null;
  body: string;
  locale: Locale;
  publishedAt: Date;
  updatedAt: Date;
  merchantName: string;
  /** The public page's address, relative to APP_URL. */
  url: string;
}

export type PublicPostSummary = Omit<PublicPost, 'body'>;

/** A published article by its public id; a draft or an unknown id is simply not there. */
export async function getPublishedPost(ctx: Pick<PublicContext, 'db'>, publicId: string): Promise<PublicPost> {
  const post = await findPublishedPost(ctx.db, publicId);
  if (!post) throw notFound('posts.errors.notFound');
  return post;
}

export async function findPublishedPost(db: Db, publicId: string): Promise<PublicPost | null> {
  const [row] = await db
    .select({
      publicId: posts.publicId,
      title: posts.title,
      summary: posts.summary,
      coverFileId: posts.coverFileId,
      body: posts.body,
      locale: posts.locale,
      publishedAt: posts.publishedAt,
      updatedAt: posts.updatedAt,
      merchantName: merchants.name,
      merchantId: posts.merchantId,
    })
    .from(posts)
    .innerJoin(merchants, eq(merchants.id, posts.merchantId))
    .where(and(eq(posts.publicId, publicId), eq(posts.status, 'published')))
    .limit(1);
  if (!row || !row.publishedAt) return null;
  const { coverFileId, merchantId, ...rest } = row;
  return { ...rest, body: signFileLinks(rest.body, merchantId), publishedAt: row.publishedAt, coverUrl: publicCoverUrl(merchantId, coverFileId), url: publicPostPath(row.publicId) };
}

/** A merchant's published articles, newest first (for a merchant's own site or app). */
export async function listPublishedPosts(ctx: Pick<PublicContext, 'db'>, query: PublicPostListQuery): Promise<{ total: number; pageNum: number; pageSize: number; records: PublicPostSummary[] }> {
  const where = and(eq(posts.merchantId, query.merchantId), eq(posts.status, 'published'), query.locale ? eq(posts.locale, query.locale) : undefined);
  const [{ total }] = await ctx.db.select({ total: count() }).from(posts).where(where);
  const rows = await ctx.db
    .select({
      publicId: posts.publicId,
      title: posts.title,
      summary: posts.summary,
      coverFileId: posts.coverFileId,
      locale: posts.locale,
      publishedAt: posts.publishedAt,
      updatedAt: posts.updatedAt,
      merchantName: merchants.name,
    })
    .from(posts)
    .innerJoin(merchants, eq(merchants.id, posts.merchantId))
    .where(where)
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  return {
    total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    records: rows.map(({ coverFileId, publishedAt, ...rest }) => ({
      ...rest,
      publishedAt: publishedAt ?? rest.updatedAt,
      coverUrl: publicCoverUrl(query.merchantId, coverFileId),
      url: publicPostPath(rest.publicId),
    })),
  };
}

/**
 * A published article's files open for signed-out readers by the signed addresses written here
 * (lib/files/public-links.ts), so publishing is what makes them public and their ids stay
 * unguessable. An address once read stays valid after an unpublish, like a reader's cached copy.
 */
function publicCoverUrl(merchantId: number, fileId: string | null): string | null {
  return fileId && /^\d{1,10}$/.test(fileId) ? signedFileUrl(merchantId, 'post', fileId) : null;
}

export function publicPostPath(publicId: string): string {
  return `/p/${publicId}`;
}

/** The description of a public page: the summary, or the start of the body's text. */
export function postDescription(post: { summary: string; body: string }, max = 160): string {
  const text = post.summary.trim() || bodyText(post.body);
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
