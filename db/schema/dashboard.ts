import { boolean, date, integer, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';

/*
 * The dashboard's daily rollups (issue 22): per merchant and day, the counts /dashboard sums, so a
 * year of a 1,000,000-contact merchant is thousands of rows instead of millions. `day` is the
 * calendar day in DEFAULT_TIME_ZONE (lib/time/format.ts), the zone every dashboard period is cut
 * in, so a period is a whole number of days. `location_id` 0 stands for "no location".
 *
 * One owner: the base tables' triggers of migration 0028 write these rows in the writer's own
 * transaction, whichever service writes (import, sync, dispatcher, deletes and their cascades);
 * no service writes them. No foreign key (a key's check would lock the merchant row on every
 * write of a day's first row); a merchant's deletion clears them by its own statement trigger,
 * which runs after every cascade.
 */

/** Reviews by day, location, google or not, and star: count and unanswered (needs response). */
export const reviewDays = pgTable(
  'review_days',
  {
    merchantId: integer('merchant_id').notNull(),
    day: date('day').notNull(),
    locationId: integer('location_id').notNull(),
    google: boolean('google').notNull(),
    rating: smallint('rating').notNull(),
    reviews: integer('reviews').notNull(),
    needsResponse: integer('needs_response').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.locationId, t.google, t.rating] })],
);

/** Contacts by the day they were created and their location. */
export const contactDays = pgTable(
  'contact_days',
  {
    merchantId: integer('merchant_id').notNull(),
    day: date('day').notNull(),
    locationId: integer('location_id').notNull(),
    contacts: integer('contacts').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.locationId] })],
);

/** Consent events by day, channel and the location of their contact (now: a move carries them). */
export const consentDays = pgTable(
  'consent_days',
  {
    merchantId: integer('merchant_id').notNull(),
    day: date('day').notNull(),
    locationId: integer('location_id').notNull(),
    channel: smallint('channel').notNull(), // EMAIL 0, SMS 1
    optIn: integer('opt_in').notNull(),
    optOut: integer('opt_out').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.locationId, t.channel] })],
);

/**
 * Deliveries by the day they were queued and their campaign: sent and failed. By campaign, not
 * location, so a campaign's later location change or deletion needs no rewrite here.
 */
export const deliveryDays = pgTable(
  'delivery_days',
  {
    merchantId: integer('merchant_id').notNull(),
    day: date('day').notNull(),
    campaignId: integer('campaign_id').notNull(),
    channel: smallint('channel').notNull(),
    sent: integer('sent').notNull(),
    failed: integer('failed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.campaignId, t.channel] })],
);

/**
 * Sent deliveries by the day they were sent and their campaign, with the first and the last send
 * of the day: request-to-review needs, for each review, the latest request before it, and with a
 * 14-day window a day's first and last send decide it for every review but those of a window's
 * last day (lib/dashboard/request-to-review.ts).
 */
export const sentDays = pgTable(
  'sent_days',
  {
    merchantId: integer('merchant_id').notNull(),
    day: date('day').notNull(),
    campaignId: integer('campaign_id').notNull(),
    sent: integer('sent').notNull(),
    firstSentAt: timestamp('first_sent_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.campaignId] })],
);
