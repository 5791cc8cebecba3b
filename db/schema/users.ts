import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    // Stored lower-cased; unique across the product because it is the sign-in name.
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    avatar: text('avatar'),
    locale: text('locale'),
    // Appearance (spec section 3, Settings): accent colour and text size; null = the defaults.
    // Validated by lib/theme/appearance.ts, so an unknown stored value falls back to the default.
    accent: text('accent'),
    textSize: text('text_size'),
    // The person who registered the merchant owns it; everyone added later is staff. Staff by
    // default, so a user inserted without a role can never delete the merchant.
    role: text('role', { enum: ['owner', 'staff'] })
      .notNull()
      .default('staff'),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Raised by a password reset or change and by "sign out everywhere": access tokens carry
    // the epoch they were issued in (claim `sv`), and an older one stops working at once.
    sessionEpoch: integer('session_epoch').notNull().default(0),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_merchant_idx').on(t.merchantId)],
);

/** Opaque refresh tokens, stored as SHA-256 hashes; a family is one sign-in's chain of rotations. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    // When the family's sign-in happened: copied by every rotation, so the absolute session
    // lifetime (SESSION_MAX_AGE_DAYS) counts from the sign-in, not from the last refresh.
    familyStartedAt: timestamp('family_started_at', { withTimezone: true }).notNull().defaultNow(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    // The token this one was rotated into, and that token sealed under a key only this token's
    // holder can derive: a late request still carrying this token gets the same new pair back
    // instead of ending the sign-in (lib/auth/token-pairs.ts).
    successorId: integer('successor_id'),
    successorSealed: text('successor_sealed'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);
