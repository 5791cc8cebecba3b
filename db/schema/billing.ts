import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';
import { users } from './users';

/**
 * A merchant's request to change plan, sent to the operator (OPERATOR_EMAIL). Kept whether or not
 * the mail could go out, so no request is lost: `mailedAt` is null when no operator address was
 * configured or the mail failed. Payment is not handled here.
 */
export const upgradeRequests = pgTable(
  'upgrade_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    plan: text('plan').notNull(),
    message: text('message').notNull().default(''),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('upgrade_requests_merchant_idx').on(t.merchantId, t.createdAt)],
);
