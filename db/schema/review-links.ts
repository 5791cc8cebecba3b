import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { locations } from './locations';
import { merchants } from './merchants';
import { users } from './users';

/**
 * A short public link (`/r/{code}`) printed as a QR code at the counter: one per location, or per
 * employee of a location (a team member, or a free-text name for someone without an account).
 * The employee's name is kept as text, so the credit survives the member leaving the team.
 */
export const reviewLinks = pgTable(
  'review_links',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    // The team member the code credits, when it is one (null: a free-text name, or the location's own code).
    memberUserId: integer('member_user_id').references(() => users.id, { onDelete: 'set null' }),
    // The name reviews and scans are credited to (null: the location's own code, no employee).
    employeeTag: text('employee_tag'),
    // Unguessable, globally unique: the public route finds the link by it alone.
    code: text('code').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_links_code_key').on(t.code),
    index('review_links_merchant_location_idx').on(t.merchantId, t.locationId, t.id),
    // One code per location and employee (the location's own code has no employee).
    uniqueIndex('review_links_location_employee_key').on(t.locationId, sql`coalesce(${t.employeeTag}, '')`),
  ],
);

/**
 * One counted scan of a review link: when, where, and whom it credits. No personal data (no
 * address, no user agent): the rate limit keeps its own short-lived keys elsewhere.
 */
export const reviewLinkScans = pgTable(
  'review_link_scans',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    linkId: integer('link_id')
      .notNull()
      .references(() => reviewLinks.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').notNull(),
    employeeTag: text('employee_tag'),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The dashboard's figures over a period read (merchant_id, scanned_at) INCLUDE (location_id,
    // employee_tag), an index-only scan: written in the migration itself (drizzle has no INCLUDE).
    // The credit of a new review: the latest scan of an employee's code at its location before it.
    index('review_link_scans_location_time_idx').on(t.merchantId, t.locationId, t.scannedAt).where(sql`${t.employeeTag} is not null`),
    index('review_link_scans_link_idx').on(t.linkId, t.scannedAt),
  ],
);
