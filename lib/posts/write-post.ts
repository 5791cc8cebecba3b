import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { posts } from '@/db/schema/posts';
import { AppError, notFound } from '@/lib/errors/app-error';
import { staleEdit } from '@/lib/errors/stale-edit';
import { nextUpdatedAt, sameUpdatedAt } from '@/lib/db/updated-at';
import type { ServiceContext } from '@/lib/context';
import { bodyHasContent, cleanPostBody } from './body';
import { assertCanManagePosts } from '@/lib/auth/permissions';
import { assertOwnCover } from './public-files';
import { getPost } from './get-post';
import type { PostRecord } from './list-posts';
import type { PostInput, SavePostInput } from './schema';

/** A new article, always a draft; publishing is its own step (or the editor's save intent). */
export async function createPost(ctx: ServiceContext, input: PostInput): Promise<PostRecord> {
  assertCanManagePosts(ctx);
  await assertOwnCover(ctx.db, ctx.merchantId, input.coverFileId);
  const id = await insertPost(ctx.db, ctx, input);
  return getPost(ctx, id);
}

/** With `updatedAt`, an article changed since the client read it refuses the update. */
export async function updatePost(ctx: ServiceContext, id: number, input: PostInput): Promise<PostRecord> {
  assertCanManagePosts(ctx);
  await ctx.db.transaction(async (tx) => {
    const row = await lockPost(tx, ctx, id, input.updatedAt);
    const values = writableValues(input);
    if (values.coverFileId !== row.coverFileId) await assertOwnCover(tx, ctx.merchantId, values.coverFileId);
    if (row.status === 'published') assertPublishable(values);
    // A published article's images are readable through the signed addresses its public page
    // writes (lib/posts/public-posts.ts): nothing to mark here.
    await tx.update(posts).set({ ...values, updatedAt: nextUpdatedAt(posts.updatedAt, ctx.now()) }).where(eq(posts.id, id));
  });
  return getPost(ctx, id);
}

export async function deletePost(ctx: ServiceContext, id: number): Promise<{ id: number }> {
  assertCanManagePosts(ctx);
  const deleted = await ctx.db
    .delete(posts)
    .where(and(eq(posts.id, id), eq(posts.merchantId, ctx.merchantId)))
    .returning({ id: posts.id });
  if (!deleted.length) throw notFound('posts.errors.notFound');
  return { id };
}

export async function publishPost(ctx: ServiceContext, id: number): Promise<PostRecord> {
  assertCanManagePosts(ctx);
  await ctx.db.transaction((tx) => publishLocked(tx, ctx, id));
  return getPost(ctx, id);
}

export async function unpublishPost(ctx: ServiceContext, id: number): Promise<PostRecord> {
  assertCanManagePosts(ctx);
  await ctx.db.transaction(async (tx) => {
    await lockPost(tx, ctx, id);
    await setUnpublished(tx, ctx, id);
  });
  return getPost(ctx, id);
}

/**
 * The editor's buttons: save the fields, then publish or unpublish, all or nothing. A published
 * article saved with intent 'save' stays published (the editor calls it "Update").
 */
export async function savePost(ctx: ServiceContext, input: SavePostInput): Promise<PostRecord> {
  assertCanManagePosts(ctx);
  const { id: givenId, intent, ...fields } = input;
  const id = await ctx.db.transaction(async (tx) => {
    const db = tx;
    let postId = givenId;
    if (postId === undefined) {
      await assertOwnCover(db, ctx.merchantId, fields.coverFileId);
      postId = await insertPost(db, ctx, fields);
    } else {
      const row = await lockPost(db, ctx, postId, fields.updatedAt);
      const values = writableValues(fields);
      if (values.coverFileId !== row.coverFileId) await assertOwnCover(db, ctx.merchantId, values.coverFileId);
      if (row.status === 'published' && intent !== 'unpublish') assertPublishable(values);
      await db.update(posts).set({ ...values, updatedAt: nextUpdatedAt(posts.updatedAt, ctx.now()) }).where(eq(posts.id, postId));
    }
    if (intent === 'publish') await publishLocked(db, ctx, postId);
    if (intent === 'unpublish') await setUnpublished(db, ctx, postId);
    return postId;
  });
  return getPost(ctx, id);
}

async function insertPost(db: Db, ctx: ServiceContext, input: PostInput): Promise<number> {
  const now = ctx.now();
  const [row] = await db
    .insert(posts)
    .values({ ...writableValues(input), merchantId: ctx.merchantId, authorUserId: ctx.userId, publicId: newPublicId(), status: 'draft', createdAt: now, updatedAt: now })
    .returning({ id: posts.id });
  return row.id;
}

async function publishLocked(db: Db, ctx: ServiceContext, id: number): Promise<void> {
  const row = await lockPost(db, ctx, id);
  assertPublishable(row);
  const now = ctx.now();
  // Publishing again keeps the first publication time; an unpublish clears it.
  await db
    .update(posts)
    .set({ status: 'published', publishedAt: row.status === 'published' && row.publishedAt ? row.publishedAt : now, updatedAt: nextUpdatedAt(posts.updatedAt, now) })
    .where(eq(posts.id, id));
}

async function setUnpublished(db: Db, ctx: ServiceContext, id: number): Promise<void> {
  await db.update(posts).set({ status: 'draft', publishedAt: null, updatedAt: nextUpdatedAt(posts.updatedAt, ctx.now()) }).where(eq(posts.id, id));
}

/** The article's row, locked for the transaction; with `expected`, refused when it changed since the client read it. */
async function lockPost(db: Db, ctx: ServiceContext, id: number, expected?: Date) {
  const [found] = await db
    .select({ row: posts, fresh: expected ? sameUpdatedAt(posts.updatedAt, expected) : sql<boolean>`true` })
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.merchantId, ctx.merchantId)))
    .for('update')
    .limit(1);
  if (!found) throw notFound('posts.errors.notFound');
  if (!found.fresh) throw staleEdit();
  return found.row;
}

function writableValues(input: PostInput) {
  return {
    title: input.title.trim(),
    summary: input.summary.trim(),
    coverFileId: input.coverFileId ?? null,
    body: cleanPostBody(input.body),
    locale: input.locale,
  };
}

function assertPublishable(values: { title: string; body: string }): void {
  if (!values.title.trim()) throw new AppError('VALIDATION', 'posts.errors.titleRequired', { fieldErrors: { title: 'validation.required' } });
  if (!bodyHasContent(values.body)) throw new AppError('VALIDATION', 'posts.errors.emptyBody', { fieldErrors: { body: 'posts.errors.emptyBody' } });
}

/** 16 characters of base64url: 96 random bits, unguessable, fine in a URL. */
export function newPublicId(): string {
  return crypto.randomBytes(12).toString('base64url');
}
