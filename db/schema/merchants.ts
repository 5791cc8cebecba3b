import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const emailVerificationStatuses = ['NotStarted', 'Pending', 'TemporaryFailure', 'Failed', 'Success'] as const;

export const merchants = pgTable('merchants', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  address: text('address').notNull().default(''),
  phone: text('phone'),
  phoneVerified: boolean('phone_verified').notNull().default(false),
  serviceEmail: text('service_email'),
  emailVerificationStatus: text('email_verification_status', { enum: emailVerificationStatuses })
    .notNull()
    .default('NotStarted'),
  lastVerificationTime: timestamp('last_verification_time', { withTimezone: true }),
  // Subscription: TRIAL_ACTIVE means trialing (spec section 3).
  subscriptionStatus: text('subscription_status').notNull().default('basic'),
  trialEndTime: timestamp('trial_end_time', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
