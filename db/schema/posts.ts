import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';
import { users } from './users';

import { postLocales, postStatuses } from '../constants/posts';

// The value lists live in a drizzle-free module that client code can import.
export { postLocales, postStatuses, type PostStatus } from '../constants/posts';

/**
 * A merchant's news article. The editor and the admin calls address it by `id`; the public page
 * and the public calls address it by `publicId`, a random unguessable token fixed at creation, so
 * nobody can walk through every merchant's articles by counting, and a shared link keeps working
 * when an article is unpublished and published again.
 */
export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    // Kept when the author's account goes: the article belongs to the merchant.
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    publicId: text('public_id').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    // A file id of the files domain (module post); no foreign key, a missing file shows no cover.
    coverFileId: text('cover_file_id'),
    // Sanitised HTML (sanitizeRichHtml) on every write.
    body: text('body').notNull().default(''),
    locale: text('locale', { enum: postLocales }).notNull().default('zh-CN'),
    status: text('status', { enum: postStatuses }).notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('posts_public_id_key').on(t.publicId),
    index('posts_merchant_updated_idx').on(t.merchantId, t.updatedAt, t.id),
    index('posts_merchant_published_idx').on(t.merchantId, t.status, t.publishedAt),
  ],
);
