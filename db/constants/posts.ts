/**
 * The value lists of the post columns, without drizzle: the schema (db/schema/posts.ts) builds on
 * them, and the zod schemas the post editor loads import them from here, so that drizzle's pg-core
 * stays out of its page (issue 11, first-load JavaScript).
 */
export const postStatuses = ['draft', 'published'] as const;
export type PostStatus = (typeof postStatuses)[number];

export const postLocales = ['zh-CN', 'en-US', 'zh-HK'] as const;
