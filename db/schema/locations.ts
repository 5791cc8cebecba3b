import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

export const locations = pgTable(
  'locations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    country: text('country').notNull(),
    zipCode: text('zip_code').notNull().default(''),
    phone: text('phone'),
    timezone: text('timezone').notNull().default('Asia/Shanghai'),
    // What {{googleReviewLink}} renders to for members of this location.
    reviewLink: text('review_link'),
    enabled: boolean('enabled').notNull().default(true),
    connected: boolean('connected').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('locations_merchant_created_idx').on(t.merchantId, t.createdAt, t.id)],
);
