import { z } from 'zod';
import { isCalendarDay } from '@/lib/time/calendar';
import { reviewSites } from '@/db/schema/reviews';
import { IMPORT_MAX_BYTES, REPLY_MAX_BYTES, REVIEW_PAGE_SIZES, utf8Bytes } from './limits';
import { rowId } from '@/lib/validation/ids';
import { blankToUndefined as blank, pageNumber, pageSizeOf } from '@/lib/validation/paging';

// Client components import these from ./limits instead: this module would bring zod into their pages.
export { REPLY_MAX_BYTES, REVIEW_PAGE_SIZES, utf8Bytes } from './limits';

// Query strings give '' for an untouched field: treat it as absent.
const optionalInt = (min: number, max: number) => z.preprocess(blank, z.coerce.number().int().min(min).max(max).optional());
const isoDay = z.preprocess(blank, z.string().refine(isCalendarDay, 'reviews.errors.date').optional());

export const reviewFilterSchema = z
  .object({
    q: z.preprocess(blank, z.string().trim().max(100).optional()),
    from: isoDay,
    to: isoDay,
    minRating: optionalInt(1, 5),
    maxRating: optionalInt(1, 5),
    site: z.preprocess(blank, z.enum(reviewSites).optional()),
    tag: z.preprocess(blank, z.enum(['all', 'untagged', 'tagged']).default('all')),
    // One employee's reviews (the exact tag: what a review, a request or a scanned code credits).
    employee: z.preprocess(blank, z.string().trim().max(50).optional()),
    view: z.preprocess(blank, z.enum(['all', 'needsResponse']).default('all')),
    locationId: optionalInt(1, 2_147_483_647),
    pageNum: pageNumber(),
    pageSize: pageSizeOf({ sizes: REVIEW_PAGE_SIZES, default: 20, message: 'reviews.errors.pageSize' }),
  })
  .refine((f) => !f.minRating || !f.maxRating || f.minRating <= f.maxRating, { path: ['maxRating'], message: 'reviews.errors.ratingRange' })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ['to'], message: 'reviews.errors.dateRange' });

export type ReviewFilters = z.infer<typeof reviewFilterSchema>;

export const replySchema = z.object({
  comment: z
    .string()
    .trim()
    .min(1, 'reviews.errors.replyRequired')
    .refine((s) => utf8Bytes(s) <= REPLY_MAX_BYTES, 'reviews.errors.replyTooLong'),
});

export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const manualSites = reviewSites.filter((s) => s !== 'google') as [Exclude<(typeof reviewSites)[number], 'google'>, ...Exclude<(typeof reviewSites)[number], 'google'>[]];
export const manualSiteSchema = z.enum(manualSites);

/** A review from another site, typed in by the merchant (Google's come from the sync). */
export const manualReviewSchema = z.object({
  site: manualSiteSchema,
  locationId: z.preprocess(blank, rowId().optional()),
  reviewerName: z.string().trim().min(1, 'validation.required').max(100),
  rating: z.coerce.number().int().min(1, 'reviews.errors.rating').max(5, 'reviews.errors.rating'),
  comment: z.string().trim().max(5000).default(''),
  // A review already received: a real day, at most tomorrow (a merchant east of the server's day).
  reviewDate: z.string().refine(isCalendarDay, 'reviews.errors.date').refine((d) => d <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), 'reviews.errors.dateFuture'),
  employeeTag: z.preprocess(blank, z.string().trim().max(50).optional()),
});

export const employeeTagSchema = z.object({ employeeTag: z.preprocess(blank, z.string().trim().max(50).nullable().default(null)) });

/**
 * The import dialog's file, checked before it is sent with the refusals POST /api/reviews/import
 * answers (the route reads the upload as multipart, not through a schema, and still checks the
 * size and the content itself). A `File` in the browser; only its name and size are read.
 */
export const reviewImportSchema = z.object({
  file: z
    .custom<File>((v) => typeof v === 'object' && v !== null && 'name' in v && 'size' in v, 'reviews.errors.importNoFile')
    .refine((f) => /\.(csv|xlsx|xls)$/i.test(f.name), 'reviews.errors.importType')
    .refine((f) => f.size <= IMPORT_MAX_BYTES, 'reviews.errors.importTooLarge'),
});
