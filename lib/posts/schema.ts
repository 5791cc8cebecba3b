import { z } from 'zod';
import { postLocales, postStatuses } from '@/db/constants/posts';
import { POST_BODY_MAX, POST_DEFAULT_PAGE_SIZE, POST_PAGE_SIZES, POST_SUMMARY_MAX, POST_TITLE_MAX } from './limits';
import { INT4_MAX, rowId } from '@/lib/validation/ids';
import { pageNumber, pageSizeOf } from '@/lib/validation/paging';
import { expectedTime } from '@/lib/validation/expected-version';

// Client components import these from ./limits instead: this module would bring zod into their pages.
export { POST_BODY_MAX, POST_DEFAULT_PAGE_SIZE, POST_PAGE_SIZES, POST_SUMMARY_MAX, POST_TITLE_MAX } from './limits';

// File ids of the files domain are integers; accept them as numbers or strings.
const fileId = z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().regex(/^[1-9]\d{0,9}$/, 'validation.invalidFormat').refine((v) => Number(v) <= INT4_MAX, 'validation.invalidFormat'));

/** What the editor writes: create and update take the same fields. */
export const postInputSchema = z.object({
  title: z.string('validation.required').trim().min(1, 'validation.required').max(POST_TITLE_MAX, 'validation.tooLong'),
  summary: z.string().trim().max(POST_SUMMARY_MAX, 'validation.tooLong').default(''),
  coverFileId: z.preprocess((v) => (v === '' ? null : v), fileId.nullable()).optional().default(null),
  body: z.string().max(POST_BODY_MAX, 'validation.tooLong').default(''),
  locale: z.enum(postLocales, 'validation.invalidValue'),
  /** Update only: the record's `updatedAt` as the client read it; a newer article refuses the update (409). */
  updatedAt: expectedTime(),
});
export type PostInput = z.infer<typeof postInputSchema>;

const pageNum = pageNumber();
const pageSize = pageSizeOf({ sizes: POST_PAGE_SIZES, default: POST_DEFAULT_PAGE_SIZE });

export const postListQuerySchema = z.object({
  pageNum,
  pageSize,
  keyword: z.string().trim().max(100, 'validation.tooLong').optional().default(''),
  status: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(postStatuses).optional()),
});
export type PostListQuery = z.infer<typeof postListQuerySchema>;

export const publicPostListQuerySchema = z.object({
  merchantId: rowId(),
  pageNum,
  pageSize,
  locale: z.enum(postLocales).optional(),
});
export type PublicPostListQuery = z.infer<typeof publicPostListQuerySchema>;

export const postIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const publicIdParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

/** The editor's one action: save, and optionally publish or unpublish, in one transaction. */
export const savePostSchema = postInputSchema.extend({
  id: z.number().int().positive().optional(),
  intent: z.enum(['save', 'publish', 'unpublish']).default('save'),
});
export type SavePostInput = z.infer<typeof savePostSchema>;
