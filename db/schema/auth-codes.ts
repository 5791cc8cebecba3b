import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

/**
 * What a one-time code or link proves: a registration e-mail (6-digit code), a merchant's phone
 * (6-digit SMS code) or a merchant's service e-mail (a link token).
 */
export const authCodePurposes = ['register', 'phone', 'serviceEmail', 'passwordReset'] as const;
export type AuthCodePurpose = (typeof authCodePurposes)[number];

/** One-time codes and links, stored as SHA-256 hashes; a newer code for a target replaces older ones. */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    purpose: text('purpose', { enum: authCodePurposes }).notNull(),
    // The e-mail (lower-cased) or phone (E.164) the code was sent to.
    target: text('target').notNull(),
    merchantId: integer('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_codes_target_idx').on(t.purpose, t.target, t.createdAt), index('auth_codes_hash_idx').on(t.codeHash)],
);

/**
 * Sliding-window rate limits (login failures, code requests) kept in the database, not in
 * process memory, so every instance behind a load balancer counts the same attempts.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_key_idx').on(t.bucket, t.key, t.createdAt)],
);
