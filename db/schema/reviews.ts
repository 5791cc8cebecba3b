import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';
import { locations } from './locations';
import { reviewOrigins, reviewSites } from '../constants/reviews';
import { reviewSources } from './sources';

// The value lists live in a drizzle-free module that client components can import.
export { reviewOrigins, reviewSites, type ReviewOrigin, type ReviewSite } from '../constants/reviews';

export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    sourceId: integer('source_id').references(() => reviewSources.id, { onDelete: 'set null' }),
    site: text('site', { enum: reviewSites }).notNull(),
    origin: text('origin', { enum: reviewOrigins }).notNull().default('manual'),
    // The provider's review id (Google reviewId); manual rows get a generated one.
    externalId: text('external_id').notNull(),
    // The provider's resource name (accounts/a/locations/l/reviews/r): where updateReply goes.
    externalName: text('external_name'),
    reviewerName: text('reviewer_name').notNull(),
    reviewerPhotoUrl: text('reviewer_photo_url'),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    language: text('language').notNull().default('zh-CN'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull(),
    replyComment: text('reply_comment'),
    replyTime: timestamp('reply_time', { withTimezone: true }),
    // The staff member the review mentions or was assigned to; null = untagged.
    employeeTag: text('employee_tag'),
    // Derived, never written: an unanswered review of three stars or fewer.
    needsResponse: boolean('needs_response').generatedAlwaysAs(sql`reply_comment is null and rating <= 3`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_merchant_site_external_key').on(t.merchantId, t.site, t.externalId),
    index('reviews_merchant_time_idx').on(t.merchantId, t.createTime),
    index('reviews_merchant_location_time_idx').on(t.merchantId, t.locationId, t.createTime),
    index('reviews_merchant_site_time_idx').on(t.merchantId, t.site, t.createTime),
    index('reviews_merchant_rating_time_idx').on(t.merchantId, t.rating, t.createTime),
    index('reviews_needs_response_idx')
      .on(t.merchantId, t.createTime)
      .where(sql`reply_comment is null and rating <= 3`),
  ],
);
